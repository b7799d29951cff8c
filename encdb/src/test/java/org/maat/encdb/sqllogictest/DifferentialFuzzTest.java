package org.maat.encdb.sqllogictest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The differential fuzzer with a fixed seed: 2,000 random queries, 100 per random schema, each answered through
 * the encrypted layer as plain H2 answers it (or refused with 0A000, counted). Longer runs: {@code maat
 * bench fuzz --seconds S --seed N}.
 */
class DifferentialFuzzTest {

    /**
     * About 45 s of queries on the 2-core build machine beside other builds (longer when it is crowded): each row
     * and query crosses the onions (OPE, Paillier); one database pair serves the run.
     */
    private static final int QUERIES = 2000;

    @TempDir
    Path dir;

    @Test
    void randomQueriesAnswerAsPlainH2() throws Exception {
        List<SqlFuzzer.Mismatch> found = new ArrayList<>();
        SqlFuzzer.Report report = new SqlFuzzer(dir.resolve("key")).run(20261207L, QUERIES,
                System.nanoTime() + 600_000_000_000L, found::add); // a guard against a hang, not a budget
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

    @Test
    void distinctOrderedByAColumnWithAnOrderOnionRuns() throws Exception {
        SqlFuzzer fuzzer = new SqlFuzzer(dir.resolve("key"));
        List<FuzzCase.Table> t1 = List.of(new FuzzCase.Table("t1", List.of(new FuzzCase.Column("i", "INTEGER", null),
                new FuzzCase.Column("d", "DATE", null), new FuzzCase.Column("n", "NUMERIC(9,2)", null)),
                List.of(List.of("2", "DATE '2020-01-02'", "1.5"), List.of("1", "DATE '2020-01-01'", "1.5"),
                        List.of("2", "DATE '2020-01-02'", "NULL"), List.of("NULL", "NULL", "2.25"))));
        for (String[] q : new String[][] {{"i", "i", null}, {"i", "1", null}, {"i", "i DESC", "1"}, {"i, d", "d, i", null},
                {"n, i", "2 DESC, 1", "2"}, {"d", "d NULLS FIRST", null}}) {
            FuzzCase c = new FuzzCase(t1, new FuzzCase.Select(true, List.of(q[0]), "t1", null, null, null, q[1], q[2]));
            assertThat(fuzzer.mismatches(c)).as(c.query().sql()).isFalse();
            assertThat(fuzzer.refused(c)).as(c.query().sql()).isFalse();
        }
    }

    @Test
    void aConstantDivisionByZeroFailsAsInH2EvenOverNoRow() throws Exception {
        SqlFuzzer fuzzer = new SqlFuzzer(dir.resolve("key"));
        List<FuzzCase.Table> t = List.of(new FuzzCase.Table("t", List.of(new FuzzCase.Column("a", "INTEGER", null)),
                List.of(List.of("1"), List.of("2"))));
        for (String item : List.of("a + 1 / 0", "a * (2 - 2 * 1) + 5 / (1 - 1)", "a / 0", "1 / 0")) {
            for (String where : List.of("a > 100", "a > 0")) {
                FuzzCase c = new FuzzCase(t, new FuzzCase.Select(false, List.of(item), "t", where, null, null, null,
                        null));
                assertThat(fuzzer.mismatches(c)).as(c.query().sql()).isFalse();
            }
        }
    }

    @Test
    void aColumnOutsideGroupByFailsWithH2sState() throws Exception {
        SqlFuzzer fuzzer = new SqlFuzzer(dir.resolve("key"));
        List<FuzzCase.Table> t = List.of(new FuzzCase.Table("t", List.of(new FuzzCase.Column("a", "INTEGER", null),
                new FuzzCase.Column("b", "VARCHAR(10)", null), new FuzzCase.Column("c", "INTEGER", "maat:plaintext")),
                List.of(List.of("1", "'x'", "1"), List.of("1", "'y'", "2"))));
        for (String[] q : new String[][] {{"a, b", "a", null}, {"b, COUNT(*)", "a", null}, {"a + c", "a", null},
                {"b", "a", "COUNT(*) > 0"}, {"DISTINCT_b", "a", null}}) {
            boolean distinct = q[0].startsWith("DISTINCT_");
            FuzzCase c = new FuzzCase(t, new FuzzCase.Select(distinct, List.of(q[0].replace("DISTINCT_", "")), "t",
                    null, q[1], q[2], null, null));
            assertThat(fuzzer.mismatches(c)).as(c.query().sql()).isFalse();
        }
    }

    @Test
    void bigintWithDoubleIsExactAsInH2() throws Exception {
        // Found by the fuzzer: H2 computes BIGINT - DOUBLE as DECFLOAT, exactly (2 - 1.0E300 keeps its last digits).
        FuzzCase c = new FuzzCase(List.of(new FuzzCase.Table("t0", List.of(new FuzzCase.Column("t0c0", "INTEGER", null),
                new FuzzCase.Column("t0c3", "BIGINT", null)), List.of(List.of("3", "2"))), new FuzzCase.Table("t1",
                List.of(new FuzzCase.Column("t1c0", "INTEGER", null), new FuzzCase.Column("t1c1", "DOUBLE",
                        "maat:plaintext")), List.of(List.of("3", "1.0E300")))),
                new FuzzCase.Select(false, List.of("t0c3 - t1c1"), "t1 JOIN t0 ON t1c0 = t0c0", null, null, null, null,
                        null));
        assertThat(new SqlFuzzer(dir.resolve("key")).mismatches(c)).isFalse();
    }

    @Test
    void signedMinimumsInConditionsFailAsInH2() throws Exception {
        // Shapes the fuzzer found: each minus sign negates, and the negation of a type's minimum fails (22003), so
        // a sign run over a column is not the column compared with the negated constant.
        SqlFuzzer fuzzer = new SqlFuzzer(dir.resolve("key"));
        List<FuzzCase.Table> t = List.of(new FuzzCase.Table("t1", List.of(new FuzzCase.Column("t1c0", "INTEGER", null),
                new FuzzCase.Column("t1c1", "SMALLINT", null), new FuzzCase.Column("t1c2", "BIGINT", "maat:onions=eq")),
                List.of(List.of("-2147483648", "-32768", "-9223372036854775808"), List.of("3", "3", "3"))));
        for (String where : List.of("- - t1c0 < 6", "+ - + t1c0 BETWEEN 1 AND -1", "- + t1c1 IS NULL", "8 = - + t1c0",
                "- t1c2 IN (1, 2)", "t1c0 <> - + + -9223372036854775808")) {
            FuzzCase c = new FuzzCase(t, new FuzzCase.Select(false, List.of("t1c0"), "t1", where, null, null, null, null));
            assertThat(fuzzer.mismatches(c)).as(c.query().sql()).isFalse();
        }
        FuzzCase division = new FuzzCase(t, new FuzzCase.Select(false, List.of("t1c2 / -1"), "t1", null, null, null,
                null, null));
        assertThat(fuzzer.mismatches(division)).as(division.query().sql()).isFalse();
    }

    @Test
    void anOrderByPositionBeyondTheSelectListFailsAsInH2() throws Exception {
        // Found by the fuzzer: ORDER BY 3 over two items is H2's 90068, even where the physical query has a third
        // column (an encrypted column is read as its onion and IV) and even over no row.
        SqlFuzzer fuzzer = new SqlFuzzer(dir.resolve("key"));
        for (List<List<String>> rows : List.of(List.<List<String>>of(), List.of(List.of("1", "1.5")))) {
            List<FuzzCase.Table> t = List.of(new FuzzCase.Table("t0", List.of(new FuzzCase.Column("t0c0", "INTEGER",
                    "maat:plaintext"), new FuzzCase.Column("t0c2", "NUMERIC(9,2)", null)), rows));
            for (String[] q : new String[][] {{"t0c2, 3", "1, 3"}, {"t0c2", "2"}, {"t0c2", "0"}, {"t0c0, t0c2", "3 DESC"},
                    {"4, MAX(t0c0) OVER (), t0c2", "2 DESC, 4 DESC NULLS FIRST, t0c2"}}) {
                FuzzCase c = new FuzzCase(t, new FuzzCase.Select(false, List.of(q[0]), "t0", null, null, null, q[1], null));
                assertThat(fuzzer.mismatches(c)).as(c.query().sql() + " over " + rows.size() + " rows").isFalse();
            }
        }
    }

    @Test
    void anEqualityOfASmallintWithAWiderIntegerRunsSplitAsInH2() throws Exception {
        // Found by the fuzzer: the client H2 indexed the SMALLINT side of t0c0 = t0c1, and H2 converts the value it
        // looks up to the indexed column's type (22004 for -2147483648), where plain H2, without the index, compares.
        SqlFuzzer fuzzer = new SqlFuzzer(dir.resolve("key"));
        List<FuzzCase.Table> t = List.of(new FuzzCase.Table("t0", List.of(new FuzzCase.Column("t0c0", "INTEGER", null),
                new FuzzCase.Column("t0c1", "SMALLINT", null)), List.of(List.of("-2147483648", "32767"),
                List.of("2147483647", "-1"), List.of("5", "5"))));
        for (String[] q : new String[][] {{"(SELECT COUNT(*) FROM t0 WHERE t0c0 = t0c1)", "t0c1 IN (SELECT t0c0 FROM t0)"},
                {"(SELECT COUNT(*) FROM t0 WHERE t0c1 = t0c0)", "t0c0 IN (SELECT t0c1 FROM t0)"}}) {
            FuzzCase c = new FuzzCase(t, new FuzzCase.Select(false, List.of(q[0]), "t0", q[1], null, null, null, null));
            assertThat(fuzzer.mismatches(c)).as(c.query().sql()).isFalse();
        }
    }

    @Test
    void aValueThatFailsOnARowBeyondTheLimitFailsAsInH2() throws Exception {
        // Found by the fuzzer: H2 computes the select list of every row before it sorts and cuts at LIMIT, so
        // 3 - (-9223372036854775808) fails even on a row sorted beyond it; the layer cut at LIMIT in H2 first.
        SqlFuzzer fuzzer = new SqlFuzzer(dir.resolve("key"));
        List<FuzzCase.Table> t = List.of(new FuzzCase.Table("t0", List.of(new FuzzCase.Column("t0c0", "INTEGER", null),
                new FuzzCase.Column("t0c1", "BIGINT", "maat:onions=eq"), new FuzzCase.Column("t0c2", "INTEGER", null)),
                List.of(List.of("3", "-9223372036854775808", "-2147483648"), List.of("7", "1", "1"),
                        List.of("8", "5", "2147483647"))));
        for (String[] q : new String[][] {{"3 - t0c1, t0c0", "t0c0 DESC", "2"}, {"- t0c1", "t0c0 DESC", "1"},
                {"t0c0, - - t0c2", "t0c0 DESC", "1 OFFSET 1"}, {"t0c2 + 1", "t0c0", "2"}, {"t0c0 * t0c2", "t0c0", "1"}}) {
            FuzzCase c = new FuzzCase(t, new FuzzCase.Select(false, List.of(q[0]), "t0", null, null, null, q[1], q[2]));
            assertThat(fuzzer.mismatches(c)).as(c.query().sql()).isFalse();
        }
    }

    @Test
    void runsOfSignsAndSignedCaseOperandsAnswerAsInH2() throws Exception {
        // H2 types a negated NULL as a bare NULL, negates text as a number and overflows a negated minimum:
        // every sign of a run counts, so no run may be read as its product.
        SqlFuzzer fuzzer = new SqlFuzzer(dir.resolve("key"));
        List<FuzzCase.Table> t = List.of(new FuzzCase.Table("t", List.of(new FuzzCase.Column("a", "INTEGER", null),
                new FuzzCase.Column("b", "VARCHAR(10)", null), new FuzzCase.Column("c", "INTEGER", "maat:plaintext")),
                List.of(List.of("1", "'x'", "1"), List.of("-2147483648", "'3'", "2"), List.of("NULL", "NULL", "3"))));
        String[] items = {"AVG(- - CAST(NULL AS INTEGER))", "SUM(+ - - NULL)", "AVG(- + CAST(NULL AS INTEGER))",
                "SUM(- - a)", "- - b", "+ - + b", "- - a", "c - - a", "- - - c", "- - 2147483648", "MAX(- - + a)",
                "CASE - a WHEN 1 THEN 'p' ELSE 'q' END", "CASE + c WHEN 1 THEN 1 END",
                "CASE - CASE WHEN c > 1 THEN c END WHEN -2 THEN 'two' END", "CASE - - a * 2 WHEN -2 THEN 0 END"};
        for (String item : items) {
            for (String where : new String[] {null, "a > 0"}) {
                FuzzCase q = new FuzzCase(t, new FuzzCase.Select(false, List.of(item), "t", where, null, null, null,
                        null));
                assertThat(fuzzer.mismatches(q)).as(q.query().sql()).isFalse();
                assertThat(fuzzer.refused(q)).as(q.query().sql()).isFalse();
            }
        }
    }
}
