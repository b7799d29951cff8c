package org.maat.bench.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.encdb.jdbc.H2Connections;
import org.maat.encdb.jdbc.MaatConnection;
import org.maat.erp.BulkEncryptor;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;
import org.maat.erp.ErpQuery;
import org.maat.erp.QueryParameters;
import org.maat.erp.QueryResult;
import org.maat.erp.QueryRunner;

/**
 * The ERP comparison on a small database: both sides have the same indexes and, once a query has
 * peeled its columns, the same statistics; the plans of both sides are recorded; a run's output flags
 * ratios above 1.05.
 */
class ErpLikeForLikeTest {

    @TempDir
    static Path dir;

    static ErpDatabase plain;
    static ErpDatabase encrypted;

    @BeforeAll
    static void build() throws Exception {
        // Where the benchmark looks for its base databases of 400 employees, seed 5: it reuses them.
        plain = ErpDatabase.create(dir.resolve("work/plain-400-seed5"), ErpDatabase.Kind.PLAIN, 5, 400);
        new ErpLoader(200, n -> { }).load(plain);
        encrypted = ErpDatabase.create(dir.resolve("work/encrypted-400-seed5"), ErpDatabase.Kind.ENCRYPTED, 5, 400);
        new BulkEncryptor(1, 200, n -> { }).encrypt(plain, encrypted);
    }

    @Test
    void bothSidesHaveTheSameIndexesAndTheStatisticsOfWhatAQueryPeeled() throws Exception {
        QueryParameters chooser = new QueryParameters(plain.generator(), 5);
        List<Object> values = QueryParameters.positional(ErpQuery.Q13, chooser.values(ErpQuery.Q13, Map.of()));
        try (Connection p = plain.connect(); Connection e = encrypted.connect();
                Connection server = H2Connections.open(encrypted.h2Url());
                QueryRunner runner = new QueryRunner(e)) {
            QueryResult peeled = runner.run(ErpQuery.Q13, values); // peels FIRST_NAME's Eq onion to DET
            assertThat(peeled.rowCount()).isPositive();

            PhysicalDesign plainDesign = PhysicalDesign.plain(p);
            PhysicalDesign encDesign = PhysicalDesign.encrypted(server, e.unwrap(MaatConnection.class).catalog());

            assertThat(plainDesign.indexes()).contains("EMPLOYEES(LAST_NAME, FIRST_NAME)", "EMPLOYEES(JOB_ID)")
                    .isEqualTo(encDesign.indexes());
            assertThat(plainDesign.differences(encDesign)).isEmpty();
            assertThat(plainDesign.selectivity("EMPLOYEES.FIRST_NAME")).isLessThan(100)
                    .isEqualTo(encDesign.selectivity("EMPLOYEES.FIRST_NAME"));
            assertThat(encDesign.selectivity("EMPLOYEES.LAST_NAME")).as("still RND: every ciphertext distinct")
                    .isEqualTo(100);
        }
    }

    @Test
    void plansShowEachSideAndTheLikeTheDriverChecksOnTheClient() throws Exception {
        QueryParameters chooser = new QueryParameters(plain.generator(), 5);
        List<Object> values = QueryParameters.positional(ErpQuery.Q13, chooser.values(ErpQuery.Q13, Map.of()));
        try (Connection p = plain.connect(); Connection e = encrypted.connect();
                Connection server = H2Connections.open(encrypted.h2Url())) {
            QueryPlans plans = QueryPlans.explain(ErpQuery.Q13, values, p, e, server);

            assertThat(String.join("\n", plans.plain())).contains("PHONE_NUMBER").contains("LIKE");
            assertThat(plans.strategy()).isEqualTo("H2");
            assertThat(plans.clientWork()).anyMatch(l -> l.contains("LIKE"));
            assertThat(String.join("\n", plans.server())).contains("\"EMPLOYEES\"").doesNotContain("LIKE");
            assertThat(plans.plainIndexes()).isNotEmpty();
            assertThat(plans.summary()).contains("LIKE re-checked", "predicate placement differs");
        }
    }

    @Test
    void aRunPrintsMediansRangesPlansAndFlagsRatiosAboveOnePointOhFive() throws Exception {
        ErpBenchmark bench = new ErpBenchmark(new ErpBenchmark.Options(dir.resolve("work"), 400, 5, 1, 0.05, 0.2,
                List.of(ErpQuery.Q8, ErpQuery.Q13), List.of(), List.of(1), 200, false, 2),
                new PrintWriter(new StringWriter()), ErpBenchmark.NO_PROGRESS);

        List<QuerySpread> spreads = bench.measureRuns();

        assertThat(spreads).extracting(QuerySpread::query).containsExactly(ErpQuery.Q8, ErpQuery.Q13);
        assertThat(spreads).allSatisfy(s -> {
            assertThat(s.runs()).hasSize(2);
            assertThat(s.minRatio()).isLessThanOrEqualTo(s.medianRatio()).isPositive();
            assertThat(s.maxRatio()).isGreaterThanOrEqualTo(s.medianRatio());
        });
        assertThat(bench.plans()).containsOnlyKeys(ErpQuery.Q8, ErpQuery.Q13);
        assertThat(bench.designDifferences()).hasSize(1).first().asString().startsWith("29 indexes on the plaintext "
                + "side, 29 on the encrypted side");

        StringWriter out = new StringWriter();
        ErpBenchmark.printQueries(new PrintWriter(out), spreads, bench.plans());
        String table = out.toString();
        for (QuerySpread s : spreads) {
            String row = table.lines().filter(l -> l.startsWith(s.query() + " ")).findFirst().orElseThrow();
            assertThat(row.contains("a comparison to explain")).as(row).isEqualTo(s.medianRatio() > 1.05);
        }
    }
}
