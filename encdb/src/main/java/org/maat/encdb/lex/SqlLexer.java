package org.maat.encdb.lex;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts SQL text into spans of code, string literals, quoted names and comments, where H2 2.x (REGULAR mode)
 * does: {@code '...'} with {@code ''} inside, {@code $$...$$}, {@code "..."} and {@code `...`} with the quote
 * doubled inside, {@code --} and {@code //} comments to the end of the line ({@code \n} or {@code \r}), and
 * {@code /* ... *}{@code /} comments, which nest. A {@code $$} inside a word ({@code A$$B} is one name) opens
 * nothing. A prefix such as {@code N'...'} or {@code X'...'} is code followed by a string span.
 *
 * <p>Guaranteed (checked against H2's tokenizer by a differential test over generated text): every
 * {@code ( ) , ; ?} in a code span is one H2 reads as that token, and none in another span is; a span is
 * unclosed exactly when H2's tokenizer rejects the text for an unterminated literal, name or comment.
 * Not read: numbers and keywords (they stay code), and the mode-dependent {@code #} of some compatibility modes.
 */
public final class SqlLexer {

    /** What a span of text is. */
    public enum Kind { CODE, STRING, QUOTED_NAME, COMMENT }

    /**
     * {@code text[start, end)} of kind {@code kind}; {@code closed} is false for a literal, name or comment
     * the text ends inside of.
     */
    public record Span(Kind kind, int start, int end, boolean closed) {
        public String of(String sql) {
            return sql.substring(start, end);
        }
    }

    private SqlLexer() {
    }

    /** The spans of {@code sql}, in order, covering it whole; adjacent code is one span. */
    public static List<Span> spans(String sql) {
        List<Span> out = new ArrayList<>();
        int n = sql.length();
        int codeStart = 0;
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            Span opaque = null;
            if (c == '\'') {
                opaque = quoted(sql, i, '\'', Kind.STRING);
            } else if (c == '"' || c == '`') {
                opaque = quoted(sql, i, c, Kind.QUOTED_NAME);
            } else if (c == '$' && i + 1 < n && sql.charAt(i + 1) == '$') {
                int close = sql.indexOf("$$", i + 2);
                opaque = close < 0 ? new Span(Kind.STRING, i, n, false) : new Span(Kind.STRING, i, close + 2, true);
            } else if ((c == '-' || c == '/') && i + 1 < n && sql.charAt(i + 1) == c) {
                int j = i + 2;
                while (j < n && sql.charAt(j) != '\n' && sql.charAt(j) != '\r') {
                    j++;
                }
                opaque = new Span(Kind.COMMENT, i, j, true);
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                opaque = blockComment(sql, i);
            } else if (c != '$' && Character.isJavaIdentifierStart(sql.codePointAt(i))) {
                i = wordEnd(sql, i); // a $ inside a name is part of it
                continue;
            } else if (c >= '0' && c <= '9') {
                i = numberEnd(sql, i);
                continue;
            }
            if (opaque == null) {
                i++;
                continue;
            }
            if (codeStart < i) {
                out.add(new Span(Kind.CODE, codeStart, i, true));
            }
            out.add(opaque);
            i = opaque.end();
            codeStart = i;
        }
        if (codeStart < n) {
            out.add(new Span(Kind.CODE, codeStart, n, true));
        }
        return out;
    }

    /** The first literal, name or comment of {@code spans} the text ends inside of, or null. */
    public static Span firstUnclosed(List<Span> spans) {
        for (Span s : spans) {
            if (!s.closed()) {
                return s;
            }
        }
        return null;
    }

    private static Span quoted(String sql, int start, char quote, Kind kind) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return new Span(kind, start, i + 1, true);
            }
            i++;
        }
        return new Span(kind, start, sql.length(), false);
    }

    private static Span blockComment(String sql, int start) {
        int n = sql.length();
        int j = start + 2;
        int level = 1;
        while (level > 0) {
            if (j + 1 >= n) {
                return new Span(Kind.COMMENT, start, n, false);
            }
            char c = sql.charAt(j);
            char d = sql.charAt(j + 1);
            if (c == '*' && d == '/') {
                level--;
                j += 2;
            } else if (c == '/' && d == '*') {
                level++;
                j += 2;
            } else {
                j++;
            }
        }
        return new Span(Kind.COMMENT, start, j, true);
    }

    private static int wordEnd(String sql, int i) {
        i += Character.charCount(sql.codePointAt(i));
        while (i < sql.length()) {
            int cp = sql.codePointAt(i);
            if (!Character.isJavaIdentifierPart(cp)) {
                break;
            }
            i += Character.charCount(cp);
        }
        return i;
    }

    /** Digits and dots, then an optional exponent: what H2 reads as one number before a name or a quote. */
    private static int numberEnd(String sql, int i) {
        int n = sql.length();
        while (i < n && (Character.isDigit(sql.charAt(i)) && sql.charAt(i) < 128 || sql.charAt(i) == '.')) {
            i++;
        }
        if (i + 1 < n && (sql.charAt(i) == 'E' || sql.charAt(i) == 'e')) {
            int j = i + 1;
            if (sql.charAt(j) == '+' || sql.charAt(j) == '-') {
                j++;
            }
            if (j < n && sql.charAt(j) >= '0' && sql.charAt(j) <= '9') {
                i = j;
                while (i < n && sql.charAt(i) >= '0' && sql.charAt(i) <= '9') {
                    i++;
                }
            }
        }
        return i;
    }
}
