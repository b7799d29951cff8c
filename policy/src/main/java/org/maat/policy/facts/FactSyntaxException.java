package org.maat.policy.facts;

/** A malformed line in a facts file, located as {@code FILE:LINE:COL}. */
public final class FactSyntaxException extends IllegalArgumentException {

    private final String source;
    private final int line;
    private final int column;

    public FactSyntaxException(String source, int line, int column, String message) {
        super(source + ":" + line + ":" + column + ": " + message);
        this.source = source;
        this.line = line;
        this.column = column;
    }

    public String source() {
        return source;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }
}
