package org.maat.jmh.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A GitHub-flavoured Markdown table: a header and rows of the same width. Cells are escaped so a
 * {@code |} in a parameter value cannot break the table.
 */
final class MarkdownTable {

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    MarkdownTable(String... header) {
        this.header = List.of(header);
    }

    MarkdownTable row(String... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("row of " + cells.length + " cells in a table of " + header.size() + " columns");
        }
        rows.add(List.of(cells));
        return this;
    }

    boolean isEmpty() {
        return rows.isEmpty();
    }

    String render() {
        StringBuilder out = new StringBuilder();
        line(out, header);
        out.append('|');
        header.forEach(h -> out.append("---|"));
        out.append('\n');
        rows.forEach(r -> line(out, r));
        return out.toString();
    }

    private static void line(StringBuilder out, List<String> cells) {
        out.append('|');
        for (String c : cells) {
            out.append(' ').append(c.replace("|", "\\|").replace("\n", " ")).append(" |");
        }
        out.append('\n');
    }
}
