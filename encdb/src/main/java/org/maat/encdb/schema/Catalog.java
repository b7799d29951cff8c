package org.maat.encdb.schema;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;

/**
 * The encrypted schema catalog, persisted in H2 tables of schema {@code MAAT} next to the data:
 * every logical column's type, onions, current layer of each onion, join group and search mode;
 * views (their text sealed, {@link ViewTextSeal}), procedures and triggers created through the driver; and
 * wrapped key material.
 *
 * <p>Guarantees: a change is written and committed in one H2 transaction together with the data
 * change it describes (a peel's {@code UPDATE}), and only then published as a new
 * {@link CatalogSnapshot}, so the recorded layer of an onion is always the layer its physical column
 * holds, across crashes. Readers get immutable snapshots without locking; writers are serialized.
 */
public final class Catalog {

    /** A change to data or physical schema made in the same transaction as a catalog change. */
    @FunctionalInterface
    public interface Change {
        void apply(Connection conn) throws SQLException;
    }

    private static final String[] DDL = {
        "CREATE SCHEMA IF NOT EXISTS MAAT",
        "CREATE TABLE IF NOT EXISTS MAAT.COLUMNS (TABLE_NAME VARCHAR NOT NULL, COLUMN_NAME VARCHAR NOT NULL, "
            + "ORDINAL INT NOT NULL, PLAINTEXT BOOLEAN NOT NULL, KIND VARCHAR, TYPE_NAME VARCHAR, SQL_TYPE INT, "
            + "TYPE_PRECISION INT, TYPE_SCALE INT, NULLABLE BOOLEAN NOT NULL, EQ_LAYER VARCHAR, ORD_LAYER VARCHAR, "
            + "ADD_LAYER VARCHAR, SEARCH_LAYER VARCHAR, SEARCH_MODE VARCHAR, JOIN_GROUP VARCHAR, PINNED VARCHAR, "
            + "PRIMARY KEY (TABLE_NAME, COLUMN_NAME))",
        "CREATE TABLE IF NOT EXISTS MAAT.VIEWS (VIEW_NAME VARCHAR PRIMARY KEY, SQL_TEXT VARCHAR NOT NULL)",
        "CREATE TABLE IF NOT EXISTS MAAT.ROUTINES (ROUTINE_NAME VARCHAR PRIMARY KEY, JAVA_METHOD VARCHAR NOT NULL)",
        "CREATE TABLE IF NOT EXISTS MAAT.TRIGGERS (TRIGGER_NAME VARCHAR PRIMARY KEY, TABLE_NAME VARCHAR NOT NULL, "
            + "BEFORE_ROW BOOLEAN NOT NULL, EVENTS VARCHAR NOT NULL, JAVA_CLASS VARCHAR NOT NULL)",
        "CREATE TABLE IF NOT EXISTS MAAT.SECRETS (SECRET_NAME VARCHAR PRIMARY KEY, SECRET VARBINARY NOT NULL)",
    };

    private volatile CatalogSnapshot snapshot;
    private final ViewTextSeal viewTexts;

    private Catalog(CatalogSnapshot snapshot, ViewTextSeal viewTexts) {
        this.snapshot = snapshot;
        this.viewTexts = viewTexts;
    }

    /**
     * Opens the catalog of the database behind {@code conn}, creating its tables when absent; views' texts are
     * sealed with {@code viewTexts} in H2.
     */
    public static Catalog open(Connection conn, ViewTextSeal viewTexts) throws SQLException {
        boolean auto = conn.getAutoCommit();
        conn.setAutoCommit(true);
        try (Statement st = conn.createStatement()) {
            for (String ddl : DDL) {
                st.execute(ddl);
            }
        } finally {
            conn.setAutoCommit(auto);
        }
        return new Catalog(load(conn, 1, viewTexts), viewTexts);
    }

    /** The current schema; never blocks. */
    public CatalogSnapshot snapshot() {
        return snapshot;
    }

    /** Replaces several tables at once (e.g. a join group change touching two tables). */
    public synchronized void putTables(Connection conn, List<EncryptedTable> changed, Change ddl) throws SQLException {
        inTransaction(conn, c -> {
            ddl.apply(c);
            for (EncryptedTable t : changed) {
                writeColumns(c, t);
            }
        });
        Map<String, EncryptedTable> tables = new HashMap<>(snapshot.tables());
        changed.forEach(t -> tables.put(t.name(), t));
        publish(tables, snapshot.views(), snapshot.routines(), snapshot.triggers());
    }

    /**
     * Records that {@code column}'s {@code onion} now sits at {@code layer}, in the same transaction as
     * {@code dataChange} (the peel's UPDATE over the whole column).
     */
    public synchronized void setLayer(Connection conn, EncryptedColumn column, Onion onion, Layer layer,
            Change dataChange) throws SQLException {
        EncryptedTable table = snapshot.table(column.table());
        EncryptedColumn current = table.column(column.name());
        EncryptedColumn next = current.withLayer(onion, layer);
        inTransaction(conn, c -> {
            dataChange.apply(c);
            try (PreparedStatement ps = c.prepareStatement("UPDATE MAAT.COLUMNS SET " + onion.name()
                    + "_LAYER = ? WHERE TABLE_NAME = ? AND COLUMN_NAME = ?")) {
                ps.setString(1, layer.name());
                ps.setString(2, column.table());
                ps.setString(3, column.name());
                ps.executeUpdate();
            }
        });
        Map<String, EncryptedTable> tables = new HashMap<>(snapshot.tables());
        tables.put(table.name(), table.with(next));
        publish(tables, snapshot.views(), snapshot.routines(), snapshot.triggers());
    }

