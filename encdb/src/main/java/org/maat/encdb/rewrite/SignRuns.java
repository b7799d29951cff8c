package org.maat.encdb.rewrite;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.maat.encdb.lex.SqlLexer;

/**
 * Rewrites SQL text that JSqlParser 5.4 cannot read into text it can, with the same meaning in H2, before
 * JSqlParser sees it:
 * <ul>
 * <li>a run of signs ({@code - - x}, {@code a - + b}): SQL allows any number of unary signs before an
 * operand, JSqlParser only one. Each sign stays where it was and the rest of the run is parenthesised,
 * {@code - - x} as {@code -(- x)}, {@code a - + - b} as {@code a -(+(- b))}: H2 reads both the same way (a
 * parenthesis makes no node), so a negation of a negation stays two negations, with H2's typing of each
 * ({@code -(- CAST(NULL AS INTEGER))} is an untyped NULL, {@code -(- 'x')} an error, {@code -(- 2147483648)}
 * an overflow). Whether the run's first sign is binary or unary does not matter: a parenthesised operand
 * reads the same either way. The last sign stays next to its operand, so {@code - 2147483648} remains one
 * literal, as H2 reads it.</li>
 * <li>a simple {@code CASE} whose operand starts with a sign ({@code CASE - x WHEN ...}): the operand, up to
 * its {@code WHEN}, is parenthesised.</li>
 * </ul>
 * Where the end of a run's operand cannot be told from the tokens (a rare form such as {@code - - x::INT}),
 * the run is collapsed into one sign, the product of its signs, as the only form JSqlParser reads. Text inside
 * string literals, quoted identifiers and comments ({@link SqlLexer}'s spans) is copied unchanged, and a
 * comment is never formed or broken; a comment inside a run ends it.
 */
final class SignRuns {

    /** Words that cannot start an operand: a sign before one is not read by H2 either. */
    private static final Set<String> NOT_OPERANDS = Set.of("NOT", "SELECT", "FROM", "WHERE", "AND", "OR", "WHEN",
            "THEN", "ELSE", "END", "AS", "IS", "IN", "LIKE", "BETWEEN", "ON", "GROUP", "ORDER", "BY", "HAVING",
            "UNION", "EXCEPT", "INTERSECT", "MINUS", "LIMIT", "OFFSET", "FETCH", "INTERVAL", "ARRAY", "ROW");
    /** Words after an operand that extend it in H2's grammar, which this scanner does not follow. */
    private static final Set<String> POSTFIX_WORDS = Set.of("COLLATE", "AT", "FORMAT", "UESCAPE", "WITHIN",
            "IGNORE", "RESPECT");

    private enum T { WORD, NUMBER, STRING, QUOTED, SYMBOL, COMMENT }

    private record Token(T kind, int start, int end, char symbol, String upper) {
    }

    /** A change of the text: {@code text[start, end)} becomes {@code with}; insertions have start == end. */
    private record Edit(int start, int end, String with, int order) {
    }

    private SignRuns() {
    }

    static String collapse(String sql) {
        if (sql.indexOf('+') < 0 && sql.indexOf('-') < 0) {
            return sql;
        }
        List<Token> tokens = tokens(sql);
        List<Edit> edits = new ArrayList<>();
        for (int i = 0; i < tokens.size(); i++) {
            Token t = tokens.get(i);
            if (t.kind == T.WORD && t.upper.equals("CASE") && i + 1 < tokens.size() && isSign(tokens.get(i + 1))) {
                int when = caseOperandEnd(tokens, i + 1);
                if (when > 0) {
                    edits.add(new Edit(tokens.get(i + 1).start, tokens.get(i + 1).start, "(", edits.size()));
                    edits.add(new Edit(tokens.get(when - 1).end, tokens.get(when - 1).end, ")", edits.size()));
                }
                continue;
            }
            if (!isSign(t)) {
                continue;
            }
            int j = i;
            while (j < tokens.size() && isSign(tokens.get(j))) {
                j++;
            }
            int signs = j - i;
            if (signs > 1) {
                int operandEnd = j < tokens.size() ? operandEnd(tokens, j) : -1;
                if (operandEnd > 0) {
                    for (int k = i; k < j - 1; k++) {
                        Token s = tokens.get(k);
                        edits.add(new Edit(s.start, s.end, s.symbol + "(", edits.size()));
                    }
                    int at = tokens.get(operandEnd - 1).end;
                    edits.add(new Edit(at, at, ")".repeat(signs - 1), edits.size()));
                } else {
                    int minus = 0;
                    for (int k = i; k < j; k++) {
                        minus += tokens.get(k).symbol == '-' ? 1 : 0;
                    }
                    edits.add(new Edit(t.start, tokens.get(j - 1).end, minus % 2 == 1 ? "- " : "+ ", edits.size()));
                }
            }
            i = j - 1;
        }
        if (edits.isEmpty()) {
            return sql;
        }
        edits.sort((a, b) -> a.start != b.start ? Integer.compare(a.start, b.start)
                : a.end != b.end ? Integer.compare(a.end, b.end) : Integer.compare(a.order, b.order));
        StringBuilder out = new StringBuilder(sql.length() + 2 * edits.size());
        int at = 0;
        for (Edit e : edits) {
            out.append(sql, at, e.start).append(e.with);
            at = e.end;
        }
        return out.append(sql, at, sql.length()).toString();
    }

