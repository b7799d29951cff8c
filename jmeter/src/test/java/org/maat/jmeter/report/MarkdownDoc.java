package org.maat.jmeter.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/** A written report, parsed enough to check it is well-formed and to read its tables' cells. */
final class MarkdownDoc {

    record Table(String heading, List<String> header, List<List<String>> rows) {

        /** The row whose first cells equal {@code key}, in order. */
        List<String> row(String... key) {
            return rows.stream().filter(r -> r.subList(0, key.length).equals(List.of(key))).findFirst()
                    .orElseThrow(() -> new AssertionError("no row " + List.of(key) + " in table under '" + heading
                            + "': " + rows));
        }

        String cell(String column, String... key) {
            int i = header.indexOf(column);
            assertThat(i).as("column %s in %s", column, header).isNotNegative();
            return row(key).get(i);
        }

        double number(String column, String... key) {
            String cell = cell(column, key).replace("≥", "").replace("%", "").replace("*", "").strip();
            return Double.parseDouble(cell.split(" ")[0]);
        }
    }

    private static final Pattern IMAGE = Pattern.compile("!\\[[^\\]]*\\]\\(([^)]+)\\)");

    final String text;
    final List<String> headings = new ArrayList<>();
    final List<Table> tables = new ArrayList<>();
    final List<String> images = new ArrayList<>();

    private MarkdownDoc(String text) {
        this.text = text;
    }

    /**
     * Reads {@code report}, asserting every table has a separator row and rows as wide as its header, and
     * every image it shows is a PNG beside it that ImageIO can read.
     */
    static MarkdownDoc read(Path report) throws IOException {
        MarkdownDoc doc = new MarkdownDoc(Files.readString(report));
        List<String> lines = doc.text.lines().toList();
        String heading = "";
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.startsWith("#")) {
                heading = line.replaceFirst("^#+ ", "");
                doc.headings.add(heading);
            }
            Matcher image = IMAGE.matcher(line);
            while (image.find()) {
                doc.images.add(image.group(1));
                Path png = report.resolveSibling(image.group(1));
                assertThat(png).as("chart %s", png).isRegularFile();
                assertThat(ImageIO.read(png.toFile())).as("PNG %s readable", png).isNotNull()
                        .satisfies(img -> assertThat(img.getWidth()).isEqualTo(ReportCharts.WIDTH));
            }
            if (line.startsWith("|") && (i == 0 || !lines.get(i - 1).startsWith("|"))) {
                List<String> header = cells(line);
                assertThat(lines.get(i + 1)).as("separator under %s", line).matches("\\|( --- \\|)+");
                assertThat(cells(lines.get(i + 1))).hasSameSizeAs(header);
                List<List<String>> rows = new ArrayList<>();
                int j = i + 2;
                for (; j < lines.size() && lines.get(j).startsWith("|"); j++) {
                    List<String> row = cells(lines.get(j));
                    assertThat(row).as("row %d under '%s': %s", j + 1, heading, lines.get(j)).hasSameSizeAs(header);
                    rows.add(row);
                }
                assertThat(j == lines.size() || lines.get(j).isEmpty()).as("blank line after table at %d", j + 1)
                        .isTrue();
                doc.tables.add(new Table(heading, header, rows));
                i = j - 1;
            }
        }
        return doc;
    }

    /** The first table under a heading starting with {@code heading}. */
    Table table(String heading) {
        return tables.stream().filter(t -> t.heading().startsWith(heading)).findFirst()
                .orElseThrow(() -> new AssertionError("no table under '" + heading + "' in " + headings));
    }

    private static List<String> cells(String line) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        for (int i = 1; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\\' && i + 1 < line.length()) {
                cell.append(line.charAt(++i));
            } else if (c == '|') {
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        return cells;
    }
}
