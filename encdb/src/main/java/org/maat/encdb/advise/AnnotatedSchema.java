package org.maat.encdb.advise;

import java.util.List;
import java.util.Locale;

/**
 * What {@link OnionAdvisor} decided: the CREATE TABLE statements in their input order, each column carrying
 * its {@code COMMENT 'maat:...'} annotation (to run through the driver unchanged), and per column the onions
 * chosen and the queries that made them worth having.
 */
public record AnnotatedSchema(List<String> ddl, List<ColumnAdvice> columns) {

    public AnnotatedSchema {
        ddl = List.copyOf(ddl);
        columns = List.copyOf(columns);
    }

    /** The advice for {@code table.column} (case-insensitive), or null. */
    public ColumnAdvice column(String table, String column) {
        for (ColumnAdvice c : columns) {
            if (c.table().equalsIgnoreCase(table) && c.column().equalsIgnoreCase(column)) {
                return c;
            }
        }
        return null;
    }

    /** One line per column: name, type, annotation, reasons. */
    public String report() {
        int width = columns.stream().mapToInt(c -> c.qualifiedName().length()).max().orElse(10) + 2;
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, "%-" + width + "s%-16s%-48s%s%n", "COLUMN", "TYPE", "ANNOTATION", "WHY"));
        for (ColumnAdvice c : columns) {
            out.append(String.format(Locale.ROOT, "%-" + width + "s%-16s%-48s%s%n", c.qualifiedName(), c.type(),
                    c.annotation() == null ? "(kept as declared)" : c.annotation(), String.join("; ", c.reasons())));
        }
        return out.toString();
    }
}
