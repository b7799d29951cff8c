package org.maat.bench.report;

import java.util.ArrayList;
import java.util.List;

/**
 * A GitHub-flavoured Markdown table whose every row has the header's column count; a row of another width
 * is a programming error and is refused. Cell text is escaped ({@code |}, line breaks) so it cannot break
 * the table. The reports of the benchmark commands (JMH, JMeter) are written with it.
 */
public final class MarkdownTable {

    private final List<String> header;
    private final List<List<String>> rows = new ArrayList<>();

    public MarkdownTable(String... header) {
        if (header.length == 0) {
            throw new IllegalArgumentException("a table needs at least one column");
        }
        this.header = List.of(header);
    }

    /** Adds a row; {@code null} cells are empty. */
    public MarkdownTable row(Object... cells) {
        if (cells.length != header.size()) {
            throw new IllegalArgumentException("row of " + cells.length + " cells in a table of " + header.size()
                    + " columns " + header);
        }
        List<String> row = new ArrayList<>();
        for (Object cell : cells) {
            row.add(cell == null ? "" : cell.toString());
        }
        rows.add(row);
        return this;
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /** The table as Markdown lines, each ending in a line break. */
    public String render() {
        StringBuilder out = new StringBuilder();
        line(out, header);
        out.append('|');
        header.forEach(h -> out.append(" --- |"));
        out.append('\n');
        rows.forEach(row -> line(out, row));
        return out.toString();
    }

    private static void line(StringBuilder out, List<String> cells) {
        out.append('|');
        for (String cell : cells) {
            out.append(' ').append(escape(cell)).append(" |");
        }
        out.append('\n');
    }

    private static String escape(String cell) {
        return cell.replace("\\", "\\\\").replace("|", "\\|").replace("\r", " ").replace("\n", " ");
    }
}
