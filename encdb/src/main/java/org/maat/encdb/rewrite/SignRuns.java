package org.maat.encdb.rewrite;

import org.maat.encdb.lex.SqlLexer;

/**
 * Collapses runs of signs ({@code - + 26}, {@code a - - b}, {@code + + CAST(+ - 4 AS INTEGER)}) into one
 * sign before JSqlParser sees the text: SQL allows any number of unary signs before an operand, JSqlParser
 * 5.4's grammar only one. The result is the same expression: a run's value is the product of its signs,
 * whether its first sign is a binary operator or unary ({@code a - -b = a + b}, {@code - + 26 = -26}), and
 * unary signs bind tighter than any other operator. Text inside string literals, quoted identifiers and
 * comments ({@link SqlLexer}'s spans) is copied unchanged, and a comment is never formed or broken.
 */
final class SignRuns {

    private SignRuns() {
    }

    static String collapse(String sql) {
        if (sql.indexOf('+') < 0 && sql.indexOf('-') < 0) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql.length());
        for (SqlLexer.Span span : SqlLexer.spans(sql)) {
            if (span.kind() == SqlLexer.Kind.CODE) {
                collapseCode(sql, span.start(), span.end(), out);
            } else {
                out.append(sql, span.start(), span.end());
            }
        }
        return out.toString();
    }

    /**
     * Collapses the runs of {@code sql[from, to)}, a code span: a run ends at the span's end (a comment or
     * literal follows), and its replacement ({@code "- "}, {@code "+ "}) can form no comment with what follows.
     */
    private static void collapseCode(String sql, int from, int to, StringBuilder out) {
        int i = from;
        while (i < to) {
            char c = sql.charAt(i);
            if (c == '+' || c == '-') {
                int minus = 0;
                int signs = 0;
                int j = i;
                int afterLast = i;
                while (j < to) {
                    char d = sql.charAt(j);
                    if (d == '+' || d == '-') {
                        signs++;
                        minus += d == '-' ? 1 : 0;
                        afterLast = ++j;
                    } else if (Character.isWhitespace(d)) {
                        j++;
                    } else {
                        break;
                    }
                }
                if (signs == 1) {
                    out.append(c);
                    i++;
                } else {
                    out.append(minus % 2 == 1 ? '-' : '+').append(' ');
                    i = afterLast;
                }
            } else {
                out.append(c);
                i++;
            }
        }
    }
}
