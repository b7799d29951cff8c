package org.maat.jmeter.report;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.exc.StreamReadException;
import com.fasterxml.jackson.dataformat.csv.CsvFactory;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * RFC 4180 records from a reader, as Jackson's CSV parser (jackson-dataformat-csv) reads them, each with
 * the line it starts on: quoted fields may hold commas, doubled quotes and line breaks; a blank line is
 * a record of one empty field. Text that is not CSV (a quote never closed, a character after a closing
 * quote) is a {@link JtlFormatException} at the line where its record starts.
 */
final class CsvRecords {

    /** Thread-safe and costly to make: one for every file read. */
    private static final CsvFactory CSV = new CsvFactory();

    record Record(long line, List<String> fields) {
    }

    private final Path file;
    private final CsvParser parser;

    CsvRecords(Path file, Reader reader) throws IOException {
        this.file = file;
        this.parser = CSV.createParser(reader);
    }

    /** The next record, or null at the end of input. */
    Record next() throws IOException {
        long start = parser.currentLocation().getLineNr();
        try {
            // Without a schema the parser gives each record as an array of strings.
            if (parser.nextToken() == null) {
                return null;
            }
            start = parser.currentLocation().getLineNr(); // at the record's START_ARRAY: its first line
            List<String> fields = new ArrayList<>();
            for (JsonToken t = parser.nextToken(); t != null && t != JsonToken.END_ARRAY; t = parser.nextToken()) {
                fields.add(parser.getText());
            }
            return new Record(start, fields);
        } catch (StreamReadException e) {
            throw new JtlFormatException(file, start, "not valid CSV: " + e.getOriginalMessage());
        }
    }
}