    private static boolean isSign(Token t) {
        return t.kind == T.SYMBOL && (t.symbol == '+' || t.symbol == '-');
    }

    /**
     * The index after the last token of the operand starting at {@code tokens[i]} (a term: what a unary sign
     * applies to, in H2's grammar), or -1 where this scanner cannot tell.
     */
    private static int operandEnd(List<Token> tokens, int i) {
        Token t = tokens.get(i);
        int end;
        switch (t.kind) {
            case NUMBER, STRING -> end = i + 1;
            case QUOTED -> end = nameChainEnd(tokens, i);
            case WORD -> {
                if (NOT_OPERANDS.contains(t.upper)) {
                    return -1;
                }
                if (t.upper.equals("CASE")) {
                    end = caseEnd(tokens, i);
                } else if (i + 1 < tokens.size() && tokens.get(i + 1).kind == T.STRING) {
                    end = i + 2; // DATE '...', X'...', N'...'
                } else {
                    end = nameChainEnd(tokens, i);
                }
            }
            case SYMBOL -> {
                if (t.symbol == '(') {
                    end = closing(tokens, i);
                } else if (t.symbol == '?') {
                    end = i + 1;
                } else {
                    return -1;
                }
            }
            default -> {
                return -1;
            }
        }
        if (end < 0) {
            return -1;
        }
        if (end < tokens.size()) {
            Token next = tokens.get(end);
            if (next.kind == T.SYMBOL && (next.symbol == ':' || next.symbol == '[' || next.symbol == '.')
                    || next.kind == T.WORD && POSTFIX_WORDS.contains(next.upper) || next.kind == T.STRING) {
                return -1;
            }
        }
        return end;
    }

    /** After {@code a.b."c"} and a call's arguments, with its {@code FILTER (...)} and {@code OVER (...)}. */
    private static int nameChainEnd(List<Token> tokens, int i) {
        int end = i + 1;
        while (end + 1 < tokens.size() && tokens.get(end).kind == T.SYMBOL && tokens.get(end).symbol == '.'
                && (tokens.get(end + 1).kind == T.WORD || tokens.get(end + 1).kind == T.QUOTED)) {
            end += 2;
        }
        if (end < tokens.size() && isSymbol(tokens.get(end), '(')) {
            end = closing(tokens, end);
            while (end > 0 && end + 1 < tokens.size() && tokens.get(end).kind == T.WORD
                    && (tokens.get(end).upper.equals("FILTER") || tokens.get(end).upper.equals("OVER"))) {
                Token after = tokens.get(end + 1);
                if (isSymbol(after, '(')) {
                    end = closing(tokens, end + 1);
                } else if (tokens.get(end).upper.equals("OVER") && after.kind == T.WORD) {
                    end += 2;
                } else {
                    return -1;
                }
            }
        }
        return end;
    }

    private static boolean isSymbol(Token t, char c) {
        return t.kind == T.SYMBOL && t.symbol == c;
    }

    /** The index after the parenthesis closing the one at {@code tokens[i]}, or -1. */
    private static int closing(List<Token> tokens, int i) {
        int depth = 0;
        for (int k = i; k < tokens.size(); k++) {
            Token t = tokens.get(k);
            if (isSymbol(t, '(')) {
                depth++;
            } else if (isSymbol(t, ')') && --depth == 0) {
                return k + 1;
            }
        }
        return -1;
    }

