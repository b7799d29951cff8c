package org.maat.jmeter.report;

import java.io.IOException;
import java.nio.file.Path;

/** A JMeter CSV result file that cannot be read as one; the message starts with {@code FILE:LINE:}. */
public final class JtlFormatException extends IOException {

    private final Path file;
    private final long line;

    public JtlFormatException(Path file, long line, String problem) {
        super(file + ":" + line + ": " + problem);
        this.file = file;
        this.line = line;
    }

    public Path file() {
        return file;
    }

    /** The 1-based line where the bad row starts. */
    public long line() {
        return line;
    }
}
