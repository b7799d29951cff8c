package org.maat.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The encrypted layer against plain H2 on generated HR data: same query results, same table states
 * after Q16-Q18 and after the trigger and procedure, and no plaintext in the encrypted H2 file.
 */
class EncryptedWorkloadTest {

    @TempDir
    static Path dir;

    /** (plain, encrypted) per data set, built once: loading and bulk-encrypting dominate the cost. */
    private static final Map<String, ErpDatabase[]> DATA_SETS = new HashMap<>();

    static ErpDatabase[] dataSet(long seed, int employees) {
        return DATA_SETS.computeIfAbsent(seed + "-" + employees, key -> {
            try {
                ErpDatabase plain = ErpDatabase.create(dir.resolve("plain-" + key), ErpDatabase.Kind.PLAIN, seed,
                        employees);
                new ErpLoader(250, n -> { }).load(plain);
                ErpDatabase enc = ErpDatabase.create(dir.resolve("enc-" + key), ErpDatabase.Kind.ENCRYPTED, seed,
                        employees);
                new BulkEncryptor(2, 100, n -> { }).encrypt(plain, enc);
                return new ErpDatabase[] {plain, enc};
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
    }

    @AfterAll
    static void forget() {
        DATA_SETS.clear();
    }

    @ParameterizedTest(name = "seed {0}, {1} employees")
    @CsvSource({"7, 800", "11, 300"})
    void everyReadQueryReturnsWhatPlainH2Returns(long seed, int employees) throws SQLException {
        ErpDatabase[] dbs = dataSet(seed, employees);
        try (Connection p = dbs[0].connect(); Connection e = dbs[1].connect();
                PlainVersusEncrypted both = new PlainVersusEncrypted(p, e)) {
            for (long paramSeed = 1; paramSeed <= 3; paramSeed++) {
                QueryParameters chooser = new QueryParameters(dbs[0].generator(), paramSeed);
                for (ErpQuery q : ErpQuery.values()) {
                    if (q.modifies()) {
                        continue;
                    }
                    Map<String, Object> values = chooser.values(q, Map.of());
                    if (q == ErpQuery.Q10R) {
                        values = chooser.randomized(values, new SplittableRandom(paramSeed));
                    }
                    PlainVersusEncrypted.Outcome o = both.run(q, QueryParameters.positional(q, values));
                    assertThat((Throwable) o.failure()).as("%s with %s", q, values).isNull();
                    assertThat(o.encrypted().canonicalRows()).as("%s with %s", q, values)
                            .isEqualTo(o.plain().canonicalRows());
                    if (q != ErpQuery.Q10R) {
                        assertThat(o.plain().rows()).as("%s with %s has rows", q, values).isNotEmpty();
                    }
                }
            }
        }
    }

    @ParameterizedTest(name = "seed {0}, {1} employees")
    @CsvSource({"7, 800", "11, 300"})
    void insertUpdateDeleteLeaveTheSameTables(long seed, int employees) throws SQLException {
        ErpDatabase[] dbs = dataSet(seed, employees);
        QueryParameters chooser = new QueryParameters(dbs[0].generator(), seed + 100);
        try (Connection p = dbs[0].connect(); Connection e = dbs[1].connect();
                PlainVersusEncrypted both = new PlainVersusEncrypted(p, e)) {
            for (ErpQuery q : List.of(ErpQuery.Q16, ErpQuery.Q17, ErpQuery.Q18, ErpQuery.Q16)) {
                PlainVersusEncrypted.Outcome o = both.run(q, QueryParameters.positional(q, chooser.values(q, Map.of())));
                assertThat((Throwable) o.failure()).as(q.name()).isNull();
                assertThat(o.encrypted().updateCount()).as(q.name()).isEqualTo(o.plain().updateCount()).isEqualTo(1);
                assertThat(both.table("EMPLOYEES")).as("EMPLOYEES after " + q).isTrue();
            }
            // The inserted employee is queryable through the layer like any other.
            Map<String, Object> q7 = new HashMap<>(chooser.values(ErpQuery.Q16, Map.of()));
            PlainVersusEncrypted.Outcome o = both.run(ErpQuery.Q8, List.of(q7.get("job_id"), q7.get("manager_id"),
                    q7.get("salary"), q7.get("salary")));
            assertThat((Throwable) o.failure()).isNull();
            assertThat(o.encrypted().canonicalRows()).isEqualTo(o.plain().canonicalRows()).isNotEmpty();
            o = both.run(ErpQuery.Q18, List.of(q7.get("employee_id")));
            assertThat(o.same()).isTrue();
        }
    }

    @ParameterizedTest(name = "seed {0}, {1} employees")
    @CsvSource({"7, 800", "11, 300"})
    void triggerAndProcedureWriteTheSameJobHistory(long seed, int employees) throws SQLException {
        ErpDatabase[] dbs = dataSet(seed, employees);
        HrGenerator.Employee mover = dbs[0].generator().employee(employees / 2);
        String newJob = mover.jobId().equals("IT_PROG") ? "SA_REP" : "IT_PROG";
        try (Connection p = dbs[0].connect(); Connection e = dbs[1].connect();
                PlainVersusEncrypted both = new PlainVersusEncrypted(p, e)) {
            int historyBefore = PlainVersusEncrypted.rows(p, "JOB_HISTORY").size();
            for (Connection c : List.of(p, e)) {
                // A job change fires UPDATE_JOB_HISTORY; a salary change does not.
                try (PreparedStatement st = c.prepareStatement(
                        "UPDATE EMPLOYEES SET JOB_ID = ?, DEPARTMENT_ID = ? WHERE EMPLOYEE_ID = ?")) {
                    st.setString(1, newJob);
                    st.setInt(2, 60);
                    st.setInt(3, mover.id());
                    assertThat(st.executeUpdate()).isEqualTo(1);
                }
                try (PreparedStatement st = c.prepareStatement("UPDATE EMPLOYEES SET SALARY = ? WHERE EMPLOYEE_ID = ?")) {
                    st.setBigDecimal(1, new BigDecimal("4321.09"));
                    st.setInt(2, mover.id());
                    assertThat(st.executeUpdate()).isEqualTo(1);
                }
                try (PreparedStatement st = c.prepareStatement("CALL ADD_JOB_HISTORY(?, ?, ?, ?, ?)")) {
                    st.setInt(1, mover.id());
                    st.setObject(2, LocalDate.of(1980, 1, 1));
                    st.setObject(3, LocalDate.of(1981, 6, 30));
                    st.setString(4, "ST_CLERK");
                    st.setInt(5, 50);
                    st.execute();
                }
            }
            List<String> plainHistory = PlainVersusEncrypted.rows(p, "JOB_HISTORY");
            assertThat(plainHistory).hasSize(historyBefore + 2)
                    .contains(mover.id() + "|" + mover.hireDate() + "|" + LocalDate.now() + "|" + mover.jobId() + "|"
                            + mover.departmentId())
                    .contains(mover.id() + "|1980-01-01|1981-06-30|ST_CLERK|50");
            assertThat(PlainVersusEncrypted.rows(e, "JOB_HISTORY")).isEqualTo(plainHistory);
            assertThat(both.table("EMPLOYEES")).isTrue();
        }
    }

    @ParameterizedTest(name = "seed {0}, {1} employees")
    @CsvSource({"7, 800", "11, 300"})
    void encryptedFileHoldsNoGeneratedPlaintextAfterTheWorkload(long seed, int employees)
            throws SQLException, IOException {
        ErpDatabase[] dbs = dataSet(seed, employees);
        // Run the whole workload (reads peel layers; writes add rows) before looking at the file.
        QueryParameters chooser = new QueryParameters(dbs[0].generator(), seed);
        try (Connection p = dbs[0].connect(); Connection e = dbs[1].connect();
                PlainVersusEncrypted both = new PlainVersusEncrypted(p, e)) {
            for (ErpQuery q : ErpQuery.values()) {
                assertThat(both.run(q, QueryParameters.positional(q, chooser.values(q, Map.of()))).same())
                        .as(q.name()).isTrue();
            }
        }
        List<PlaintextSearch.Needle> needles = PlaintextSearch.generatedValues(dbs[0].generator(), 100);
        assertThat(needles).hasSizeGreaterThan(employees * 3);
        assertThat(PlaintextSearch.find(dbs[1].h2File(), needles)).isEmpty();
        // The same search finds the values in the plaintext database: it is not looking in the wrong place.
        List<PlaintextSearch.Needle> inPlain = PlaintextSearch.present(dbs[0].h2File(), needles);
        assertThat(inPlain.stream().filter(n -> n.label().startsWith("email"))).hasSizeGreaterThanOrEqualTo(employees - 2);
        assertThat(inPlain.stream().filter(n -> n.label().contains("(H2 NUMERIC)"))).hasSizeGreaterThanOrEqualTo(90);
        assertThat(inPlain.stream().filter(n -> n.label().startsWith("city"))).isNotEmpty();
    }
}
