package org.maat.encdb.split;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.maat.encdb.rewrite.QueryPlan;
import org.maat.encdb.rewrite.SplitPlan;
import org.maat.encdb.rewrite.ValueSource;
import org.maat.encdb.schema.Identifiers;

/**
 * The trusted side's own H2: a private, unnamed in-memory database ({@code jdbc:h2:mem:}), one per
 * driver connection, opened on first use and closed with it. It never touches a file and is never
 * reachable from outside this connection. For each split statement it loads the scans' decrypted rows
 * into tables named and typed as the application declared them, runs the application's statement, copies
 * the result, and drops everything again, so no rows outlive the statement.
 */
public final class ClientEngine implements AutoCloseable {

    private static final int BATCH = 1000;
    /** The client column holding the server's row id: quoted lower case, which no unquoted name can be. */
    private static final String ROW_ID = "\"maat$rowid\"";

    /** Runs a scan on H2 through the connection's query path (decrypting, counting what H2 ships). */
    @FunctionalInterface
    public interface ScanRunner {
        ResultSet run(QueryPlan scan, Object[] parameters) throws SQLException;
    }

    /** A statement's result as the client H2 returned it: its metadata and its rows. */
    public record Result(ResultSetMetaData metaData, List<Object[]> rows) {
    }

    private Connection h2;
    /** The server settings the client H2 has now (null: unknown). */
    private ServerSession applied;

    /** Runs {@code plan} with the application's {@code params}, under the server's {@code session} settings. */
    public Result run(SplitPlan plan, Object[] params, ScanRunner scans, ServerSession session) throws SQLException {
        for (int i = 0; i < params.length; i++) {
            if (params[i] == ValueSource.Unset.UNSET) {
                throw new SQLException("parameter " + (i + 1) + " is not set", "07001");
            }
        }
        Connection c = connection();
        apply(c, session);
        try {
            List<SplitPlan.Scan> all = plan.scans();
            for (int s = 0; s < all.size(); s++) {
                SplitPlan.Scan scan = all.get(s);
                ResultSet rows;
                try {
                    rows = read(scan, params, scans);
                } catch (SQLException failed) {
                    throw preparedFirst(c, plan, all.subList(s, all.size()), session, failed);
                }
                load(c, scan, rows, session);
            }
            try (Statement st = c.createStatement()) {
                for (String ddl : plan.clientDdl()) {
                    st.execute(ddl);
                }
            }
            try (PreparedStatement ps = c.prepareStatement(plan.clientSql())) {
                for (int i = 0; i < params.length; i++) {
                    ps.setObject(i + 1, params[i]);
                }
                try (ResultSet rs = ps.executeQuery()) {
                    ResultSetMetaData md = new CopiedMetaData(rs.getMetaData());
                    int n = md.getColumnCount();
                    List<Object[]> rows = new ArrayList<>();
                    while (rs.next()) {
                        Object[] row = new Object[n];
                        for (int i = 0; i < n; i++) {
                            row[i] = rs.getObject(i + 1);
                        }
                        rows.add(row);
                    }
                    return new Result(md, rows);
                }
            }
        } finally {
            try (Statement st = c.createStatement()) {
                st.execute("DROP ALL OBJECTS");
            }
        }
    }

    private static ResultSet read(SplitPlan.Scan scan, Object[] params, ScanRunner scans) throws SQLException {
        try {
            return scans.run(scan.read().query(), scan.parameters(params));
        } catch (SQLFeatureNotSupportedException refused) {
            if (scan.read().unfiltered() == null) {
                throw refused;
            }
            // A pushed condition refused for these values (a LIKE pattern without a searchable word):
            // the client evaluates it on the whole table instead.
            return scans.run(scan.read().unfiltered(), new Object[0]);
        }
    }

    /**
     * The error plain H2 gives when a scan fails: H2 prepares the whole statement before it reads a row, so
     * an error of preparing it (a constant {@code 1 / 0}) comes before one of evaluating a pushed condition
     * on a row (an overflow). The application's statement is prepared over the tables not loaded yet,
     * created empty; its error wins, else the scan's.
     */
    private static SQLException preparedFirst(Connection c, SplitPlan plan, List<SplitPlan.Scan> unloaded,
            ServerSession session, SQLException scanFailure) {
        if (scanFailure instanceof SQLFeatureNotSupportedException) {
            return scanFailure; // a refusal: the statement is not run at all
        }
        try {
            for (SplitPlan.Scan scan : unloaded) {
                createTable(c, scan, session);
            }
            try (Statement st = c.createStatement()) {
                for (String ddl : plan.clientDdl()) {
                    st.execute(ddl);
                }
            }
            c.prepareStatement(plan.clientSql()).close();
        } catch (SQLException prepareFailure) {
            return prepareFailure;
        }
        return scanFailure;
    }

    /** The server's settings on the client H2, unless the last statement left the same ones there. */
    private void apply(Connection c, ServerSession session) throws SQLException {
        if (!session.sameSettings(applied)) {
            applied = null; // unknown until every command has run
            session.applyTo(c);
            applied = session;
        }
    }

    private Connection connection() throws SQLException {
        if (h2 == null || h2.isClosed()) {
            // Unnamed: private to this JDBC connection, gone when it closes; mem: never writes a file.
            h2 = new org.h2.Driver().connect("jdbc:h2:mem:", new Properties());
            applied = null;
        }
        return h2;
    }