    /** Drops a table (and its triggers) after {@code ddl}. */
    public synchronized void dropTable(Connection conn, String name, Change ddl) throws SQLException {
        inTransaction(conn, c -> {
            ddl.apply(c);
            for (String sql : List.of("DELETE FROM MAAT.COLUMNS WHERE TABLE_NAME = ?",
                    "DELETE FROM MAAT.TRIGGERS WHERE TABLE_NAME = ?")) {
                try (PreparedStatement ps = c.prepareStatement(sql)) {
                    ps.setString(1, name);
                    ps.executeUpdate();
                }
            }
        });
        Map<String, EncryptedTable> tables = new HashMap<>(snapshot.tables());
        tables.remove(name);
        Map<String, TriggerDefinition> triggers = new HashMap<>(snapshot.triggers());
        triggers.values().removeIf(t -> t.table().equals(name));
        publish(tables, snapshot.views(), snapshot.routines(), triggers);
    }

    public synchronized void putView(Connection conn, ViewDefinition view) throws SQLException {
        String sealed = viewTexts.seal(view.name(), view.selectSql());
        inTransaction(conn, c -> {
            try (PreparedStatement ps = c.prepareStatement("MERGE INTO MAAT.VIEWS KEY (VIEW_NAME) VALUES (?, ?)")) {
                ps.setString(1, view.name());
                ps.setString(2, sealed);
                ps.executeUpdate();
            }
        });
        Map<String, ViewDefinition> views = new HashMap<>(snapshot.views());
        views.put(view.name(), view);
        publish(snapshot.tables(), views, snapshot.routines(), snapshot.triggers());
    }

