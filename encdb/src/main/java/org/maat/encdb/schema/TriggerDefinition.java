package org.maat.encdb.schema;

import java.util.Set;

/**
 * A row trigger created through the driver ({@code CREATE TRIGGER ... FOR EACH ROW CALL "class"}).
 * H2 sees only ciphertext, so the driver fires it itself with decrypted rows.
 *
 * @param events subset of INSERT, UPDATE, DELETE
 */
public record TriggerDefinition(String name, String table, boolean before, Set<String> events, String javaClass) {
}