    /** Creates the scan's client table and loads its rows in batches. */
    private static void load(Connection c, SplitPlan.Scan scan, ResultSet rows, ServerSession session)
            throws SQLException {
        try (rows) {
            int first = scan.read().rowId() ? 2 : 1;
            List<String> names = createTable(c, scan, session);
            if (names.isEmpty()) {
                return;
            }
            String insert = "INSERT INTO " + Identifiers.quote(scan.table()) + " (" + String.join(", ", names)
                    + ") VALUES (" + "?, ".repeat(names.size() - 1) + "?)";
            int n = scan.columns().size();
            java.util.Set<Object> seen = scan.read().reducedBy() == null ? null : new java.util.HashSet<>();
            try (PreparedStatement ps = c.prepareStatement(insert)) {
                int pending = 0;
                while (rows.next()) {
                    if (seen != null && !seen.add(rows.getObject(1))) {
                        continue; // the same row again, through a reducer key that is not unique
                    }
                    for (int i = 0; i < n; i++) {
                        ps.setObject(i + 1, local(rows.getObject(first + i)));
                    }
                    if (scan.read().rowId()) {
                        ps.setObject(n + 1, rows.getObject(1));
                    }
                    ps.addBatch();
                    if (++pending == BATCH) {
                        ps.executeBatch();
                        pending = 0;
                    }
                }
                if (pending > 0) {
                    ps.executeBatch();
                }
            }
        }
    }

    /** Creates the scan's client table, empty; returns its column names as the scan's rows fill them. */
    private static List<String> createTable(Connection c, SplitPlan.Scan scan, ServerSession session)
            throws SQLException {
        List<String> names = new ArrayList<>();
        StringBuilder ddl = new StringBuilder("CREATE TABLE ").append(Identifiers.quote(scan.table())).append(" (");
        for (int i = 0; i < scan.columns().size(); i++) {
            SplitPlan.ClientColumn col = scan.columns().get(i);
            names.add(Identifiers.quote(col.name()));
            ddl.append(i == 0 ? "" : ", ").append(Identifiers.quote(col.name())).append(' ')
                    .append(col.type() != null ? col.type() : session.declaredType(scan.table(), col.name()))
                    .append(col.nullable() ? "" : " NOT NULL");
        }
        if (scan.read().rowId()) {
            // The primary key H2 takes as the row key: the client's _ROWID_ is the server's row id, under
            // its own name in the application's text, beside any column the application could name.
            names.add(ROW_ID);
            ddl.append(scan.columns().isEmpty() ? "" : ", ").append(ROW_ID).append(" BIGINT INVISIBLE PRIMARY KEY");
        }
        ddl.append(')');
        try (Statement st = c.createStatement()) {
            st.execute(ddl.toString());
        }
        return names;
    }

    /**
     * The metadata of {@code plan}'s result before it runs (PreparedStatement.getMetaData): the client H2
     * prepares the application's statement over the client tables, created empty.
     */
    public ResultSetMetaData metaData(SplitPlan plan, ServerSession session) throws SQLException {
        Connection c = connection();
        apply(c, session);
        try {
            for (SplitPlan.Scan scan : plan.scans()) {
                createTable(c, scan, session);
            }
            try (Statement st = c.createStatement()) {
                for (String ddl : plan.clientDdl()) {
                    st.execute(ddl);
                }
            }
            try (PreparedStatement ps = c.prepareStatement(plan.clientSql())) {
                return new CopiedMetaData(ps.getMetaData());
            }
        } finally {
            try (Statement st = c.createStatement()) {
                st.execute("DROP ALL OBJECTS");
            }
        }
    }

    /**
     * A value as the client H2 stores it. java.sql date-times are read in the JVM's zone, the client
     * session's TIME ZONE may be another (the server's): their local fields are what the row holds.
     */
    private static Object local(Object v) {
        if (v instanceof java.sql.Timestamp t) {
            return t.toLocalDateTime();
        }
        if (v instanceof java.sql.Date d) {
            return d.toLocalDate();
        }
        if (v instanceof java.sql.Time t) {
            return t.toLocalTime();
        }
        return v;
    }

    /**
     * What the client H2 holds between statements (tables and views of any schema but its system ones;
     * empty after every statement) and where it lives ({@code DATABASE_PATH()}, null for memory), for tests
     * and diagnostics. Empty when it was never opened.
     */
    public List<String> residue() throws SQLException {
        List<String> out = new ArrayList<>();
        if (h2 == null) {
            return out;
        }
        try (Statement st = h2.createStatement();
                ResultSet rs = st.executeQuery("SELECT TABLE_SCHEMA || '.' || TABLE_NAME FROM INFORMATION_SCHEMA.TABLES "
                        + "WHERE TABLE_SCHEMA <> 'INFORMATION_SCHEMA'")) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        try (Statement st = h2.createStatement(); ResultSet rs = st.executeQuery("SELECT DATABASE_PATH()")) {
            rs.next();
            if (rs.getString(1) != null) {
                out.add("file " + rs.getString(1));
            }
        }
        return out;
    }

    @Override
    public void close() throws SQLException {
        if (h2 != null) {
            h2.close();
            h2 = null;
        }
    }
}
