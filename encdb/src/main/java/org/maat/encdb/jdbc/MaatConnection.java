package org.maat.encdb.jdbc;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLWarning;
import java.sql.Statement;
import org.maat.encdb.rewrite.Plan;
import org.maat.encdb.rewrite.SplitPlan;
import org.maat.encdb.schema.CatalogSnapshot;
import org.maat.encdb.schema.LayerReport;

/**
 * A connection to an encrypted H2 database through the Maat driver: statements take the
 * application's plaintext SQL; transactions are H2's (commit, rollback, isolation pass through).
 * {@link #layers()} reports what the database exposes. Not thread-safe, like most JDBC connections;
 * use one per thread (they share keys, catalog and plans).
 */
public final class MaatConnection extends UnsupportedConnection {

    private final EncryptedDatabase db;
    private final Connection h2;
    private final String url;
    private final PlanExecutor executor;
    private final RoutineEmulation routines;
    private final SchemaChanges schemaChanges;
    private final ShippingStats shipping = new ShippingStats();
    private boolean leased;
    private int depth;
    private boolean closed;

    MaatConnection(EncryptedDatabase db, Connection h2, String url) {
        this.db = db;
        this.h2 = h2;
        this.url = url;
        this.routines = new RoutineEmulation(this, db);
        this.executor = new PlanExecutor(this, h2, routines);
        this.schemaChanges = new SchemaChanges(this, h2, db);
    }

    /** The layer report: per column and onion, the current layer and what it leaks. */
    public LayerReport layers() {
        return LayerReport.of(db.catalog().snapshot());
    }

    /** Rows and bytes H2 has shipped to this connection (what a split between H2 and the client costs). */
    public ShippingStats shippingStats() {
        return shipping;
    }

    /** The encrypted schema as the driver currently sees it. */
    public CatalogSnapshot catalog() {
        return db.catalog().snapshot();
    }

    /** The physical SQL the driver runs for {@code sql} (for EXPLAIN and diagnostics), or null for non-queries. */
    public String physicalSql(String sql) throws SQLException {
        enter();
        try {
            return plan(sql).physicalSql();
        } finally {
            exit();
        }
    }

    EncryptedDatabase database() {
        return db;
    }

    PlanExecutor executor() {
        return executor;
    }

    RoutineEmulation routines() {
        return routines;
    }

    SchemaChanges schemaChanges() {
        return schemaChanges;
    }

    /** The plan of {@code sql}, with the caller inside the layer gate. */
    Plan plan(String sql) throws SQLException {
        checkOpen();
        try {
            StatementAdmission.admit(sql); // before any work: every statement of the application passes here
        } catch (java.sql.SQLFeatureNotSupportedException several) {
            throw ApplicationErrors.bounded(db.grammar().syntaxErrorOr(catalog(), sql, several));
        }
        try {
            return db.plan(sql, leased || depth > 1);
        } catch (java.sql.SQLSyntaxErrorException e) {
            throw ApplicationErrors.bounded(db.grammar().classify(catalog(), sql, e));
        } catch (java.sql.SQLFeatureNotSupportedException e) {
            throw ApplicationErrors.bounded(db.grammar().syntaxErrorOr(catalog(), sql, e)); // H2 cannot read it either
        } catch (SQLException e) {
            throw ApplicationErrors.bounded(ApplicationErrors.fromH2(e, sql, catalog())); // a peel or DDL H2 refused
        } catch (RuntimeException e) {
            throw ApplicationErrors.internal(e, sql);
        } catch (StackOverflowError e) {
            throw ApplicationErrors.tooDeep(sql);
        }
    }

    /** The split plan of {@code sql}, whose whole-in-H2 plan H2 refused when it ran. */
    SplitPlan splitPlan(String sql, java.sql.SQLFeatureNotSupportedException refused) throws SQLException {
        checkOpen();
        try {
            return db.splitPlan(sql, refused, leased || depth > 1);
        } catch (SQLException e) {
            throw ApplicationErrors.fromH2(e, sql, catalog());
        } catch (RuntimeException e) {
            throw ApplicationErrors.internal(e, sql);
        }
    }

    /** The row-by-row plan of an UPDATE or DELETE whose physical statement H2 refused a value of when it ran. */
    org.maat.encdb.rewrite.Plan rowwisePlan(String sql, java.sql.SQLFeatureNotSupportedException refused)
            throws SQLException {
        checkOpen();
        try {
            return db.rowwisePlan(sql, refused, leased || depth > 1);
        } catch (SQLException e) {
            throw ApplicationErrors.fromH2(e, sql, catalog());
        } catch (RuntimeException e) {
            throw ApplicationErrors.internal(e, sql);
        }
    }

    /** Enters the layer gate; a statement run from inside another (a trigger's, a procedure's) never waits. */
    void enter() throws SQLException {
        checkOpen();
        if (depth > 0) {
            db.gate().enterAgain();
        } else {
            db.gate().enter();
        }
        depth++;
    }

