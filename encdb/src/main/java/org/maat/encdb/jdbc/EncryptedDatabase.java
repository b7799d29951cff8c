package org.maat.encdb.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.maat.encdb.key.KeyDerivation;
import org.maat.keys.KeySource;
import org.maat.encdb.rewrite.DdlPlan;
import org.maat.encdb.rewrite.KeyRing;
import org.maat.encdb.rewrite.LayerPeeler;
import org.maat.encdb.rewrite.PeelRequired;
import org.maat.encdb.rewrite.Peeling;
import org.maat.encdb.rewrite.Plan;
import org.maat.encdb.rewrite.RewriteOptions;
import org.maat.encdb.rewrite.SplitPlan;
import java.sql.SQLFeatureNotSupportedException;
import org.maat.encdb.rewrite.StatementRewriter;
import org.maat.encdb.schema.Catalog;
import org.maat.encdb.schema.ViewTextSeal;

/**
 * One encrypted H2 database as every connection of this JVM shares it: the catalog, the key ring
 * (per-column ciphers, OPE caches, the Paillier key), the plan cache keyed by SQL text, the layer
 * gate, and a connection of its own for peels and schema changes. Opened by the first connection to
 * a URL and closed with the last.
 */
final class EncryptedDatabase {

    private static final Map<String, EncryptedDatabase> OPEN = new ConcurrentHashMap<>();
    private static final int PLAN_CACHE = 4096;

    private static final String[] SERVER_FUNCTIONS = {
        "CREATE ALIAS IF NOT EXISTS MAAT_PEEL_RND FOR \"org.maat.encdb.server.ServerFunctions.peelRnd\"",
        "CREATE ALIAS IF NOT EXISTS MAAT_PEEL_DET FOR \"org.maat.encdb.server.ServerFunctions.peelDet\"",
        "CREATE ALIAS IF NOT EXISTS MAAT_SWP_MATCH FOR \"org.maat.encdb.server.ServerFunctions.swpMatch\"",
        "CREATE ALIAS IF NOT EXISTS MAAT_HOM_ADD FOR \"org.maat.encdb.server.ServerFunctions.homAdd\"",
        "CREATE ALIAS IF NOT EXISTS MAAT_HOM_MULTIPLY FOR \"org.maat.encdb.server.ServerFunctions.homMultiply\"",
        "CREATE AGGREGATE IF NOT EXISTS MAAT_HOM_SUM FOR \"org.maat.encdb.server.HomSum\"",
    };

    private record Cached(long version, Plan plan) {
    }

    private final String key;
    private final String h2Url;
    private final Properties h2Properties;
    private final Connection internal;
    private final Catalog catalog;
    private final KeyRing keys;
    private final RewriteOptions options;
    private final LayerPeeler peeler;
    private final LayerGate gate = new LayerGate();
    /** Reads what JSqlParser cannot, on a private database of the schema's shape (never on the server). */
    private final H2Grammar grammar = new H2Grammar();
    /** Plans by SQL text; read on every statement, so lock-free; emptied when it grows past its bound. */
    private final Map<String, Cached> plans = new ConcurrentHashMap<>();
    private int users;

    private EncryptedDatabase(String key, String h2Url, Properties h2Properties, KeySource source,
            RewriteOptions options) throws SQLException {
        this.key = key;
        this.options = options;
        this.h2Url = h2Url;
        this.h2Properties = h2Properties;
        this.internal = H2Connections.openServer(h2Url, h2Properties);
        try {
            try (Statement st = internal.createStatement()) {
                for (String sql : SERVER_FUNCTIONS) {
                    st.execute(sql);
                }
            }
            KeyDerivation derivation = new KeyDerivation(source);
            byte[] viewKey = derivation.derive("CATALOG/VIEW_TEXT", 32);
            try {
                this.catalog = Catalog.open(internal, new ViewTextSeal(viewKey));
            } finally {
                Arrays.fill(viewKey, (byte) 0);
            }
            this.keys = new KeyRing(derivation, new KeyRing.SecretStore() {
                @Override
                public byte[] get(String name) throws SQLException {
                    synchronized (EncryptedDatabase.this) {
                        return catalog.secret(internal, name);
                    }
                }

                @Override
                public byte[] putIfAbsent(String name, byte[] wrapped) throws SQLException {
                    synchronized (EncryptedDatabase.this) {
                        return catalog.putSecretIfAbsent(internal, name, wrapped);
                    }
                }
            });
            byte[] check = keys.keyCheck();
            byte[] stored = catalog.putSecretIfAbsent(internal, "KEYCHECK", check);
            if (!Arrays.equals(check, stored)) {
                throw new SQLException("wrong master key for " + h2Url + " (" + source.describe()
                        + " is not the key this database was encrypted with)", "28000");
            }
            this.peeler = new LayerPeeler(keys);
        } catch (SQLException | RuntimeException e) {
            internal.close();
            throw e;
        }
    }

    /** The shared database for {@code h2Url}, opening it on first use (its first opener's options apply). */
    static EncryptedDatabase acquire(String h2Url, Properties h2Properties, KeySource source, RewriteOptions options)
            throws SQLException {
        if (h2Url.equals("jdbc:h2:mem:") || h2Url.startsWith("jdbc:h2:mem:;")) {
            throw new SQLException("an unnamed in-memory H2 database cannot be shared by the driver's connections; "
                    + "name it (jdbc:maat:h2:mem:NAME)", "08001");
        }
        synchronized (OPEN) {
            EncryptedDatabase db = OPEN.get(h2Url);
            if (db == null) {
                db = new EncryptedDatabase(h2Url, h2Url, h2Properties, source, options);
                OPEN.put(h2Url, db);
            } else if (!Arrays.equals(db.keys.keyCheck(), new KeyRing(new KeyDerivation(source), null).keyCheck())) {
                throw new SQLException("wrong master key for " + h2Url + " (" + source.describe() + ")", "28000");
            }
            db.users++;
            return db;
        }
    }