    public synchronized void dropView(Connection conn, String name) throws SQLException {
        inTransaction(conn, c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM MAAT.VIEWS WHERE VIEW_NAME = ?")) {
                ps.setString(1, name);
                ps.executeUpdate();
            }
        });
        Map<String, ViewDefinition> views = new HashMap<>(snapshot.views());
        views.remove(name);
        publish(snapshot.tables(), views, snapshot.routines(), snapshot.triggers());
    }

    public synchronized void putRoutine(Connection conn, RoutineDefinition routine) throws SQLException {
        inTransaction(conn, c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "MERGE INTO MAAT.ROUTINES KEY (ROUTINE_NAME) VALUES (?, ?)")) {
                ps.setString(1, routine.name());
                ps.setString(2, routine.javaMethod());
                ps.executeUpdate();
            }
        });
        Map<String, RoutineDefinition> routines = new HashMap<>(snapshot.routines());
        routines.put(routine.name(), routine);
        publish(snapshot.tables(), snapshot.views(), routines, snapshot.triggers());
    }

    public synchronized void putTrigger(Connection conn, TriggerDefinition trigger) throws SQLException {
        inTransaction(conn, c -> {
            try (PreparedStatement ps = c.prepareStatement(
                    "MERGE INTO MAAT.TRIGGERS KEY (TRIGGER_NAME) VALUES (?, ?, ?, ?, ?)")) {
                ps.setString(1, trigger.name());
                ps.setString(2, trigger.table());
                ps.setBoolean(3, trigger.before());
                ps.setString(4, String.join(",", trigger.events()));
                ps.setString(5, trigger.javaClass());
                ps.executeUpdate();
            }
        });
        Map<String, TriggerDefinition> triggers = new HashMap<>(snapshot.triggers());
        triggers.put(trigger.name(), trigger);
        publish(snapshot.tables(), snapshot.views(), snapshot.routines(), triggers);
    }

    public synchronized void dropTrigger(Connection conn, String name) throws SQLException {
        inTransaction(conn, c -> {
            try (PreparedStatement ps = c.prepareStatement("DELETE FROM MAAT.TRIGGERS WHERE TRIGGER_NAME = ?")) {
                ps.setString(1, name);
                ps.executeUpdate();
            }
        });
        Map<String, TriggerDefinition> triggers = new HashMap<>(snapshot.triggers());
        triggers.remove(name);
        publish(snapshot.tables(), snapshot.views(), snapshot.routines(), triggers);
    }

    /** A stored secret (wrapped key material), or null. */
    public byte[] secret(Connection conn, String name) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement("SELECT SECRET FROM MAAT.SECRETS WHERE SECRET_NAME = ?")) {
            ps.setString(1, name);
            try (ResultSet rs = ps.executeQuery()) {
                return rs.next() ? rs.getBytes(1) : null;
            }
        }
    }

    /** Stores a secret unless one of that name exists; returns the stored one (first writer wins). */
    public synchronized byte[] putSecretIfAbsent(Connection conn, String name, byte[] value) throws SQLException {
        byte[][] stored = new byte[1][];
        inTransaction(conn, c -> {
            byte[] existing = secret(c, name);
            if (existing != null) {
                stored[0] = existing;
                return;
            }
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO MAAT.SECRETS VALUES (?, ?)")) {
                ps.setString(1, name);
                ps.setBytes(2, value);
                ps.executeUpdate();
            }
            stored[0] = value;
        });
        return stored[0];
    }

    private void publish(Map<String, EncryptedTable> tables, Map<String, ViewDefinition> views,
            Map<String, RoutineDefinition> routines, Map<String, TriggerDefinition> triggers) {
        snapshot = new CatalogSnapshot(snapshot.version() + 1, tables, views, routines, triggers);
    }

    private static void inTransaction(Connection conn, Change change) throws SQLException {
        boolean auto = conn.getAutoCommit();
        conn.setAutoCommit(false);
        try {
            change.apply(conn);
            conn.commit();
        } catch (SQLException | RuntimeException e) {
            conn.rollback();
            throw e;
        } finally {
            conn.setAutoCommit(auto);
        }
    }

    private static void writeColumns(Connection c, EncryptedTable table) throws SQLException {
        try (PreparedStatement del = c.prepareStatement("DELETE FROM MAAT.COLUMNS WHERE TABLE_NAME = ?")) {
            del.setString(1, table.name());
            del.executeUpdate();
        }
        try (PreparedStatement ps = c.prepareStatement("INSERT INTO MAAT.COLUMNS VALUES "
                + "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (EncryptedColumn col : table.columns()) {
                ps.setString(1, col.table());
                ps.setString(2, col.name());
                ps.setInt(3, col.ordinal());
                ps.setBoolean(4, col.plaintext());
                ColumnType t = col.type();
                ps.setString(5, t == null ? null : t.kind().name());
                ps.setString(6, t == null ? null : t.typeName());
                ps.setObject(7, t == null ? null : t.sqlType());
                ps.setObject(8, t == null ? null : t.precision());
                ps.setObject(9, t == null ? null : t.scale());
                ps.setBoolean(10, col.nullable());
                int i = 11;
                for (Onion o : Onion.values()) {
                    Layer l = col.layers().get(o);
                    ps.setString(i++, l == null ? null : l.name());
                }
                ps.setString(15, col.search());
                ps.setString(16, col.joinGroup());
                ps.setString(17, col.pinned());
                ps.addBatch();
            }
            ps.executeBatch();
        }
    }

    private static CatalogSnapshot load(Connection c, long version, ViewTextSeal viewTexts) throws SQLException {
        Map<String, List<EncryptedColumn>> columns = new LinkedHashMap<>();
        try (Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM MAAT.COLUMNS ORDER BY TABLE_NAME, ORDINAL")) {
            while (rs.next()) {
                String kind = rs.getString("KIND");
                ColumnType type = kind == null ? null : ColumnType.of(kind, rs.getString("TYPE_NAME"),
                        rs.getInt("SQL_TYPE"), rs.getInt("TYPE_PRECISION"), rs.getInt("TYPE_SCALE"));
                EnumMap<Onion, Layer> layers = new EnumMap<>(Onion.class);
                for (Onion o : Onion.values()) {
                    String l = rs.getString(o.name() + "_LAYER");
                    if (l != null) {
                        layers.put(o, Layer.valueOf(l));
                    }
                }
                EncryptedColumn col = new EncryptedColumn(rs.getString("TABLE_NAME"), rs.getString("COLUMN_NAME"),
                        rs.getInt("ORDINAL"), type, rs.getBoolean("NULLABLE"), rs.getBoolean("PLAINTEXT"), layers,
                        rs.getString("JOIN_GROUP"), rs.getString("SEARCH_MODE"), rs.getString("PINNED"));
                columns.computeIfAbsent(col.table(), k -> new ArrayList<>()).add(col);
            }
        }
        Map<String, EncryptedTable> tables = new HashMap<>();
        columns.forEach((name, cols) -> tables.put(name, new EncryptedTable(name, cols)));
        Map<String, ViewDefinition> views = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT * FROM MAAT.VIEWS")) {
            while (rs.next()) {
                views.put(rs.getString(1), new ViewDefinition(rs.getString(1), viewTexts.open(rs.getString(1),
                        rs.getString(2))));
            }
        }
        Map<String, RoutineDefinition> routines = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT * FROM MAAT.ROUTINES")) {
            while (rs.next()) {
                routines.put(rs.getString(1), new RoutineDefinition(rs.getString(1), rs.getString(2)));
            }
        }
        Map<String, TriggerDefinition> triggers = new HashMap<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT * FROM MAAT.TRIGGERS")) {
            while (rs.next()) {
                triggers.put(rs.getString(1), new TriggerDefinition(rs.getString(1), rs.getString(2),
                        rs.getBoolean(3), Set.of(rs.getString(4).split(",")), rs.getString(5)));
            }
        }
        return new CatalogSnapshot(version, tables, views, routines, triggers);
    }
}
