package org.maat.core.corpus;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.NoSuchElementException;
import java.util.function.Consumer;
import org.maat.core.conduit.BadRecords;
import org.maat.core.conduit.ScanMode;

/**
 * A reader for corpora with one document per line: each subclass parses a line, and bad lines are
 * thrown or reported with their line number as the scan mode says.
 */
abstract class LineCorpusReader implements CorpusReader {

    private final String source;
    private final BufferedReader lines;
    private final BadRecords<CorpusFormatException> badRecords;
    private long lineNumber;
    private CorpusEntry pending;
    private boolean done;

    LineCorpusReader(String source, BufferedReader lines, ScanMode mode, Consumer<CorpusFormatException> skipped) {
        this.source = source;
        this.lines = lines;
        this.badRecords = new BadRecords<>(mode, skipped);
    }

    /** The entry on {@code line}, or null for a line that holds none (e.g. blank). */
    abstract CorpusEntry parse(String line) throws BadLine;

    @Override
    public boolean hasNext() {
        while (pending == null && !done) {
            String line;
            try {
                line = lines.readLine();
            } catch (IOException e) {
                throw new UncheckedIOException(source + ": cannot read after line " + lineNumber, e);
            }
            if (line == null) {
                done = true;
                break;
            }
            lineNumber++;
            try {
                pending = parse(line);
            } catch (BadLine e) {
                badRecords.handle(new CorpusFormatException(source, Long.toString(lineNumber), e.getMessage()));
            }
        }
        return pending != null;
    }

    @Override
    public CorpusEntry next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        CorpusEntry e = pending;
        pending = null;
        return e;
    }

    @Override
    public long skipped() {
        return badRecords.skipped();
    }

    @Override
    public void close() throws IOException {
        lines.close();
    }

    /** Why a line is not a record. */
    static final class BadLine extends Exception {
        BadLine(String reason) {
            super(reason, null, false, false);
        }
    }
}
