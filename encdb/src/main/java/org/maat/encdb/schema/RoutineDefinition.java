package org.maat.encdb.schema;

/**
 * A Java procedure created through the driver ({@code CREATE ALIAS NAME FOR "class.method"}). The
 * driver invokes it on the client with its plaintext-view connection.
 */
public record RoutineDefinition(String name, String javaMethod) {
}
