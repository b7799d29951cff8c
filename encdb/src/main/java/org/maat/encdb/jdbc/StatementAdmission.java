package org.maat.encdb.jdbc;

import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.List;
import java.util.Locale;
import org.maat.encdb.lex.SqlLexer;

/**
 * The checkpoint every application statement crosses before any work is done on it (no parse, no plan, no
 * peel, nothing sent to H2): {@link MaatConnection#plan} calls {@link #admit} first. One pass of
 * {@link SqlLexer} over the text, in time linear in its length, refuses:
 * <ul>
 *   <li>text longer than {@value #MAX_SQL_CHARS} characters (54000);
 *   <li>a string literal longer than {@value #MAX_LITERAL_CHARS} characters (54000): longer values go as
 *       parameters of a prepared statement;
 *   <li>parentheses nested deeper than {@value #MAX_NESTING} (54001): the parsers below recurse per level;
 *   <li>more than {@value #MAX_LIST_ITEMS} items in one parenthesized or top-level list (54000): an IN list,
 *       a VALUES list of rows, a select list;
 *   <li>a literal, quoted name or comment the text ends inside of (42000);
 *   <li>a second statement after a {@code ;} (0A000): one call runs one statement. The connection then asks
 *       {@link H2Grammar} (a private H2 holding only the schema's shape, never the server) whether H2 could read
 *       the text at all: when not (an SQLite trigger body), the application gets H2's syntax error instead.
 * </ul>
 * Every message names the limit and quotes the statement cut to {@value #EXCERPT_CHARS} characters
 * ({@link #excerpt}). Not guaranteed here: limits on what is not parenthesized (a chain of 100,000 {@code +}
 * is bounded only by the text's length; a stack overflow below becomes 54001 at the connection).
 */
final class StatementAdmission {

    static final int MAX_SQL_CHARS = 1_000_000;
    static final int MAX_LITERAL_CHARS = 65_536;
    static final int MAX_NESTING = 128;
    static final int MAX_LIST_ITEMS = 10_000;
    static final int EXCERPT_CHARS = 200;

    private StatementAdmission() {
    }

    /** Returns normally when {@code sql} may be planned; else the error the application gets. */
    static void admit(String sql) throws SQLException {
        if (sql == null) {
            throw new SQLException("no SQL statement (null)", "42000");
        }
        if (sql.length() > MAX_SQL_CHARS) {
            throw refused("a statement of " + count(sql.length()) + " characters; the limit is "
                    + count(MAX_SQL_CHARS), "54000", sql);
        }
        List<SqlLexer.Span> spans = SqlLexer.spans(sql);
        SqlLexer.Span unclosed = SqlLexer.firstUnclosed(spans);
        if (unclosed != null) {
            String what = switch (unclosed.kind()) {
                case STRING -> "string literal";
                case QUOTED_NAME -> "quoted name";
                default -> "comment";
            };
            throw new SQLSyntaxErrorException("syntax error: unterminated " + what + " starting at offset "
                    + unclosed.start() + " in: " + excerpt(sql), "42000");
        }
        int[] items = new int[MAX_NESTING + 1];
        int depth = 0;
        int end = -1;
        for (SqlLexer.Span span : spans) {
            if (end >= 0 && span.kind() != SqlLexer.Kind.COMMENT && !span.of(sql).isBlank()) {
                throw refused("several statements in one call (a second one follows the ';' at offset " + end
                        + "); run each on its own", "0A000", sql);
            }
            if (span.kind() == SqlLexer.Kind.STRING && span.end() - span.start() - 2 > MAX_LITERAL_CHARS) {
                throw refused("a literal of " + count(span.end() - span.start() - 2) + " characters at offset "
                        + span.start() + "; the limit is " + count(MAX_LITERAL_CHARS)
                        + " (pass longer values as parameters)", "54000", sql);
            }
            if (span.kind() != SqlLexer.Kind.CODE) {
                continue;
            }
            for (int i = span.start(); i < span.end(); i++) {
                char c = sql.charAt(i);
                if (end >= 0 && !Character.isWhitespace(c)) {
                    throw refused("several statements in one call (a second one follows the ';' at offset " + end
                            + "); run each on its own", "0A000", sql);
                }
                switch (c) {
                    case '(' -> {
                        if (++depth > MAX_NESTING) {
                            throw refused("parentheses nested more than " + MAX_NESTING + " deep (at offset " + i
                                    + ")", "54001", sql);
                        }
                        items[depth] = 0;
                    }
                    case ')' -> depth = Math.max(0, depth - 1);
                    case ',' -> {
                        if (++items[depth] >= MAX_LIST_ITEMS) {
                            throw refused("a list of more than " + count(MAX_LIST_ITEMS) + " items (at offset " + i
                                    + "); split it or use a table", "54000", sql);
                        }
                    }
                    case ';' -> end = i;
                    default -> {
                    }
                }
            }
        }
    }

    /** {@code sql} cut to {@value #EXCERPT_CHARS} characters, saying how long it was when cut. */
    static String excerpt(String sql) {
        if (sql == null || sql.length() <= EXCERPT_CHARS) {
            return sql;
        }
        return sql.substring(0, EXCERPT_CHARS) + "... (" + count(sql.length()) + " characters)";
    }

    private static SQLException refused(String what, String state, String sql) {
        String message = "statement refused: " + what + ": " + excerpt(sql);
        if (state.equals("0A000")) {
            return new java.sql.SQLFeatureNotSupportedException(message, state);
        }
        return state.startsWith("42") ? new SQLSyntaxErrorException(message, state) : new SQLException(message, state);
    }

    private static String count(long n) {
        return String.format(Locale.ROOT, "%,d", n);
    }
}
