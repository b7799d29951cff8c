package org.maat.encdb.schema;

import java.util.List;

/**
 * A logical table of the encrypted schema: its columns in declaration order. The physical H2 table
 * has the same name and holds the columns' onions. Immutable; the catalog replaces it on change.
 */
public record EncryptedTable(String name, List<EncryptedColumn> columns) {

    public EncryptedTable {
        columns = List.copyOf(columns);
    }

    /** The column named {@code name} (normalized), or null. */
    public EncryptedColumn column(String columnName) {
        for (EncryptedColumn c : columns) {
            if (c.name().equals(columnName)) {
                return c;
            }
        }
        return null;
    }

    public EncryptedTable with(EncryptedColumn replaced) {
        return new EncryptedTable(name, columns.stream()
                .map(c -> c.name().equals(replaced.name()) ? replaced : c).toList());
    }
}
