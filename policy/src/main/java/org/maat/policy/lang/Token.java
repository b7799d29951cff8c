package org.maat.policy.lang;

/** One lexical token with its 1-based position; {@code value} is the decoded text of a string. */
record Token(Kind kind, String text, String value, int line, int column) {

    enum Kind { NAME, VARIABLE, STRING, NUMBER, PUNCT, RELEASE, EOF }

    /** How the token is shown in an error message. */
    String describe() {
        return switch (kind) {
            case EOF -> "end of input";
            case STRING -> "string " + text;
            default -> "'" + text + "'";
        };
    }

    boolean is(String s) {
        return (kind == Kind.NAME || kind == Kind.PUNCT) && text.equals(s);
    }
}
