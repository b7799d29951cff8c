package org.maat.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlainWorkloadTest {

    @TempDir
    static Path dir;

    static ErpDatabase db;

    @BeforeAll
    static void load() throws SQLException {
        db = ErpDatabase.create(dir.resolve("plain"), ErpDatabase.Kind.PLAIN, 7, 2000);
        new ErpLoader(500, n -> { }).load(db);
    }

    @Test
    void everyReadQueryFindsRowsWithDefaultParameters() throws SQLException {
        for (long paramSeed = 1; paramSeed <= 5; paramSeed++) {
            QueryParameters chooser = new QueryParameters(db.generator(), paramSeed);
            try (Connection conn = ErpDatabase.open(db.dir()).connect(); QueryRunner runner = new QueryRunner(conn)) {
                for (ErpQuery q : ErpQuery.values()) {
                    if (q.modifies() || q == ErpQuery.Q10R) {
                        continue;
                    }
                    QueryResult r = runner.run(q, QueryParameters.positional(q, chooser.values(q, Map.of())));
                    assertThat(r.rows()).as(q + " with parameter seed " + paramSeed).isNotEmpty();
                    if (q == ErpQuery.Q12) {
                        assertThat(((Number) r.rows().get(0).get(0)).longValue()).isPositive();
                    }
                }
            }
        }
    }

    @Test
    void insertUpdateDeleteEachTouchOneRowAndLeaveTheTableAsItWas() throws SQLException {
        QueryParameters chooser = new QueryParameters(db.generator(), 99);
        try (Connection conn = db.connect(); QueryRunner runner = new QueryRunner(conn)) {
            for (ErpQuery q : new ErpQuery[] {ErpQuery.Q16, ErpQuery.Q17, ErpQuery.Q18}) {
                QueryResult r = runner.run(q, QueryParameters.positional(q, chooser.values(q, Map.of())));
                assertThat(r.updateCount()).as(q.name()).isEqualTo(1);
            }
            try (var st = conn.createStatement(); var rs = st.executeQuery("SELECT COUNT(*) FROM EMPLOYEES")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(2000);
            }
        }
    }
}