    void exit() {
        depth--;
        db.gate().exit();
    }

    /** After a write outside auto-commit (called inside the gate): hold an entry until the transaction ends. */
    void wrote() throws SQLException {
        if (!leased && !h2.getAutoCommit()) {
            db.gate().enterAgain();
            leased = true;
        }
    }

    /** Schema changes wait for every open transaction to end; this connection's own cannot. */
    void beforeSchemaChange() throws SQLException {
        if (leased || depth > 1) {
            throw new SQLException("commit or roll back this connection's open transaction before changing the "
                    + "schema (DDL waits for open transactions)", "25000");
        }
    }

    private void endTransaction() {
        if (leased) {
            leased = false;
            db.gate().exit();
        }
    }

    void checkOpen() throws SQLException {
        if (closed) {
            throw new SQLException("connection is closed", "08003");
        }
    }

    @Override
    public Statement createStatement() throws SQLException {
        checkOpen();
        return new MaatStatement(this);
    }

    @Override
    public PreparedStatement prepareStatement(String sql) throws SQLException {
        checkOpen();
        return new MaatPreparedStatement(this, sql);
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency) throws SQLException {
        requireDefaults(resultSetType, resultSetConcurrency);
        return createStatement();
    }

    @Override
    public Statement createStatement(int resultSetType, int resultSetConcurrency, int holdability)
            throws SQLException {
        requireDefaults(resultSetType, resultSetConcurrency);
        return createStatement();
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency)
            throws SQLException {
        requireDefaults(resultSetType, resultSetConcurrency);
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int resultSetType, int resultSetConcurrency,
            int holdability) throws SQLException {
        requireDefaults(resultSetType, resultSetConcurrency);
        return prepareStatement(sql);
    }

    @Override
    public PreparedStatement prepareStatement(String sql, int autoGeneratedKeys) throws SQLException {
        if (autoGeneratedKeys == Statement.RETURN_GENERATED_KEYS) {
            throw new SQLFeatureNotSupportedException("generated keys on the encrypted layer");
        }
        return prepareStatement(sql);
    }

    private static void requireDefaults(int type, int concurrency) throws SQLException {
        if (type != ResultSet.TYPE_FORWARD_ONLY || concurrency != ResultSet.CONCUR_READ_ONLY) {
            throw new SQLFeatureNotSupportedException("only forward-only, read-only result sets");
        }
    }

    @Override
    public String nativeSQL(String sql) {
        return sql;
    }

    @Override
    public void setAutoCommit(boolean autoCommit) throws SQLException {
        checkOpen();
        h2.setAutoCommit(autoCommit);
        if (autoCommit) {
            endTransaction(); // H2 commits when auto-commit is switched on
        }
    }

    @Override
    public boolean getAutoCommit() throws SQLException {
        return h2.getAutoCommit();
    }

    @Override
    public void commit() throws SQLException {
        checkOpen();
        h2.commit();
        endTransaction();
    }

    @Override
    public void rollback() throws SQLException {
        checkOpen();
        h2.rollback();
        endTransaction();
    }

    @Override
    public void close() throws SQLException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            executor.close();
            if (!h2.getAutoCommit()) {
                h2.rollback();
            }
            h2.close();
        } finally {
            endTransaction();
            db.release();
        }
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    /** H2's metadata of the physical schema (onion columns have opaque names). */
    @Override
    public DatabaseMetaData getMetaData() throws SQLException {
        return h2.getMetaData();
    }

    @Override
    public void setReadOnly(boolean readOnly) throws SQLException {
        h2.setReadOnly(readOnly);
    }

    @Override
    public boolean isReadOnly() throws SQLException {
        return h2.isReadOnly();
    }

    @Override
    public void setTransactionIsolation(int level) throws SQLException {
        h2.setTransactionIsolation(level);
    }

    @Override
    public int getTransactionIsolation() throws SQLException {
        return h2.getTransactionIsolation();
    }

    @Override
    public SQLWarning getWarnings() throws SQLException {
        return h2.getWarnings();
    }

    @Override
    public void clearWarnings() throws SQLException {
        h2.clearWarnings();
    }

    @Override
    public boolean isValid(int timeout) throws SQLException {
        return !closed && h2.isValid(timeout);
    }

    @Override
    public String getSchema() throws SQLException {
        return h2.getSchema();
    }

    @Override
    public String getCatalog() throws SQLException {
        return h2.getCatalog();
    }

    @Override
    public int getHoldability() throws SQLException {
        return h2.getHoldability();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        if (iface.isInstance(this)) {
            return iface.cast(this);
        }
        throw new SQLException("not a wrapper for " + iface.getName());
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) {
        return iface.isInstance(this);
    }

    @Override
    public String toString() {
        return "MaatConnection[" + url + "]";
    }
}
