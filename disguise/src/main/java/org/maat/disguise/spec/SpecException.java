package org.maat.disguise.spec;

/**
 * A disguise specification that cannot be used: the message is {@code FILE:LINE:COLUMN: what is wrong},
 * pointing at the value, field or step at fault.
 */
public final class SpecException extends IllegalArgumentException {

    private final String source;
    private final int line;
    private final int column;

    public SpecException(String source, int line, int column, String problem) {
        super(source + ":" + line + ":" + column + ": " + problem);
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