    /** Called by a closing connection; the last one closes the internal connection. */
    void release() throws SQLException {
        synchronized (OPEN) {
            if (--users == 0) {
                OPEN.remove(key);
                keys.close();
                grammar.close();
                internal.close();
            }
        }
    }

    Connection openPhysical() throws SQLException {
        return H2Connections.openServer(h2Url, h2Properties);
    }

    Catalog catalog() {
        return catalog;
    }

    H2Grammar grammar() {
        return grammar;
    }

    LayerGate gate() {
        return gate;
    }

    /**
     * The plan of {@code sql} for the current catalog, peeling layers it needs first. The caller
     * holds a gate entry ({@code holdsLease} when its connection has uncommitted writes); it is let go
     * while a peel runs and taken again.
     */
    Plan plan(String sql, boolean holdsLease) throws SQLException {
        return plan(sql, sql, holdsLease,
                (snapshot, peeling) -> StatementRewriter.plan(sql, snapshot, keys, options, this::rowCount, peeling));
    }

    /** The split plan of a query whose whole-in-H2 plan H2 refused when it ran (cached apart from it). */
    SplitPlan splitPlan(String sql, SQLFeatureNotSupportedException refused, boolean holdsLease)
            throws SQLException {
        return (SplitPlan) plan("split:" + sql, sql, holdsLease,
                (snapshot, peeling) -> StatementRewriter.planSplit(sql, refused, snapshot, keys, options,
                        this::rowCount, peeling));
    }

    /** The row-by-row plan of an UPDATE or DELETE whose physical statement H2 refused a value of when it ran. */
    Plan rowwisePlan(String sql, SQLFeatureNotSupportedException refused, boolean holdsLease) throws SQLException {
        return plan("rowwise:" + sql, sql, holdsLease,
                (snapshot, peeling) -> StatementRewriter.planRowwise(sql, refused, snapshot, keys));
    }

    @FunctionalInterface
    private interface Planner {
        Plan plan(org.maat.encdb.schema.CatalogSnapshot snapshot, Peeling peeling) throws SQLException, PeelRequired;
    }

    private Plan plan(String cacheKey, String sql, boolean holdsLease, Planner planner) throws SQLException {
        for (int attempt = 0; attempt < 32; attempt++) {
            long version = catalog.snapshot().version();
            Cached c = plans.get(cacheKey);
            if (c != null && c.version() == version) {
                return c.plan();
            }
            try {
                Plan plan = planner.plan(catalog.snapshot(), Peeling.onDemand());
                if (plan.cacheable()) {
                    if (plans.size() >= PLAN_CACHE) {
                        plans.clear(); // an application with ever-new SQL texts (literals inlined)
                    }
                    plans.put(cacheKey, new Cached(version, plan));
                }
                return plan;
            } catch (PeelRequired p) {
                if (holdsLease) {
                    // No peel while this connection's writes are uncommitted: a query does without it (a
                    // condition left to the client), not cached, so a later statement may peel and push it.
                    try {
                        return planner.plan(catalog.snapshot(),
                                Peeling.avoided("this connection has uncommitted writes"));
                    } catch (PeelRequired needed) {
                        // a write: it cannot do without
                    }
                    throw new SQLException("this statement needs " + p.column().qualifiedName() + "'s " + p.onion()
                            + " onion at " + p.target() + ", which is peeled on first use; commit this connection's "
                            + "open transaction first (rows it wrote are still at the outer layer)", "25000");
                }
                gate.exit();
                try {
                    gate.peel(() -> {
                        synchronized (this) {
                            peeler.peel(internal, catalog, p);
                        }
                    });
                } finally {
                    gate.enter();
                }
            }
        }
        throw new SQLException("cannot settle the layers for: " + sql);
    }

    /** H2's estimate of a table's rows (the split planner's starting point); 1,000 when H2 cannot say. */
    private long rowCount(String table) {
        synchronized (this) {
            try (java.sql.PreparedStatement ps = internal.prepareStatement("SELECT ROW_COUNT_ESTIMATE FROM "
                    + "INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'PUBLIC' AND TABLE_NAME = ?")) {
                ps.setString(1, table);
                try (java.sql.ResultSet rs = ps.executeQuery()) {
                    return rs.next() ? Math.max(1, rs.getLong(1)) : 1000;
                }
            } catch (SQLException e) {
                return 1000; // an estimate only steers the plan
            }
        }
    }

    /** Runs a schema change on the internal connection with the gate closed. */
    void schemaChange(SchemaWork work) throws SQLException {
        gate.exit();
        try {
            gate.peel(() -> {
                synchronized (this) {
                    work.run(internal);
                }
            });
        } finally {
            gate.enter();
        }
    }

    void applyDdl(DdlPlan plan) throws SQLException {
        schemaChange(conn -> {
            if (!plan.changed().isEmpty()) {
                catalog.putTables(conn, plan.changed(), plan.apply());
            }
        });
    }

    @FunctionalInterface
    interface SchemaWork {
        void run(Connection internal) throws SQLException;
    }
}
