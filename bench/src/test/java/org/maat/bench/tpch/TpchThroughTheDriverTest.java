package org.maat.bench.tpch;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.progress.Progress;

/**
 * The 22 TPC-H queries at a tiny scale factor through plain H2 and through the encrypted layer: plain H2 runs
 * all 22, and the driver answers all 22 exactly as plain H2 does (none refused, none failing). What did not
 * answer is printed before the assertions, with its reason.
 */
class TpchThroughTheDriverTest {

    /** Scale factor of the test: 86,805 rows; every query has a non-empty answer (at 0.005 Q20 and Q21 have none). */
    private static final double SF = 0.01;

    @TempDir
    Path dir;

    @Test
    void theDriverAnswersAll22QueriesAsPlainH2() throws Exception {
        TpchReport report = new TpchBenchmark(new TpchBenchmark.Options(SF, 1, 0,
                IntStream.rangeClosed(1, 22).boxed().toList(), dir.resolve("work"), 1000, TpchBenchmark.Storage.MEMORY),
                Progress.Factory.NONE, line -> { }).run("test");
        List<QueryOutcome> queries = report.queries();
        System.out.println("TPC-H at SF " + SF + ": " + report.summaryLine());
        for (QueryOutcome q : queries) {
            if (q.status() != QueryOutcome.Status.IDENTICAL) {
                System.out.println("  " + q.label() + " " + q.status() + ": " + q.detail());
            }
        }
        assertThat(queries).hasSize(22);
        assertThat(queries).filteredOn(q -> q.status() == QueryOutcome.Status.PLAIN_ERROR)
                .as("queries plain H2 cannot run (the query text is wrong)").isEmpty();
        assertThat(queries).filteredOn(q -> q.status() == QueryOutcome.Status.MISMATCH)
                .as("queries the driver answers otherwise than plain H2").isEmpty();
        assertThat(report.identical()).as("queries the driver answers as plain H2 does, of 22").isEqualTo(22);
        // Every query has rows to compare at this scale (an empty answer would compare trivially).
        assertThat(queries).allSatisfy(q -> assertThat(q.resultRows()).as(q.label()).isPositive());
        assertThat(dir.resolve("work")).doesNotExist();
    }
}
