package org.maat.encdb.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.sql.Types;
import org.h2.api.Trigger;
import org.h2.tools.SimpleResultSet;
import org.maat.encdb.rewrite.Plan;
import org.maat.encdb.rewrite.SplitPlan;
import org.maat.encdb.split.ClientEngine;
import org.maat.encdb.split.ServerSession;
import org.maat.encdb.rewrite.InsertSelectPlan;
import org.maat.encdb.rewrite.ParameterBinder;
import org.maat.encdb.rewrite.QueryPlan;
import org.maat.encdb.rewrite.ResultColumn;
import org.maat.encdb.rewrite.RowSource;
import org.maat.encdb.rewrite.RowwisePlan;
import org.maat.encdb.rewrite.ValueSource;
import org.maat.encdb.rewrite.WritePlan;

/**
 * Runs plans for one connection: binds the physical statement (reusing a prepared statement per
 * physical SQL text), executes it on the connection's H2 session, and builds decrypted results
 * (the client-side steps of a query are {@link ClientSideSteps}); runs INSERT ... SELECT and row-by-row
 * updates, firing triggers ({@link RoutineEmulation}), each as one statement ({@link AtomicStatement}). Schema statements are {@link SchemaChanges}.
 */
final class PlanExecutor {

    private static final int STATEMENT_CACHE = 128;

