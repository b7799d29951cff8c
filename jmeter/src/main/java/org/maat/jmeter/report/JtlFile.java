package org.maat.jmeter.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a JMeter CSV result file (JTL) written with its header line, as JMeter 5.6.3 does by default.
 *
 * <p>Columns are found by name, so extra or reordered columns are fine; {@code timeStamp}, {@code elapsed},
 * {@code label}, {@code success} and {@code threadName} are required. Quoted fields may hold commas, doubled
 * quotes and line breaks (JMeter quotes response messages that contain them). Every problem is reported as a
 * {@link JtlFormatException} naming the file and line, never as a silently skipped row.
 */
public final class JtlFile {

    private static final List<String> REQUIRED = List.of("timeStamp", "elapsed", "label", "success", "threadName");

    private JtlFile() {
    }

    /** Every sample of {@code csv}, in file order. A file holding only the header gives an empty list. */
    public static List<Sample> read(Path csv) throws IOException {
        try (BufferedReader reader = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
            CsvRecords records = new CsvRecords(csv, reader);
            CsvRecords.Record header = records.next();
            if (header == null) {
                throw new JtlFormatException(csv, 1, "empty file, expected a JMeter CSV header line");
            }
            Map<String, Integer> columns = columns(csv, header);
            List<Sample> samples = new ArrayList<>();
            for (CsvRecords.Record row = records.next(); row != null; row = records.next()) {
                if (row.fields().size() == 1 && row.fields().get(0).isEmpty()) {
                    continue; // a blank line, e.g. the file's last
                }
                samples.add(sample(csv, row, columns, header.fields().size()));
            }
            return samples;
        }
    }

    private static Map<String, Integer> columns(Path csv, CsvRecords.Record header) throws JtlFormatException {
        Map<String, Integer> columns = new HashMap<>();
        for (int i = 0; i < header.fields().size(); i++) {
            columns.putIfAbsent(header.fields().get(i).strip(), i);
        }
        List<String> missing = REQUIRED.stream().filter(name -> !columns.containsKey(name)).toList();
        if (!missing.isEmpty()) {
            throw new JtlFormatException(csv, header.line(), "not a JMeter CSV header: missing column(s) "
                    + String.join(", ", missing) + " (save results as CSV with field names)");
        }
        return columns;
    }

    private static Sample sample(Path csv, CsvRecords.Record row, Map<String, Integer> columns, int width)
            throws JtlFormatException {
        List<String> f = row.fields();
        if (f.size() != width) {
            throw new JtlFormatException(csv, row.line(),
                    "expected " + width + " fields as in the header, found " + f.size());
        }
        long timeStamp = number(csv, row, f.get(columns.get("timeStamp")), "timeStamp");
        long elapsed = number(csv, row, f.get(columns.get("elapsed")), "elapsed");
        if (elapsed < 0) {
            throw new JtlFormatException(csv, row.line(), "elapsed must be >= 0, got " + elapsed);
        }
        String success = f.get(columns.get("success")).strip();
        if (!success.equals("true") && !success.equals("false")) {
            throw new JtlFormatException(csv, row.line(), "success must be true or false, got '" + success + "'");
        }
        String label = f.get(columns.get("label"));
        if (label.isEmpty()) {
            throw new JtlFormatException(csv, row.line(), "empty label");
        }
        String threadName = f.get(columns.get("threadName"));
        Integer codeColumn = columns.get("responseCode");
        Integer latencyColumn = columns.get("Latency");
        long latency = latencyColumn == null ? elapsed : number(csv, row, f.get(latencyColumn), "Latency");
        return new Sample(timeStamp, elapsed, label, codeColumn == null ? "" : f.get(codeColumn),
                success.equals("true"), threadName, Sample.levelOf(threadName), latency, row.line());
    }

    private static long number(Path csv, CsvRecords.Record row, String text, String column)
            throws JtlFormatException {
        try {
            return Long.parseLong(text.strip());
        } catch (NumberFormatException e) {
            throw new JtlFormatException(csv, row.line(),
                    column + " must be a whole number of milliseconds, got '" + text + "'");
        }
    }
}
