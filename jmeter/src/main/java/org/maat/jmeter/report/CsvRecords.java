package org.maat.jmeter.report;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** RFC 4180 records from a reader, each with the line it starts on; quoted fields may span lines. */
final class CsvRecords {

    record Record(long line, List<String> fields) {
    }

    private final Path file;
    private final BufferedReader reader;
    private long lineNumber;

    CsvRecords(Path file, BufferedReader reader) {
        this.file = file;
        this.reader = reader;
    }

    /** The next record, or null at the end of input. */
    Record next() throws IOException {
        String line = reader.readLine();
        if (line == null) {
            return null;
        }
        lineNumber++;
        long start = lineNumber;
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        int i = 0;
        while (true) {
            if (i == line.length()) {
                if (!quoted) {
                    fields.add(field.toString());
                    return new Record(start, fields);
                }
                String more = reader.readLine();
                if (more == null) {
                    throw new JtlFormatException(file, start, "quoted field is not closed before the end of the file");
                }
                lineNumber++;
                field.append('\n');
                line = more;
                i = 0;
                continue;
            }
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    field.append('"');
                    i += 2;
                    continue;
                }
                if (c == '"') {
                    quoted = false;
                    if (i + 1 < line.length() && line.charAt(i + 1) != ',') {
                        throw new JtlFormatException(file, lineNumber,
                                "unexpected character after closing quote at column " + (i + 2));
                    }
                } else {
                    field.append(c);
                }
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c == '"' && field.isEmpty()) {
                quoted = true;
            } else {
                field.append(c);
            }
            i++;
        }
    }
}
