package org.maat.policy.lang;

/**
 * A policy that does not follow the grammar, or exceeds the {@linkplain PolicyLimits limits}:
 * where (1-based line and column) and why, e.g. the offending token and what the parser expected
 * there. This is the only exception the parser throws for bad input.
 */
public final class PolicySyntaxError extends IllegalArgumentException {

    private final int line;
    private final int column;
    private final String found;
    private final String expected;
    private final String reason;

    /** An unexpected token: {@code found} as shown to a person, and what the grammar allows there. */
    public PolicySyntaxError(int line, int column, String found, String expected) {
        this(line, column, found, expected, "unexpected " + found + ", expected " + expected);
    }

    /** Text that follows the grammar but exceeds a limit at this position; {@code reason} says which. */
    public PolicySyntaxError(int line, int column, String reason) {
        this(line, column, null, null, reason);
    }

    private PolicySyntaxError(int line, int column, String found, String expected, String reason) {
        super("line " + line + ", column " + column + ": " + reason);
        this.line = line;
        this.column = column;
        this.found = found;
        this.expected = expected;
        this.reason = reason;
    }

    public int line() {
        return line;
    }

    public int column() {
        return column;
    }

    /** The offending token as shown to a person, e.g. {@code 'or'} or {@code end of input}; null for a limit. */
    public String found() {
        return found;
    }

    /** What the grammar allows at this position; null for a limit. */
    public String expected() {
        return expected;
    }

    /** The message without the position, for {@code FILE:LINE:COL: message} output. */
    public String reason() {
        return reason;
    }
}
