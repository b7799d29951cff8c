package org.maat.encdb.jdbc;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.h2.api.Trigger;
import org.maat.encdb.rewrite.DdlPlan;
import org.maat.encdb.rewrite.InsertSelectPlan;
import org.maat.encdb.rewrite.ParameterBinder;
import org.maat.encdb.rewrite.QueryPlan;
import org.maat.encdb.rewrite.ResultColumn;
import org.maat.encdb.rewrite.RowwisePlan;
import org.maat.encdb.rewrite.Plan;
import org.maat.encdb.rewrite.WritePlan;
import org.maat.encdb.schema.Identifiers;
import org.maat.encdb.schema.RoutineDefinition;
import org.maat.encdb.schema.SqlValues;
import org.maat.encdb.schema.TriggerDefinition;

/**
 * Runs plans for one connection: binds the physical statement (reusing a prepared statement per
 * physical SQL text), executes it on the connection's H2 session, and builds decrypted results;
 * runs row-by-row updates with their triggers, procedures, and schema changes.
 */
final class PlanExecutor {

    private static final int STATEMENT_CACHE = 128;

    private final MaatConnection owner;
    private final Connection h2;
    private final EncryptedDatabase db;
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

    PlanExecutor(MaatConnection owner, Connection h2, EncryptedDatabase db) {
        this.owner = owner;
        this.h2 = h2;
        this.db = db;
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
            return new MaatResultSet(statement, plan, params, rs, maxRows, () -> {
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
            while (rs.next()) {
                Object[] row = new Object[cols.size()];
                for (int i = 0; i < row.length; i++) {
                    row[i] = cols.get(i).decode(rs, params);
                }
                boolean keep = true;
                for (QueryPlan.LikeFilter f : plan.filters()) {
                    keep &= f.matches(row[f.column()], params);
                }
                if (keep) {
                    rows.add(row);
                }
            }
        } finally {
            if (!cached) {
                ps.close();
            }
        }
        if (plan.clientDistinct()) {
            Set<List<Object>> seen = new HashSet<>();
            rows.removeIf(r -> !seen.add(Arrays.asList(Arrays.copyOf(r, plan.visible()))));
        }
        if (!plan.clientSort().isEmpty()) {
            rows.sort(comparator(plan.clientSort()));
        }
        int from = 0;
        if (plan.offset() != null) {
            from = (int) Math.min(rows.size(), Math.max(0, toLong(plan.offset().value(params))));
        }
        int to = rows.size();
        if (plan.limit() != null) {
            Object l = plan.limit().value(params);
            if (l != null) {
                to = (int) Math.min(rows.size(), from + Math.max(0, toLong(l)));
            }
        }
        return new MaatResultSet(statement, plan, metaData, new ArrayList<>(rows.subList(from, to)), maxRows);
    }

    private static long toLong(Object v) {
        return SqlValues.toBigDecimal(v).longValue();
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Comparator<Object[]> comparator(List<QueryPlan.SortKey> keys) {
        return (a, b) -> {
            for (QueryPlan.SortKey k : keys) {
                Object x = a[k.column()];
                Object y = b[k.column()];
                int c;
                if (x == null || y == null) {
                    if (x == y) {
                        continue;
                    }
                    return (x == null) == k.nullsFirst() ? -1 : 1; // NULL placement ignores ASC/DESC
                }
                if (x instanceof BigDecimal d && y instanceof BigDecimal e) {
                    c = d.compareTo(e);
                } else {
                    c = ((Comparable) x).compareTo(y);
                }
                if (!k.ascending()) {
                    c = -c;
                }
                if (c != 0) {
                    return c;
                }
            }
            return 0;
        };
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
        List<Trigger> triggers = new ArrayList<>();
        for (TriggerDefinition t : plan.triggers()) {
            triggers.add(trigger(t, plan.isDelete()));
        }
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

    private Trigger trigger(TriggerDefinition t, boolean delete) throws SQLException {
        try {
            Object o = Class.forName(t.javaClass(), true, Thread.currentThread().getContextClassLoader() != null
                    ? Thread.currentThread().getContextClassLoader() : getClass().getClassLoader())
                    .getDeclaredConstructor().newInstance();
            if (!(o instanceof Trigger trigger)) {
                throw new SQLException("trigger class " + t.javaClass() + " does not implement org.h2.api.Trigger");
            }
            trigger.init(owner, "PUBLIC", t.name(), t.table(), t.before(), delete ? Trigger.DELETE : Trigger.UPDATE);
            return trigger;
        } catch (ReflectiveOperationException e) {
            throw new SQLException("cannot load trigger class " + t.javaClass() + ": " + e, "90043", e);
        }
    }

    /** {@code CALL procedure(args)}: the Java method, given this (plaintext-view) connection. */
    Object call(Plan.Call plan, Object[] params) throws SQLException {
        RoutineDefinition r = db.catalog().snapshot().routines().get(plan.routine());
        if (r == null) {
            throw new SQLException("Function \"" + plan.routine() + "\" not found (create it through the driver with "
                    + "CREATE ALIAS)", "90022");
        }
        int dot = r.javaMethod().lastIndexOf('.');
        String cls = r.javaMethod().substring(0, dot);
        String name = r.javaMethod().substring(dot + 1);
        Method method = null;
        try {
            for (Method m : Class.forName(cls).getMethods()) {
                int expected = plan.arguments().size() + (m.getParameterCount() > 0
                        && m.getParameterTypes()[0] == Connection.class ? 1 : 0);
                if (m.getName().equals(name) && Modifier.isStatic(m.getModifiers()) && m.getParameterCount() == expected) {
                    method = m;
                }
            }
        } catch (ClassNotFoundException e) {
            throw new SQLException("procedure class not found: " + cls, "90043", e);
        }
        if (method == null) {
            throw new SQLException("no static method " + r.javaMethod() + " taking " + plan.arguments().size()
                    + " arguments", "90087");
        }
        Class<?>[] types = method.getParameterTypes();
        Object[] args = new Object[types.length];
        int a = 0;
        for (int i = 0; i < types.length; i++) {
            args[i] = types[i] == Connection.class ? owner : SqlValues.toArgument(plan.arguments().get(a++).value(params), types[i]);
        }
        try {
            return method.invoke(null, args);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof SQLException s) {
                throw s;
            }
            throw new SQLException(r.name() + " failed: " + e.getCause(), e.getCause());
        } catch (IllegalAccessException e) {
            throw new SQLException("cannot call " + r.javaMethod() + ": " + e, e);
        }
    }

    /** A table change (CREATE TABLE, ALTER TABLE): its physical DDL and the catalog update, with the gate closed. */
    void ddl(DdlPlan plan) throws SQLException {
        owner.beforeSchemaChange();
        db.applyDdl(plan);
    }

    void createView(Plan.CreateView v) throws SQLException {
        owner.beforeSchemaChange();
        db.schemaChange(conn -> {
            var snap = db.catalog().snapshot();
            if (snap.table(v.view().name()) != null || (!v.orReplace() && snap.view(v.view().name()) != null)) {
                throw new SQLException("View \"" + v.view().name() + "\" already exists", "42S01");
            }
            db.catalog().putView(conn, v.view());
        });
    }

    void createRoutine(Plan.CreateRoutine r) throws SQLException {
        owner.beforeSchemaChange();
        db.schemaChange(conn -> db.catalog().putRoutine(conn, r.routine()));
    }

    void createTrigger(Plan.CreateTrigger plan) throws SQLException {
        owner.beforeSchemaChange();
        TriggerDefinition t = plan.trigger();
        if (db.catalog().snapshot().table(t.table()) == null) {
            throw new SQLException("Table \"" + t.table() + "\" not found", "42S02");
        }
        db.schemaChange(conn -> db.catalog().putTrigger(conn, t));
    }

    void drop(Plan.Drop d) throws SQLException {
        owner.beforeSchemaChange();
        db.schemaChange(conn -> drop(conn, d));
    }

    /** COMMIT and ROLLBACK end this connection's transaction; CREATE runs with the gate closed; the rest on H2. */
    void passThrough(Plan.PassThrough p) throws SQLException {
        String upper = p.sql().strip().toUpperCase(java.util.Locale.ROOT);
        if (p.createsSchema()) {
            owner.beforeSchemaChange();
            db.schemaChange(conn -> {
                try (Statement st = conn.createStatement()) {
                    st.execute(p.sql());
                }
            });
        } else if (upper.startsWith("COMMIT")) {
            owner.commit();
        } else if (upper.startsWith("ROLLBACK")) {
            owner.rollback();
        } else {
            try (Statement st = h2.createStatement()) {
                st.execute(p.sql());
            }
        }
    }

    private void drop(Connection conn, Plan.Drop d) throws SQLException {
        var snap = db.catalog().snapshot();
        switch (d.kind()) {
            case "TABLE" -> {
                if (snap.table(d.name()) == null) {
                    if (d.ifExists()) {
                        return;
                    }
                    throw new SQLException("Table \"" + d.name() + "\" not found", "42S02");
                }
                db.catalog().dropTable(conn, d.name(), c -> {
                    try (Statement st = c.createStatement()) {
                        st.execute("DROP TABLE " + Identifiers.quote(d.name()));
                    }
                });
            }
            case "VIEW" -> {
                if (snap.view(d.name()) == null) {
                    if (d.ifExists()) {
                        return;
                    }
                    throw new SQLException("View \"" + d.name() + "\" not found", "42S02");
                }
                db.catalog().dropView(conn, d.name());
            }
            default -> {
                try (Statement st = conn.createStatement()) {
                    st.execute("DROP INDEX " + (d.ifExists() ? "IF EXISTS " : "") + Identifiers.quote(d.name()));
                }
            }
        }
    }

    void close() {
        statements.values().forEach(PlanExecutor::closeQuietly);
        statements.clear();
    }

    private static void closeQuietly(Statement st) {
        try {
            st.close();
        } catch (SQLException ignored) {
            // closing a cached statement of a closing connection: nothing to recover
        }
    }
}
