package org.maat.core.corpus;

/** A corpus record that cannot be read, with the source and where in it (line, or line and column). */
public final class CorpusFormatException extends RuntimeException {

    public CorpusFormatException(String source, String where, String reason) {
        super(source + ":" + where + ": " + reason);
    }
}
