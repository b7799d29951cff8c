package org.maat.bench.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.bench.load.ClosedLoop;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;
import org.maat.erp.ErpQuery;
import org.maat.erp.HrGenerator;
import org.maat.erp.ParameterStream;
import org.maat.erp.QueryParameters;

/** The ERP workload on the closed loop: queries, inserts, and deletes that stop when the inserts are used up. */
class ErpLoadTest {

    @TempDir
    Path dir;

    @Test
    void q18DeletesExactlyTheEmployeesQ16InsertedThenStops() throws SQLException {
        ErpDatabase db = ErpDatabase.create(dir.resolve("db"), ErpDatabase.Kind.PLAIN, 1, 200);
        new ErpLoader(100, n -> { }).load(db);
        HrGenerator g = db.generator();
        QueryParameters chooser = new QueryParameters(g, 1);
        AtomicInteger inserted = new AtomicInteger(chooser.newEmployeeId());
        ClosedLoop loop = ClosedLoop.of(2).warmUp(Duration.ofMillis(50)).duration(Duration.ofMillis(300));

        ClosedLoop.Result reads = ErpBenchmark.measure(loop, db::connect, ErpQuery.Q7, new ParameterStream(ErpQuery.Q7,
                chooser, g, inserted), 1);
        assertThat(reads.requests()).isPositive();
        assertThat(reads.items()).isGreaterThanOrEqualTo(reads.requests());

        ClosedLoop.Result inserts = ErpBenchmark.measure(loop, db::connect, ErpQuery.Q16, new ParameterStream(ErpQuery.Q16,
                chooser, g, inserted), 1);
        assertThat(inserts.requests()).isPositive();
        assertThat(employees(db)).isEqualTo(inserted.get() - HrGenerator.FIRST_EMPLOYEE_ID);

        ClosedLoop.Result deletes = ErpBenchmark.measure(ClosedLoop.of(2).duration(Duration.ofSeconds(60)),
                db::connect, ErpQuery.Q18, new ParameterStream(ErpQuery.Q18, chooser, g, inserted), 1);
        assertThat(deletes.exhausted()).isTrue();
        assertThat(deletes.seconds()).isLessThan(60);
        assertThat(employees(db)).isEqualTo(200);
    }

    private static int employees(ErpDatabase db) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM EMPLOYEES")) {
            rs.next();
            return rs.getInt(1);
        }
    }
}
