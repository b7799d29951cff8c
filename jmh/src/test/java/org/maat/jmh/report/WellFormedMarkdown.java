package org.maat.jmh.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;

/** Test check: every Markdown table has a header, a separator row, and rows as wide as its header. */
public final class WellFormedMarkdown {

    private WellFormedMarkdown() {
    }

    /** Asserts every table of {@code markdown} is well formed; returns how many tables it has. */
    public static int assertTablesWellFormed(String markdown) {
        List<List<String>> tables = new ArrayList<>();
        List<String> current = null;
        for (String line : markdown.split("\n", -1)) {
            if (line.startsWith("|")) {
                if (current == null) {
                    current = new ArrayList<>();
                    tables.add(current);
                }
                current.add(line);
            } else {
                current = null;
            }
        }
        for (List<String> table : tables) {
            assertThat(table).as("a table has a header, a separator and at least one row").hasSizeGreaterThanOrEqualTo(3);
            int width = cells(table.get(0));
            assertThat(table.get(1)).as("separator of %s", table.get(0)).matches("\\|( --- \\|)+");
            for (String row : table) {
                assertThat(cells(row)).as("cells in row %s of table %s", row, table.get(0)).isEqualTo(width);
                assertThat(row).endsWith("|");
            }
        }
        return tables.size();
    }

    private static int cells(String row) {
        int bars = 0;
        for (int i = 0; i < row.length(); i++) {
            if (row.charAt(i) == '|' && (i == 0 || row.charAt(i - 1) != '\\')) {
                bars++;
            }
        }
        return bars - 1;
    }
}