    /** The index after the {@code END} closing the {@code CASE} at {@code tokens[i]}, or -1. */
    private static int caseEnd(List<Token> tokens, int i) {
        int depth = 0;
        for (int k = i; k < tokens.size(); k++) {
            Token t = tokens.get(k);
            if (t.kind == T.WORD && t.upper.equals("CASE")) {
                depth++;
            } else if (t.kind == T.WORD && t.upper.equals("END") && --depth == 0) {
                return k + 1;
            }
        }
        return -1;
    }

    /**
     * The index of the {@code WHEN} ending a simple CASE's operand that starts at {@code tokens[i]} (outside
     * parentheses and nested CASEs), or -1.
     */
    private static int caseOperandEnd(List<Token> tokens, int i) {
        int parens = 0;
        int cases = 0;
        for (int k = i; k < tokens.size(); k++) {
            Token t = tokens.get(k);
            if (isSymbol(t, '(')) {
                parens++;
            } else if (isSymbol(t, ')')) {
                if (--parens < 0) {
                    return -1;
                }
            } else if (t.kind == T.WORD && t.upper.equals("CASE")) {
                cases++;
            } else if (t.kind == T.WORD && t.upper.equals("END")) {
                if (--cases < 0) {
                    return -1;
                }
            } else if (t.kind == T.WORD && t.upper.equals("WHEN") && parens == 0 && cases == 0) {
                return k > i ? k : -1;
            } else if (t.kind == T.COMMENT || isSymbol(t, ';')) {
                return -1;
            }
        }
        return -1;
    }

    /** The tokens of {@code sql}: words, numbers, one-character symbols, and {@link SqlLexer}'s other spans. */
    private static List<Token> tokens(String sql) {
        List<Token> out = new ArrayList<>();
        for (SqlLexer.Span span : SqlLexer.spans(sql)) {
            switch (span.kind()) {
                case STRING -> out.add(new Token(T.STRING, span.start(), span.end(), ' ', null));
                case QUOTED_NAME -> out.add(new Token(T.QUOTED, span.start(), span.end(), ' ', null));
                case COMMENT -> out.add(new Token(T.COMMENT, span.start(), span.end(), ' ', null));
                default -> codeTokens(sql, span.start(), span.end(), out);
            }
        }
        return out;
    }

    private static void codeTokens(String sql, int from, int to, List<Token> out) {
        int i = from;
        while (i < to) {
            char c = sql.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c >= '0' && c <= '9' || c == '.' && i + 1 < to && sql.charAt(i + 1) >= '0'
                    && sql.charAt(i + 1) <= '9') {
                int j = numberEnd(sql, i, to);
                out.add(new Token(T.NUMBER, i, j, ' ', null));
                i = j;
            } else if (c != '$' && Character.isJavaIdentifierStart(sql.codePointAt(i))) {
                int j = i + Character.charCount(sql.codePointAt(i));
                while (j < to && Character.isJavaIdentifierPart(sql.codePointAt(j))) {
                    j += Character.charCount(sql.codePointAt(j));
                }
                out.add(new Token(T.WORD, i, j, ' ', sql.substring(i, j).toUpperCase(Locale.ROOT)));
                i = j;
            } else {
                out.add(new Token(T.SYMBOL, i, i + 1, c, null));
                i++;
            }
        }
    }

    /** Digits, dots and letters (a hex literal, a suffix), with an exponent's sign: one number token. */
    private static int numberEnd(String sql, int start, int to) {
        boolean hex = start + 1 < to && sql.charAt(start) == '0' && (sql.charAt(start + 1) == 'x'
                || sql.charAt(start + 1) == 'X');
        int i = start;
        while (i < to) {
            char c = sql.charAt(i);
            if (Character.isLetterOrDigit(c) || c == '.' || c == '_') {
                i++;
            } else if ((c == '+' || c == '-') && !hex && (sql.charAt(i - 1) == 'e' || sql.charAt(i - 1) == 'E')
                    && i + 1 < to && Character.isDigit(sql.charAt(i + 1))) {
                i++;
            } else {
                break;
            }
        }
        return i;
    }
}
