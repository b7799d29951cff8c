package org.maat.jmeter.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.maat.bench.report.MarkdownTable;

/**
 * The report being written: Markdown text, the PNG charts saved beside it, and what the run lacked.
 *
 * <p>Sections append to it in order; {@link #missing(String)} collects what a plan should have measured but
 * did not, so an incomplete run gives a report that says what is absent rather than no report.
 */
final class ReportDraft {

    private final Path reportDir;
    private final StringBuilder markdown = new StringBuilder();
    private final List<Path> charts = new ArrayList<>();
    private final List<String> missing = new ArrayList<>();

    ReportDraft(Path reportDir) {
        this.reportDir = reportDir;
    }

    ReportDraft heading(int level, String text) {
        if (!markdown.isEmpty() && !markdown.toString().endsWith("\n\n")) {
            markdown.append('\n');
        }
        markdown.append("#".repeat(level)).append(' ').append(text).append("\n\n");
        return this;
    }

    ReportDraft paragraph(String text) {
        markdown.append(text.strip()).append("\n\n");
        return this;
    }

    ReportDraft bullets(List<String> items) {
        items.forEach(item -> markdown.append("* ").append(item.replace("\n", " ")).append('\n'));
        if (!items.isEmpty()) {
            markdown.append('\n');
        }
        return this;
    }

    ReportDraft table(MarkdownTable table) {
        markdown.append(table.render()).append('\n');
        return this;
    }

    /** Saves {@code chart} as {@code reportDir/fileName} (PNG) and shows it in the report. */
    ReportDraft chart(Chart<?, ?> chart, String fileName, String caption) throws IOException {
        if (!fileName.endsWith(".png")) {
            throw new IllegalArgumentException("chart file must end in .png: " + fileName);
        }
        Path file = reportDir.resolve(fileName);
        // BitmapEncoder appends the extension itself when it is missing, so give it the name without it
        BitmapEncoder.saveBitmap(chart, reportDir.resolve(fileName.substring(0, fileName.length() - 4)).toString(),
                BitmapEncoder.BitmapFormat.PNG);
        charts.add(file);
        markdown.append("![").append(caption).append("](").append(fileName).append(")\n\n");
        return this;
    }

    /** Notes something the plan should have measured and the run does not hold. */
    ReportDraft missing(String what) {
        missing.add(what);
        return this;
    }

    List<String> missing() {
        return List.copyOf(missing);
    }

    List<Path> charts() {
        return List.copyOf(charts);
    }

    Path write(String fileName) throws IOException {
        Files.createDirectories(reportDir);
        Path file = reportDir.resolve(fileName);
        Files.writeString(file, markdown.toString(), StandardCharsets.UTF_8);
        return file;
    }
}
