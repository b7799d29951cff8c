package org.maat.policy.lang;

/**
 * A policy that does not follow the grammar: where (1-based line and column), the offending token,
 * and what the parser expected there. This is the only exception the parser throws for bad input.
 */
public final class PolicySyntaxError extends IllegalArgumentException {

    private final int line;
    private final int column;
    private final String found;
    private final String expected;

    public PolicySyntaxError(int line, int column, String found, String expected) {
        super("line " + line + ", column " + column + ": unexpected " + found + ", expected " + expected);
        this.line = line;
        this.column = column;
        this.found = found;
        this.expected = expected;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** The offending token as shown to a person, e.g. {@code 'or'} or {@code end of input}. */
    public String found() {
        return found;
    }

    public String expected() {
        return expected;
    }

    /** The message without the position, for {@code FILE:LINE:COL: message} output. */
    public String reason() {
        return "unexpected " + found + ", expected " + expected;
    }
}
