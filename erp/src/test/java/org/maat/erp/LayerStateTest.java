package org.maat.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.encdb.jdbc.MaatConnection;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.LayerReport;

class LayerStateTest {

    @TempDir
    Path dir;

    @Test
    void q8OnAFreshDatabasePeelsExactlyTheSalaryOrderOnionToOpe() throws SQLException {
        ErpDatabase db = ErpDatabase.create(dir.resolve("enc"), ErpDatabase.Kind.ENCRYPTED, 5, 150);
        new ErpLoader(50, n -> { }).load(db);
        QueryParameters chooser = new QueryParameters(db.generator(), 5);
        try (Connection conn = db.connect(); QueryRunner runner = new QueryRunner(conn)) {
            LayerReport before = conn.unwrap(MaatConnection.class).layers();
            // Fresh: every onion not fixed by a key constraint is at its outermost layer.
            assertThat(before.entries().stream().filter(e -> e.pinned() == null)
                    .filter(e -> e.layer() != e.onion().layers().get(0)).toList()).isEmpty();
            assertThat(before.entry("EMPLOYEES", "SALARY", Onion.ORD).layer()).isEqualTo(Layer.RND);

            QueryResult q8 = runner.run(ErpQuery.Q8, QueryParameters.positional(ErpQuery.Q8,
                    chooser.values(ErpQuery.Q8, Map.of())));
            assertThat(q8.rows()).isNotEmpty();

            LayerReport after = conn.unwrap(MaatConnection.class).layers();
            assertThat(changed(before, after)).containsExactly("EMPLOYEES.SALARY ORD RND->OPE");
            assertThat(after.format()).contains("EMPLOYEES.SALARY");
        }
    }

    private static List<String> changed(LayerReport before, LayerReport after) {
        Set<String> out = new HashSet<>();
        for (LayerReport.Entry a : after.entries()) {
            LayerReport.Entry b = before.entry(a.table(), a.column(), a.onion());
            if (b == null || b.layer() != a.layer()) {
                out.add(a.table() + "." + a.column() + " " + a.onion() + " " + (b == null ? "-" : b.layer()) + "->"
                        + a.layer());
            }
        }
        return out.stream().sorted().toList();
    }
}
