package org.maat.frontend.erp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;
import org.maat.erp.ErpQuery;
import org.maat.frontend.app.RequestException;

/** The ERP application over a real plain H2 database of 300 employees, copied fresh for each test. */
class ErpFrontendTest {

    @TempDir
    static Path shared;
    @TempDir
    Path work;

    private static Path base;
    private ErpFrontend erp;
    private Path dir;

    @BeforeAll
    static void load() throws SQLException {
        base = shared.resolve("base");
        new ErpLoader(500, n -> { }).load(ErpDatabase.create(base, ErpDatabase.Kind.PLAIN, 42, 300));
    }

    @BeforeEach
    void open() throws Exception {
        dir = work.resolve("erp");
        java.nio.file.Files.createDirectories(dir);
        try (var files = java.nio.file.Files.list(base)) {
            for (Path f : files.toList()) {
                java.nio.file.Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        erp = ErpFrontend.open(dir, null, 2);
    }

    @AfterEach
    void close() {
        erp.close();
    }

    @Test
    void queryPathsAreCaseInsensitiveAndAnUnknownOneIsNotFound() {
        assertThat(ErpFrontend.query("q10r")).isEqualTo(ErpQuery.Q10R);
        assertThat(ErpFrontend.query("q7")).isEqualTo(ErpQuery.Q7);
        // One spelling per query: the web routes list the lower-case one, and no other reaches a query.
        assertThatThrownBy(() -> ErpFrontend.query("Q7")).isInstanceOf(RequestException.class);
        assertThatThrownBy(() -> ErpFrontend.query("q19"))
                .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(404))
                .hasMessageContaining("q19").hasMessageContaining("q10r");
    }

    @Test
    void aBareReadRequestReturnsTheRowsOfTheSeededDefaults() {
        ErpAnswer answer = erp.execute(ErpQuery.Q7, Map.of());
        assertThat(answer.backend()).isEqualTo("plain");
        assertThat(answer.rows()).isNotEmpty();
        assertThat(answer.rowCount()).isEqualTo(answer.rows().size());
        assertThat(answer.updateCount()).isNull();
        assertThat(answer.columns()).startsWith("EMPLOYEE_ID", "FIRST_NAME");
        assertThat(answer.parameters()).containsOnlyKeys("department_name", "job_id", "manager_id");
        // dates as ISO text, whatever type the driver returned
        assertThat(answer.rows().get(0).get(5)).asString().matches("\\d{4}-\\d{2}-\\d{2}");
        assertThat(erp.execute(ErpQuery.Q7, Map.of()).rows()).isEqualTo(answer.rows());
    }

    @Test
    void anInsertThenADeleteByDefaultLeaveTheTableAsItWas() {
        ErpAnswer inserted = erp.execute(ErpQuery.Q16, Map.of());
        assertThat(inserted.updateCount()).isEqualTo(1);
        assertThat(inserted.parameters()).containsEntry("employee_id", 400);
        assertThat(erp.execute(ErpQuery.Q18, Map.of()).updateCount()).isEqualTo(1);
        ErpAnswer none = erp.execute(ErpQuery.Q18, Map.of());
        assertThat(none.updateCount()).isZero();
        assertThat(none.note()).contains("no employee inserted by Q16");
        assertThat(erp.execute(ErpQuery.Q17, Map.of()).updateCount()).isEqualTo(1);
    }

    @Test
    void freshIdsSkipRowsAnEarlierServerInsertedOnTheSameDatabase() throws SQLException {
        for (int i = 0; i < 5; i++) {
            erp.execute(ErpQuery.Q16, Map.of());
        }
        erp.close();
        erp = ErpFrontend.open(dir, null, 2);
        ErpAnswer again = erp.execute(ErpQuery.Q16, Map.of());
        assertThat(again.updateCount()).isEqualTo(1);
        assertThat((Integer) again.parameters().get("employee_id")).isGreaterThanOrEqualTo(405);
    }

    @Test
    void anExplicitIdThatExistsIsAConflictNotAServerError() {
        assertThatThrownBy(() -> erp.execute(ErpQuery.Q16, Map.of("employee_id", "101")))
                .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(409))
                .hasMessageStartingWith("Q16: the database refused these values")
                .hasMessageNotContaining("SQL statement");
    }

    @Test
    void aBadParameterIsRefusedBeforeTheDatabaseIsAsked() {
        assertThatThrownBy(() -> erp.execute(ErpQuery.Q8, Map.of("manager_id", "boss")))
                .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("manager_id must be an integer");
    }

    @Test
    void formsShowTheDefaultsAndHowDrawnValuesAreChosen() {
        QueryForm q7 = erp.form(ErpQuery.Q7, Map.of("job_id", "IT_PROG"));
        assertThat(q7.write()).isFalse();
        assertThat(q7.fields()).extracting(QueryForm.Field::name).containsExactly("department_name", "job_id",
                "manager_id");
        assertThat(q7.fields().get(1).value()).isEqualTo("IT_PROG");
        assertThat(q7.fields().get(1).placeholder()).isEqualTo(erp.execute(ErpQuery.Q7, Map.of()).parameters()
                .get("job_id"));
        QueryForm q16 = erp.form(ErpQuery.Q16, Map.of());
        assertThat(q16.write()).isTrue();
        assertThat(q16.fields().get(0).placeholder()).isEqualTo("a fresh id");
        assertThat(erp.forms()).hasSize(ErpQuery.values().length);
    }

    @Test
    void aFullPoolWaitsThenAnswersUnavailable() throws Exception {
        ErpDatabase db = ErpDatabase.open(dir);
        try (RunnerPool pool = new RunnerPool(db, new java.util.Properties(), 1, Duration.ofMillis(200))) {
            CountDownLatch holding = new CountDownLatch(1);
            CountDownLatch release = new CountDownLatch(1);
            ExecutorService other = Executors.newSingleThreadExecutor();
            try {
                Future<?> holder = other.submit(() -> pool.with(runner -> {
                    holding.countDown();
                    try {
                        release.await(10, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return null;
                }));
                assertThat(holding.await(10, TimeUnit.SECONDS)).isTrue();
                assertThatThrownBy(() -> pool.with(runner -> null))
                        .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(503))
                        .hasMessageContaining("all 1 ERP database connections");
                release.countDown();
                holder.get(10, TimeUnit.SECONDS);
                int deleted = pool.with(runner -> runner.run(ErpQuery.Q18, java.util.List.of(-1)).updateCount());
                assertThat(deleted).isZero();
            } finally {
                other.shutdownNow();
            }
        }
    }

    @Test
    void closingClosesEveryPooledConnection() throws Exception {
        ErpDatabase db = ErpDatabase.open(dir);
        RunnerPool pool = new RunnerPool(db, new java.util.Properties(), 2, Duration.ofSeconds(1));
        CountDownLatch both = new CountDownLatch(2);
        ExecutorService two = Executors.newFixedThreadPool(2);
        try {
            for (int i = 0; i < 2; i++) {
                two.submit(() -> pool.with(runner -> {
                    both.countDown();
                    try {
                        both.await(10, TimeUnit.SECONDS); // both connections open at once
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                    return null;
                }));
            }
            two.shutdown();
            assertThat(two.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        } finally {
            two.shutdownNow();
        }
        erp.close(); // the fixture's own connections
        assertThat(pool.idle()).isEqualTo(2);
        assertThat(sessions(db)).isEqualTo(3);
        pool.close();
        assertThat(sessions(db)).isEqualTo(1);
    }

    private static long sessions(ErpDatabase db) throws SQLException {
        try (Connection c = db.connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS")) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
