package org.maat.encdb.jdbc;

import java.sql.BatchUpdateException;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.CatalogSnapshot;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.EncryptedTable;

/**
 * The errors the application sees, whatever went wrong below the JDBC API: an error H2 raised on the
 * physical statement becomes the error the application's statement deserves ({@link #fromH2}): physical onion columns ({@code C3_EQ}) become the application's {@code TABLE.COLUMN} names
 * (plain column names inside a table's column list), ciphertext literals ({@code X'9f3a...'}) become
 * {@code <encrypted>}, and the physical SQL H2 quotes is replaced by the application's. SQLState and
 * vendor code are kept (23505 unique, 23502 not null, 23503/23506 foreign key, 23513/23514 check, ...),
 * so applications can still branch on them. H2's exception is not kept as the cause: its message is the
 * one being hidden.
 *
 * <p>Guaranteed: the returned message names no physical column of a table the catalog knows and holds
 * no hexadecimal literal. Not guaranteed: the wording beyond that is H2's, and plaintext columns' values
 * appear as H2 shows them.
 */
final class ApplicationErrors {

    private static final Pattern TABLE_COLUMNS = Pattern.compile(
            "PUBLIC\\.\"?(\\w+)\"?((?: FOREIGN KEY)?\\()([^)]*)\\)");
    private static final Pattern PHYSICAL = Pattern.compile("\\bC(\\d+)_(EQ|ORD|ADD|SRCH|IV)\\b");
    private static final Pattern STATEMENT_TABLE = Pattern.compile(
            "(?i)\\b(?:INTO|UPDATE|FROM|TABLE|ON)\\s+(?:PUBLIC\\.)?\"?(\\w+)\"?");
    private static final Pattern HEX = Pattern.compile("X'[0-9a-fA-F]*'");
    private static final Pattern H2_SUFFIX = Pattern.compile("\\s*\\[\\d+-\\d+\\]\\s*$");

    private ApplicationErrors() {
    }

    /**
     * The last resort at the driver's boundary: a runtime exception from the layer's own code (a bug, or
     * a case the rewriter did not foresee) leaves the JDBC API as an SQLException (HY000) naming the
     * statement, never as itself.
     */
    static SQLException internal(RuntimeException e, String appSql) {
        return bounded(new SQLException("internal error of the encrypted layer (" + e + ") on: "
                + StatementAdmission.excerpt(appSql), "HY000", e));
    }

    /** A statement whose expressions recurse deeper than the driver's stack (nesting without parentheses). */
    static SQLException tooDeep(String appSql) {
        return new SQLException("statement refused: expressions nested too deep for the driver's parser ("
                + "parentheses are limited to " + StatementAdmission.MAX_NESTING + " levels): "
                + StatementAdmission.excerpt(appSql), "54001");
    }

    /**
     * {@code e} with its message cut to {@value #MAX_MESSAGE} characters (SQLState, vendor code and class kept):
     * no error of the layer carries a whole statement of a megabyte, nor the list of values it held.
     */
    static SQLException bounded(SQLException e) {
        String message = e.getMessage();
        if (message == null || message.length() <= MAX_MESSAGE) {
            return e;
        }
        String cut = message.substring(0, MAX_MESSAGE) + "... (message of " + message.length() + " characters cut)";
        SQLException out;
        if (e instanceof BatchUpdateException b) {
            out = new BatchUpdateException(cut, e.getSQLState(), e.getErrorCode(), b.getUpdateCounts(), null);
        } else if (e instanceof java.sql.SQLFeatureNotSupportedException) {
            out = new java.sql.SQLFeatureNotSupportedException(cut, e.getSQLState(), e.getErrorCode());
        } else if (e instanceof java.sql.SQLSyntaxErrorException) {
            out = new java.sql.SQLSyntaxErrorException(cut, e.getSQLState(), e.getErrorCode());
        } else if (e instanceof SQLIntegrityConstraintViolationException) {
            out = new SQLIntegrityConstraintViolationException(cut, e.getSQLState(), e.getErrorCode());
        } else {
            out = new SQLException(cut, e.getSQLState(), e.getErrorCode());
        }
        out.setStackTrace(e.getStackTrace());
        return out;
    }

    static final int MAX_MESSAGE = 1_000;

    /** {@code e} as the application should see it after running {@code appSql}; not H2's: {@code e} itself. */
    static SQLException fromH2(SQLException e, String appSql, CatalogSnapshot catalog) {
        if (!e.getClass().getName().startsWith("org.h2.") && !(e instanceof BatchUpdateException)) {
            return e; // the driver's own errors already speak the application's language
        }
        String message = e.getMessage() == null ? "" : e.getMessage();
        int sql = message.indexOf("; SQL statement:");
        String physicalSql = sql < 0 ? "" : message.substring(sql);
        String text = H2_SUFFIX.matcher(sql < 0 ? message : message.substring(0, sql)).replaceAll("");
        if (!PHYSICAL.matcher(text).find() && !HEX.matcher(text).find() && sql < 0) {
            return e;
        }
        text = tableColumnLists(text, catalog);
        Matcher t = STATEMENT_TABLE.matcher(physicalSql);
        EncryptedTable statementTable = t.find() ? catalog.table(t.group(1).toUpperCase(Locale.ROOT)) : null;
        text = PHYSICAL.matcher(text).replaceAll(m -> Matcher.quoteReplacement(logical(m.group(), statementTable)));
        text = HEX.matcher(text).replaceAll("<encrypted>");
        String translated = text + "; SQL statement:\n" + StatementAdmission.excerpt(appSql);
        String state = e.getSQLState();
        SQLException out;
        if (e instanceof BatchUpdateException b) {
            out = new BatchUpdateException(translated, state, e.getErrorCode(), b.getUpdateCounts(), null);
        } else if (state != null && state.startsWith("23")) {
            out = new SQLIntegrityConstraintViolationException(translated, state, e.getErrorCode());
        } else {
            out = new SQLException(translated, state, e.getErrorCode());
        }
        out.setStackTrace(e.getStackTrace());
        return out;
    }

    /** {@code PUBLIC.T(C0_EQ, C2_EQ)} and {@code PUBLIC.T FOREIGN KEY(C1_EQ)}: the table's own column names. */
    private static String tableColumnLists(String text, CatalogSnapshot catalog) {
        Matcher m = TABLE_COLUMNS.matcher(text);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            EncryptedTable table = catalog.table(m.group(1).toUpperCase(Locale.ROOT));
            String columns = m.group(3);
            if (table != null) {
                Map<String, String> names = physicalNames(table, false);
                columns = PHYSICAL.matcher(columns).replaceAll(c -> Matcher.quoteReplacement(
                        names.getOrDefault(c.group(), "<encrypted column>")));
            }
            m.appendReplacement(out, Matcher.quoteReplacement("PUBLIC." + m.group(1) + m.group(2) + columns + ")"));
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String logical(String physical, EncryptedTable table) {
        if (table != null) {
            String name = physicalNames(table, true).get(physical);
            if (name != null) {
                return name;
            }
        }
        return "<encrypted column>";
    }

    private static Map<String, String> physicalNames(EncryptedTable table, boolean qualified) {
        Map<String, String> names = new HashMap<>();
        for (EncryptedColumn c : table.columns()) {
            if (c.plaintext()) {
                continue;
            }
            String name = qualified ? c.qualifiedName() : c.name();
            for (Onion o : c.onions()) {
                names.put(c.physical(o), name);
            }
            names.put(c.ivColumn(), name);
        }
        return names;
    }
}
