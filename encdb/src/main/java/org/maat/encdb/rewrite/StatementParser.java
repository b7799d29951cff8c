package org.maat.encdb.rewrite;

import java.sql.SQLException;
import java.sql.SQLSyntaxErrorException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.JSQLParserException;
import net.sf.jsqlparser.parser.CCJSqlParserUtil;
import net.sf.jsqlparser.parser.ParseException;
import net.sf.jsqlparser.statement.Statement;

/**
 * JSqlParser behind one door: a malformed statement becomes an {@link SQLSyntaxErrorException}
 * (SQLState 42000) whose message starts with the parser's position, {@code line L, column C: ...}. Runs of
 * unary signs and signed CASE operands, which SQL allows and JSqlParser does not, are parenthesised first
 * ({@link SignRuns}).
 */
public final class StatementParser {

    private static final Pattern POSITION = Pattern.compile("at line (\\d+), column (\\d+)");
    /**
     * Where JSqlParser runs a parse under its time limit. Its default starts a new thread for every parse
     * (about half of a parse's cost on a loaded machine); these are reused, daemon, and gone after a minute idle.
     */
    private static final ExecutorService PARSING = Executors.newCachedThreadPool(task -> {
        Thread t = new Thread(task, "maat-sql-parser");
        t.setDaemon(true);
        return t;
    });

    private StatementParser() {
    }

    public static Statement parse(String sql) throws SQLException {
        try {
            return CCJSqlParserUtil.parse(SignRuns.collapse(sql), PARSING, null);
        } catch (JSQLParserException e) {
            throw syntaxError(sql, e);
        } catch (RuntimeException | Error e) {
            throw new SQLSyntaxErrorException("cannot parse SQL: " + e, "42000", e);
        }
    }

    static SQLSyntaxErrorException syntaxError(String sql, JSQLParserException e) {
        Throwable t = e;
        while (t != null && !(t instanceof ParseException)) {
            t = t.getCause();
        }
        int line = -1;
        int column = -1;
        String found = null;
        if (t instanceof ParseException pe && pe.currentToken != null) {
            var tok = pe.currentToken.next != null ? pe.currentToken.next : pe.currentToken;
            line = tok.beginLine;
            column = tok.beginColumn;
            found = tok.image;
        }
        if (line < 0) {
            Matcher m = POSITION.matcher(String.valueOf(e.getMessage()));
            if (m.find()) {
                line = Integer.parseInt(m.group(1));
                column = Integer.parseInt(m.group(2));
            }
        }
        String where = line < 0 ? "syntax error" : "syntax error at line " + line + ", column " + column;
        String near = found == null || found.isEmpty() ? " (unexpected end of statement)" : " near \"" + found + "\"";
        return new SQLSyntaxErrorException(where + near + ": " + firstLine(sql), "42000", e);
    }

    private static String firstLine(String sql) {
        String s = sql.strip();
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl) + " ...";
    }
}