    private final MaatConnection owner;
    private final Connection h2;
    private final RoutineEmulation routines;
    private final AtomicStatement atomic;
    private final KeyParking keyParking;
    /** The trusted side's private H2 for split queries (opened on first use, closed with the connection). */
    private final ClientEngine client = new ClientEngine();
    private final Set<PreparedStatement> busy = new HashSet<>();
    private final Map<String, PreparedStatement> statements = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, PreparedStatement> eldest) {
            if (size() > STATEMENT_CACHE && !busy.contains(eldest.getValue())) {
                closeQuietly(eldest.getValue());
                return true;
            }
            return false;
        }
    };

    /**
     * Result metadata per plan: a plan's labels and logical types never change, and its physical SQL's
     * plaintext columns keep H2's types, so each is built once (a new plan, after a peel or DDL, is a new key).
     */
    private final Map<QueryPlan, MaatResultSetMetaData> metaData = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<QueryPlan, MaatResultSetMetaData> eldest) {
            return size() > STATEMENT_CACHE;
        }
    };

    PlanExecutor(MaatConnection owner, Connection h2, RoutineEmulation routines) {
        this.owner = owner;
        this.h2 = h2;
        this.routines = routines;
        this.atomic = new AtomicStatement(owner, h2);
        this.keyParking = new KeyParking(h2);
    }

    /** A physical statement for {@code sql}: the cached one unless a result set still reads it. */
    PreparedStatement prepare(String sql) throws SQLException {
        PreparedStatement ps = statements.get(sql);
        if (ps == null || ps.isClosed()) {
            ps = h2.prepareStatement(sql);
            statements.put(sql, ps);
        } else if (busy.contains(ps)) {
            return h2.prepareStatement(sql); // closed with its result set
        }
        return ps;
    }

    /** The metadata of {@code plan}'s results, from H2's metadata of its physical result {@code rs} the first time. */
    MaatResultSetMetaData metaData(QueryPlan plan, ResultSet rs) throws SQLException {
        MaatResultSetMetaData md = metaData.get(plan);
        if (md == null) {
            md = new MaatResultSetMetaData(plan, rs.getMetaData());
            metaData.put(plan, md);
        }
        return md;
    }

    private void bind(List<ParameterBinder> binders, Object[] params, PreparedStatement ps) throws SQLException {
        for (ParameterBinder b : binders) {
            b.bind(params, ps);
        }
    }

    /** Runs a query; client-side steps (LIKE re-checks, DISTINCT, text ORDER BY, LIMIT) materialize it. */
    MaatResultSet query(QueryPlan plan, Object[] params, MaatStatement statement, int maxRows) throws SQLException {
        PreparedStatement ps = prepare(plan.sql());
        bind(plan.binders(), params, ps);
        ResultSet rs = ps.executeQuery();
        boolean cached = statements.get(plan.sql()) == ps;
        if (!plan.clientSide()) {
            if (cached) {
                busy.add(ps);
            }
            return new MaatResultSet(statement, plan, params, rs, maxRows, owner.shippingStats(),
                    () -> metaData(plan, rs), () -> {
                rs.close();
                if (cached) {
                    busy.remove(ps);
                } else {
                    ps.close();
                }
            });
        }
        List<Object[]> rows = new ArrayList<>();
        MaatResultSetMetaData md;
        try (rs) {
            md = metaData(plan, rs);
            List<ResultColumn> cols = plan.columns();
            boolean[] binary = null;
            while (rs.next()) {
                binary = owner.shippingStats().count(rs, binary);
                Object[] row = new Object[cols.size()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = cols.get(i).decode(rs, params);
                }
                if (ClientSideSteps.matches(plan, row, params)) {
                    rows.add(row);
                }
            }
        } finally {
            if (!cached) {
                ps.close();
            }
        }
        return new MaatResultSet(statement, plan, md, ClientSideSteps.apply(plan, rows, params), maxRows);
    }

    /**
     * A split query: its scans through {@link #query}, the rest on the connection's client H2.
     *
     * <p>Plain H2 answers one statement from one snapshot. Under auto-commit the scans therefore run in
     * one H2 transaction at H2's SNAPSHOT isolation (taken at the first read, kept to the commit;
     * H2's REPEATABLE READ only keeps rows already read), so a commit made between two scans is seen by none of them; isolation and auto-commit are
     * restored afterwards. Inside the application's own transaction H2 does not allow raising isolation,
     * so at READ COMMITTED each scan sees the commits made before it (encdb/README.md, split execution).
     */
    MaatResultSet split(SplitPlan plan, Object[] params, MaatStatement statement, int maxRows) throws SQLException {
        if (!h2.getAutoCommit()) {
            return runSplit(plan, params, statement, maxRows);
        }
        int isolation = h2.getTransactionIsolation();
        h2.setAutoCommit(false);
        try {
            if (isolation != Connection.TRANSACTION_SERIALIZABLE) {
                h2.setTransactionIsolation(org.h2.engine.Constants.TRANSACTION_SNAPSHOT);
            }
            MaatResultSet out = runSplit(plan, params, statement, maxRows);
            h2.commit(); // nothing written: ends the snapshot
            return out;
        } catch (SQLException | RuntimeException e) {
            try {
                h2.rollback();
            } catch (SQLException undo) {
                e.addSuppressed(undo);
            }
            throw e;
        } finally {
            try {
                h2.setTransactionIsolation(isolation);
            } finally {
                h2.setAutoCommit(true);
            }
        }
    }

    private MaatResultSet runSplit(SplitPlan plan, Object[] params, MaatStatement statement, int maxRows)
            throws SQLException {
        ClientEngine.Result r = client.run(plan, params, (scan, scanParams) -> query(scan, scanParams, null, 0),
                ServerSession.read(h2));
        return new MaatResultSet(statement, r.metaData(), r.rows(), maxRows);
    }

    /** A split query's result metadata before it runs. */
    java.sql.ResultSetMetaData splitMetaData(SplitPlan plan) throws SQLException {
        return client.metaData(plan, ServerSession.read(h2));
    }

    ClientEngine clientEngine() {
        return client;
    }

    /** EXPLAIN: one VARCHAR column PLAN, a line per row. */
    MaatResultSet explain(Plan.Explain plan, MaatStatement statement) throws SQLException {
        SimpleResultSet md = new SimpleResultSet();
        md.addColumn("PLAN", Types.VARCHAR, Integer.MAX_VALUE, 0);
        List<Object[]> rows = new ArrayList<>();
        plan.lines().forEach(l -> rows.add(new Object[] {l}));
        return new MaatResultSet(statement, md, rows, 0);
    }

    int write(WritePlan plan, Object[] params) throws SQLException {
        PreparedStatement ps = prepare(plan.sql());
        bind(plan.binders(), params, ps);
        return ps.executeUpdate();
    }

    int[] writeBatch(WritePlan plan, List<Object[]> batch) throws SQLException {
        PreparedStatement ps = prepare(plan.sql());
        for (Object[] params : batch) {
            bind(plan.binders(), params, ps);
            ps.addBatch();
        }
        return ps.executeBatch();
    }

    /**
     * INSERT ... SELECT: the decrypted rows of the query, re-encrypted as one batch of VALUES, all
     * inserted or none.
     */
    int insertSelect(InsertSelectPlan plan, Object[] params) throws SQLException {
        return atomic.run(() -> {
            List<Object[]> rows = read(plan.rows(), params, plan.columns(), plan::columnCountMismatch);
            if (rows.isEmpty()) {
                return 0;
            }
            int count = 0;
            for (int c : writeBatch(plan.insert(), rows)) {
                count += Math.max(c, 0);
            }
            return count;
        });
    }

    /**
     * UPDATE/DELETE on decrypted rows, as one statement: every new row is computed from the rows read
     * before anything is written (SET expressions and subqueries see the table as it was, as in H2),
     * then the rows are written by row id, then the triggers fire with each old and new row (H2 fires
     * AFTER row triggers once the statement's rows are written). Any failure undoes all of it.
     */
    int rowwise(RowwisePlan plan, Object[] params) throws SQLException {
        return atomic.run(() -> {
            int width = 1 + plan.selectedColumns();
            List<Object[]> selected = read(plan.rows(), params, width, n -> new SQLException(
                    "internal: row-by-row query returned " + n + " columns, expected " + width, "HY000"));
            int n = plan.table().columns().size();
            List<Object[]> oldRows = new ArrayList<>(selected.size());
            List<Object[]> newRows = new ArrayList<>(selected.size());
            for (Object[] row : selected) {
                Object[] values = Arrays.copyOfRange(row, 1, row.length);
                Object[] old = Arrays.copyOf(values, n);
                Object[] next = old.clone();
                for (RowwisePlan.Assignment a : plan.assignments()) {
                    next[a.columnIndex()] = plan.stored(a.columnIndex(), a.value().evaluate(values, params));
                }
                oldRows.add(old);
                newRows.add(next);
            }
            List<Object> rowIds = selected.stream().map(row -> row[0]).toList();
            int count = plan.isDelete() || rowIds.size() < 2 ? writeRows(plan, rowIds, newRows)
                    : updateRowsAsOne(plan, rowIds, newRows);
            fireTriggers(plan, oldRows, newRows);
            return count;
        });
    }

    /**
     * Writes an UPDATE's rows; when one collides with a unique key another of its rows held before, parks
     * the rows' keys ({@link KeyParking}) and writes them again, so the statement fails only if H2's
     * would, which checks keys once all rows are written.
     */
    private int updateRowsAsOne(RowwisePlan plan, List<Object> rowIds, List<Object[]> newRows) throws SQLException {
        Savepoint start = h2.setSavepoint();
        try {
            int count = writeRows(plan, rowIds, newRows);
            h2.releaseSavepoint(start);
            return count;
        } catch (SQLException collision) {
            if (!"23505".equals(collision.getSQLState())) {
                throw collision;
            }
            h2.rollback(start);
            try {
                if (!keyParking.park(plan, rowIds)) {
                    throw collision;
                }
            } catch (SQLException cannotPark) {
                if (cannotPark != collision) {
                    collision.addSuppressed(cannotPark);
                }
                throw collision;
            }
            return writeRows(plan, rowIds, newRows);
        }
    }

    private int writeRows(RowwisePlan plan, List<Object> rowIds, List<Object[]> newRows) throws SQLException {
        PreparedStatement write = prepare(plan.writeSql());
        int count = 0;
        for (int r = 0; r < rowIds.size(); r++) {
            if (plan.isDelete()) {
                write.setObject(1, rowIds.get(r));
            } else {
                plan.bindWrite(write, newRows.get(r), rowIds.get(r));
            }
            count += write.executeUpdate();
        }
        return count;
    }

    private void fireTriggers(RowwisePlan plan, List<Object[]> oldRows, List<Object[]> newRows) throws SQLException {
        if (plan.triggers().isEmpty()) {
            return;
        }
        List<Trigger> triggers = routines.triggers(plan.triggers(), plan.isDelete());
        try {
            for (int r = 0; r < oldRows.size(); r++) {
                for (Trigger t : triggers) {
                    t.fire(owner, oldRows.get(r).clone(), plan.isDelete() ? null : newRows.get(r).clone());
                }
            }
        } finally {
            for (Trigger t : triggers) {
                t.close();
            }
        }
    }

    /** A column count a write's query did not have. */
    @FunctionalInterface
    private interface WrongWidth {
        SQLException of(int columns);
    }

    /** Every row of a write's query, decrypted, {@code width} values each. */
    private List<Object[]> read(RowSource source, Object[] params, int width, WrongWidth wrongWidth)
            throws SQLException {
        return source.accept(new RowSource.Cases<List<Object[]>>() {
            @Override
            public List<Object[]> rewritten(QueryPlan plan) throws SQLException {
                try (ResultSet rs = query(plan, params, null, 0)) {
                    return rows(rs, width, wrongWidth);
                }
            }

            @Override
            public List<Object[]> application(String sql) throws SQLException {
                // The driver's own query path, as the application's SELECT would run; it has the
                // write's parameters, in the same order.
                try (PreparedStatement ps = owner.prepareStatement(sql)) {
                    for (int i = 0; i < params.length; i++) {
                        ps.setObject(i + 1, ValueSource.parameter(i).value(params));
                    }
                    try (ResultSet rs = ps.executeQuery()) {
                        return rows(rs, width, wrongWidth);
                    }
                }
            }
        });
    }

    private static List<Object[]> rows(ResultSet rs, int width, WrongWidth wrongWidth) throws SQLException {
        int columns = rs.getMetaData().getColumnCount();
        if (columns != width) {
            throw wrongWidth.of(columns);
        }
        List<Object[]> rows = new ArrayList<>();
        while (rs.next()) {
            Object[] row = new Object[width];
            for (int i = 0; i < width; i++) {
                row[i] = rs.getObject(i + 1);
            }
            rows.add(row);
        }
        return rows;
    }

    void close() {
        statements.values().forEach(PlanExecutor::closeQuietly);
        statements.clear();
        try {
            client.close();
        } catch (SQLException ignored) {
            // the private in-memory client database goes with its last connection either way
        }
    }

    private static void closeQuietly(Statement st) {
        try {
            st.close();
        } catch (SQLException ignored) {
            // closing a cached statement of a closing connection: nothing to recover
        }
    }
}
