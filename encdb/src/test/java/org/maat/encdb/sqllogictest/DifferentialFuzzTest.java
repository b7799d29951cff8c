package org.maat.encdb.sqllogictest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The differential fuzzer with a fixed seed: 300 random queries over random tables, each answered through
 * the encrypted layer as plain H2 answers it (or refused with 0A000, counted). Longer runs: {@code maat
 * bench fuzz --seconds S --seed N}.
 */
class DifferentialFuzzTest {

    /** About 30 s on a loaded 2-core machine: each row and query crosses the onions (OPE, Paillier). */
    private static final int QUERIES = 300;

    @TempDir
    Path dir;

    @Test
    void randomQueriesAnswerAsPlainH2() throws Exception {
        List<SqlFuzzer.Mismatch> found = new ArrayList<>();
        SqlFuzzer.Report report = new SqlFuzzer(dir.resolve("key")).run(20261207L, QUERIES,
                System.nanoTime() + 120_000_000_000L, found::add);
        System.out.println(report.summary() + "\nrefused by kind: " + report.refusals);
        found.forEach(m -> System.out.println("MISMATCH\n" + m));
        assertThat(report.queries).isEqualTo(QUERIES);
        assertThat(found).as("shrunk reproductions of answers that differ from plain H2's").isEmpty();
        assertThat(report.agrees).as("queries answered as H2 did").isGreaterThan(report.queries / 2);
    }

    @Test
    void distinctOverArithmeticWithNullKeepsOneRow() throws Exception {
        // The shape the fuzzer found: H2 deduplicates col + NULL to one NULL.
        FuzzCase c = new FuzzCase(List.of(new FuzzCase.Table("tab2", List.of(new FuzzCase.Column("col1", "INTEGER",
                null)), List.of(List.of("1"), List.of("2"), List.of("3")))), new FuzzCase.Select(true,
                List.of("col1 + CAST(NULL AS INTEGER)"), "tab2", null, null, null, null, null));
        SqlFuzzer fuzzer = new SqlFuzzer(dir.resolve("key"));
        assertThat(fuzzer.mismatches(c)).isFalse();
        for (String item : List.of("col1 + NULL", "col1 * 0", "col1 - NULL")) {
            FuzzCase v = new FuzzCase(c.tables(), new FuzzCase.Select(true, List.of(item), "tab2", null, null, null,
                    null, null));
            assertThat(fuzzer.mismatches(v)).as(item).isFalse();
        }
    }
}
