package org.maat.encdb.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import org.maat.encdb.rewrite.DdlPlan;
import org.maat.encdb.rewrite.Plan;
import java.util.TreeMap;
import net.sf.jsqlparser.util.TablesNamesFinder;
import org.maat.encdb.rewrite.StatementParser;
import org.maat.encdb.schema.Identifiers;
import org.maat.encdb.schema.ViewDefinition;
import org.maat.encdb.schema.TriggerDefinition;

/**
 * Schema statements of one connection: table changes, views, procedures, triggers, drops and the
 * statements that pass through to H2. A change waits for every open transaction (the layer gate is
 * closed while it runs) and refuses to start inside this connection's own open transaction; it runs on
 * the database's internal connection together with its catalog update. COMMIT, ROLLBACK and other
 * pass-through statements that are not CREATE run on this connection's session without waiting.
 */
final class SchemaChanges {

    private final MaatConnection owner;
    private final Connection h2;
    private final EncryptedDatabase db;

    SchemaChanges(MaatConnection owner, Connection h2, EncryptedDatabase db) {
        this.owner = owner;
        this.h2 = h2;
        this.db = db;
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
                throw new SQLException("View \"" + v.view().name() + "\" already exists", "90038"); // as H2
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
        String upper = p.sql().strip().toUpperCase(Locale.ROOT);
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
                dropDependentViews(conn, d);
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
                    throw new SQLException("View \"" + d.name() + "\" not found", "90037"); // as H2
                }
                dropDependentViews(conn, d);
                db.catalog().dropView(conn, d.name());
            }
            case "TRIGGER" -> {
                // The driver fires its triggers itself (none is on the server): dropping one is a catalog change.
                if (!snap.triggers().containsKey(d.name())) {
                    if (d.ifExists()) {
                        return;
                    }
                    throw new SQLException("Trigger \"" + d.name() + "\" not found", "90042");
                }
                db.catalog().dropTrigger(conn, d.name());
            }
            default -> {
                try (Statement st = conn.createStatement()) {
                    st.execute("DROP INDEX " + (d.ifExists() ? "IF EXISTS " : "") + Identifiers.quote(d.name()));
                }
            }
        }
    }

    /**
     * The views naming {@code d}'s table or view: H2 refuses the drop while one exists (RESTRICT, its default,
     * 90107), and drops them first with CASCADE. The driver keeps views in its catalog, so it checks this itself.
     */
    private void dropDependentViews(Connection conn, Plan.Drop d) throws SQLException {
        for (ViewDefinition v : new TreeMap<>(db.catalog().snapshot().views()).values()) {
            if (v.name().equals(d.name()) || db.catalog().snapshot().view(v.name()) == null || !names(v, d.name())) {
                continue;
            }
            if (!d.cascade()) {
                throw new SQLException("Cannot drop \"" + d.name() + "\" because \"" + v.name() + "\" depends on it",
                        "90107");
            }
            Plan.Drop inner = new Plan.Drop("VIEW", v.name(), true, true);
            dropDependentViews(conn, inner);
            db.catalog().dropView(conn, v.name());
        }
    }

    private static boolean names(ViewDefinition view, String name) throws SQLException {
        for (String t : new TablesNamesFinder<Void>().getTables(StatementParser.parse(view.selectSql()))) {
            if (Identifiers.normalize(t.substring(t.lastIndexOf('.') + 1)).equals(name)) {
                return true;
            }
        }
        return false;
    }
}
