package org.maat.encdb.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.h2.api.ErrorCode;
import org.maat.encdb.schema.CatalogSnapshot;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.EncryptedTable;
import org.maat.encdb.schema.Identifiers;
import org.maat.encdb.schema.ViewDefinition;

/**
 * Tells SQL the driver's parser (JSqlParser) cannot read apart from SQL nobody can, with H2's own parser on
 * a PRIVATE in-memory H2 database of the driver's process that holds only the schema's shape: the
 * application's tables with their plain column names and types, and its views, never a row. H2 prepares
 * the statement there without running it; a valid statement then fails on nothing or on a detail of the
 * shape, a malformed one with a syntax error. Asked only when the driver's parser failed.
 *
 * <p>Guaranteed: the application's SQL text is never given to the server's H2 here (it once was: a failed
 * prepare on the server wrote the statement with its literals to the server's trace file). The shape is
 * rebuilt when the catalog's version changes. Not guaranteed: that the shape judges every statement as the
 * server's schema would (a view H2 cannot create from its text alone is left out).
 */
final class H2Grammar implements AutoCloseable {

    private Connection shape;
    private long version = -1;

    /**
     * {@code syntax} with the SQLState H2's parser gives the statement, or a refusal (0A000) naming the parser
     * when H2 reads the statement.
     */
    synchronized SQLException classify(CatalogSnapshot catalog, String sql, SQLSyntaxErrorException syntax) {
        SQLException h2 = syntaxError(catalog, sql);
        if (h2 != null) {
            // H2's SQLState (42000, or 42001 when it names what it expected): the application sees the
            // state plain H2 would give it.
            SQLSyntaxErrorException same = new SQLSyntaxErrorException(syntax.getMessage(), h2.getSQLState());
            same.initCause(syntax);
            return same;
        }
        return new SQLFeatureNotSupportedException("unsupported SQL on the encrypted layer: a statement H2 "
                + "accepts but the driver's SQL parser (JSqlParser) cannot read, so it cannot tell which values "
                + "are encrypted (" + syntax.getMessage() + ")", "0A000");
    }

    /**
     * For a statement the driver refuses ({@code refusal}, 0A000): H2's syntax error when H2's parser cannot
     * read it either (an SQLite trigger body, {@code REPLACE INTO}), so the application gets the error plain
     * H2 gives; else {@code refusal}.
     */
    synchronized SQLException syntaxErrorOr(CatalogSnapshot catalog, String sql, SQLException refusal) {
        SQLException h2 = syntaxError(catalog, sql);
        if (h2 == null) {
            return refusal;
        }
        String first = String.valueOf(h2.getMessage()).lines().findFirst().orElse("");
        int cut = first.indexOf("; SQL statement:");
        return new SQLSyntaxErrorException("syntax error (H2's parser): " + (cut < 0 ? first : first.substring(0, cut)),
                h2.getSQLState());
    }

    /** H2's syntax error for {@code sql} on the private shape, or null when H2's parser reads it. */
    private SQLException syntaxError(CatalogSnapshot catalog, String sql) {
        try {
            mirror(catalog);
            shape.prepareStatement(sql).close();
        } catch (SQLException e) {
            if (e.getErrorCode() == ErrorCode.SYNTAX_ERROR_1 || e.getErrorCode() == ErrorCode.SYNTAX_ERROR_2) {
                return e;
            }
        }
        return null;
    }

    /** Makes the private database hold {@code catalog}'s tables and views, and nothing else. */
    private void mirror(CatalogSnapshot catalog) throws SQLException {
        if (shape != null && version == catalog.version()) {
            return;
        }
        if (shape == null) {
            // Unnamed: private to this connection, gone with it; no file, no trace file.
            shape = H2Connections.open("jdbc:h2:mem:;TRACE_LEVEL_FILE=0");
        }
        try (Statement st = shape.createStatement()) {
            st.execute("DROP ALL OBJECTS");
            for (EncryptedTable t : catalog.tables().values()) {
                try {
                    st.execute(createTable(t, true));
                } catch (SQLException typeNotKnown) {
                    st.execute(createTable(t, false));
                }
            }
            for (ViewDefinition v : catalog.views().values()) {
                try {
                    st.execute("CREATE FORCE VIEW " + Identifiers.quote(v.name()) + " AS " + v.selectSql());
                } catch (SQLException cannot) {
                    // left out: a statement naming it is judged as one on an unknown table
                }
            }
        }
        version = catalog.version();
    }

    private static String createTable(EncryptedTable t, boolean typed) {
        List<String> columns = new ArrayList<>();
        for (EncryptedColumn c : t.columns()) {
            columns.add(Identifiers.quote(c.name()) + " " + (typed ? c.type().ddl() : "VARCHAR"));
        }
        return "CREATE TABLE " + Identifiers.quote(t.name()) + " (" + String.join(", ", columns) + ")";
    }

    @Override
    public synchronized void close() throws SQLException {
        if (shape != null) {
            shape.close();
            shape = null;
        }
    }
}
