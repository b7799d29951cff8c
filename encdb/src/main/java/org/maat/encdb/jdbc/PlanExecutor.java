package org.maat.encdb.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
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
import org.maat.encdb.rewrite.InsertSelectPlan;
import org.maat.encdb.rewrite.ParameterBinder;
import org.maat.encdb.rewrite.QueryPlan;
import org.maat.encdb.rewrite.ResultColumn;
import org.maat.encdb.rewrite.RowwisePlan;
import org.maat.encdb.rewrite.WritePlan;

/**
 * Runs plans for one connection: binds the physical statement (reusing a prepared statement per
 * physical SQL text), executes it on the connection's H2 session, and builds decrypted results
 * (the client-side steps of a query are {@link ClientSideSteps}); runs INSERT ... SELECT and row-by-row
 * updates, firing triggers ({@link RoutineEmulation}). Schema statements are {@link SchemaChanges}.
 */
final class PlanExecutor {

    private static final int STATEMENT_CACHE = 128;

    private final MaatConnection owner;
    private final Connection h2;
    private final RoutineEmulation routines;
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

    PlanExecutor(MaatConnection owner, Connection h2, RoutineEmulation routines) {
        this.owner = owner;
        this.h2 = h2;
        this.routines = routines;
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
            return new MaatResultSet(statement, plan, params, rs, maxRows, owner.shippingStats(), () -> {
                rs.close();
                if (cached) {
                    busy.remove(ps);
                } else {
                    ps.close();
                }
            });
        }
        List<Object[]> rows = new ArrayList<>();
        MaatResultSetMetaData metaData;
        try (rs) {
            metaData = new MaatResultSetMetaData(plan, rs.getMetaData());
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
        return new MaatResultSet(statement, plan, metaData, ClientSideSteps.apply(plan, rows, params), maxRows);
    }

    /** A split query: its scans through {@link #query}, the rest on the connection's client H2. */
    MaatResultSet split(SplitPlan plan, Object[] params, MaatStatement statement, int maxRows) throws SQLException {
        ClientEngine.Result r = client.run(plan, params, (scan, scanParams) -> query(scan, scanParams, null, 0));
        return new MaatResultSet(statement, r.metaData(), r.rows(), maxRows);
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

    /** INSERT ... SELECT: the decrypted rows of the query, re-encrypted as one batch of VALUES. */
    int insertSelect(InsertSelectPlan plan, Object[] params) throws SQLException {
        List<Object[]> rows = new ArrayList<>();
        int n = plan.select().visible();
        try (MaatResultSet rs = query(plan.select(), params, null, 0)) {
            while (rs.next()) {
                Object[] row = new Object[n];
                for (int i = 0; i < n; i++) {
                    row[i] = rs.getObject(i + 1);
                }
                rows.add(row);
            }
        }
        if (rows.isEmpty()) {
            return 0;
        }
        int count = 0;
        for (int c : writeBatch(plan.insert(), rows)) {
            count += Math.max(c, 0);
        }
        return count;
    }

    /** UPDATE/DELETE on decrypted rows, firing triggers with the old and new rows. */
    int rowwise(RowwisePlan plan, Object[] params) throws SQLException {
        List<Object[]> oldRows = new ArrayList<>();
        List<Object> rowIds = new ArrayList<>();
        int n = plan.table().columns().size();
        try (MaatResultSet rs = query(plan.select(), params, null, 0)) {
            while (rs.next()) {
                rowIds.add(rs.getObject(1));
                Object[] row = new Object[n];
                for (int i = 0; i < n; i++) {
                    row[i] = rs.getObject(i + 2);
                }
                oldRows.add(row);
            }
        }
        List<Trigger> triggers = routines.triggers(plan.triggers(), plan.isDelete());
        try {
            PreparedStatement write = prepare(plan.writeSql());
            int count = 0;
            for (int r = 0; r < oldRows.size(); r++) {
                Object[] old = oldRows.get(r);
                Object[] next = old.clone();
                for (RowwisePlan.Assignment a : plan.assignments()) {
                    next[a.columnIndex()] = plan.stored(a.columnIndex(), a.value().evaluate(old, params));
                }
                if (plan.isDelete()) {
                    write.setObject(1, rowIds.get(r));
                } else {
                    plan.bindWrite(write, next, rowIds.get(r));
                }
                count += write.executeUpdate();
                for (Trigger t : triggers) {
                    t.fire(owner, old.clone(), plan.isDelete() ? null : next.clone());
                }
            }
            return count;
        } finally {
            for (Trigger t : triggers) {
                t.close();
            }
        }
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
