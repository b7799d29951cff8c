package org.maat.encdb.rewrite;

/**
 * Collapses runs of signs ({@code - + 26}, {@code a - - b}, {@code + + CAST(+ - 4 AS INTEGER)}) into one
 * sign before JSqlParser sees the text: SQL allows any number of unary signs before an operand, JSqlParser
 * 5.4's grammar only one. The result is the same expression: a run's value is the product of its signs,
 * whether its first sign is a binary operator or unary ({@code a - -b = a + b}, {@code - + 26 = -26}), and
 * unary signs bind tighter than any other operator. Text inside string literals, quoted identifiers and
 * comments is copied unchanged, and a {@code --} comment is never formed or broken.
 */
final class SignRuns {

    private SignRuns() {
    }

    static String collapse(String sql) {
        if (sql.indexOf('+') < 0 && sql.indexOf('-') < 0) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql.length());
        int n = sql.length();
        int i = 0;
        while (i < n) {
            char c = sql.charAt(i);
            if (c == '\'' || c == '"') {
                int end = closing(sql, i, c);
                out.append(sql, i, end);
                i = end;
            } else if (c == '-' && i + 1 < n && sql.charAt(i + 1) == '-') {
                int end = sql.indexOf('\n', i);
                end = end < 0 ? n : end;
                out.append(sql, i, end);
                i = end;
            } else if (c == '/' && i + 1 < n && sql.charAt(i + 1) == '*') {
                int end = sql.indexOf("*/", i + 2);
                end = end < 0 ? n : end + 2;
                out.append(sql, i, end);
                i = end;
            } else if (c == '+' || c == '-') {
                int minus = 0;
                int signs = 0;
                int j = i;
                int afterLast = i;
                while (j < n) {
                    char d = sql.charAt(j);
                    if (d == '-' && j + 1 < n && sql.charAt(j + 1) == '-') {
                        break; // a comment starts: the run ends before it
                    }
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
        return out.toString();
    }

    /** The index just past the quote closing the literal or identifier opened at {@code start} (doubled quotes escape). */
    private static int closing(String sql, int start, char quote) {
        int i = start + 1;
        while (i < sql.length()) {
            if (sql.charAt(i) == quote) {
                if (i + 1 < sql.length() && sql.charAt(i + 1) == quote) {
                    i += 2;
                    continue;
                }
                return i + 1;
            }
            i++;
        }
        return sql.length();
    }
}
