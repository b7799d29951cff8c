package org.maat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PhaseLineTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    private final AtomicLong clock = new AtomicLong(5_000_000_000L);

    private PhaseLine start(String task, String unit, OptionalLong total) {
        PhaseLine line = new PhaseLine(task, unit, err, clock::get);
        total.ifPresent(line::total); // what a command tells the bar; the line does not print it
        return line;
    }

    private String printed() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void aFinishedPhaseIsOneLineWithCountDurationAndRate() {
        PhaseLine encrypt = start("encrypt", "rows", OptionalLong.of(100_000));
        encrypt.stepBy(60_000);
        assertThat(printed()).as("nothing while the job runs").isEmpty();
        encrypt.stepBy(40_000);
        clock.addAndGet(61_800_000_000L);
        encrypt.close();

        assertThat(printed()).isEqualTo("encrypt: 100,000 rows in 61.8 s (1,618 rows/s)" + System.lineSeparator());
    }

    @Test
    void aPhaseCountsWhatWasDoneNotWhatWasPlanned() {
        // erp encrypt plans its rows from the plaintext tables; the rows written may differ by a few.
        PhaseLine load = start("encrypt", "rows", OptionalLong.of(345));
        load.stepTo(337);
        clock.addAndGet(11_100_000_000L);
        load.close();

        assertThat(printed()).startsWith("encrypt: 337 rows in 11.1 s (30 rows/s)");
    }

    @Test
    void aSlowPhaseNeverReadsZeroPerSecond() {
        // Seen in a CI log: "2 workloads in 37.0 s (0 workloads/s)".
        PhaseLine slow = start("bench", "workloads", OptionalLong.of(2));
        slow.stepTo(2);
        clock.addAndGet(37_000_000_000L);
        slow.close();

        assertThat(printed()).isEqualTo("bench: 2 workloads in 37.0 s (0.1 workloads/s)" + System.lineSeparator());
    }

    @Test
    void jobsWithAndWithoutAKnownTotalGiveTheSameLine() {
        PhaseLine facts = start("facts", "facts", OptionalLong.of(10));
        facts.total(3_000);
        facts.stepTo(3_000);
        clock.addAndGet(1_500_000_000L);
        facts.close();
        PhaseLine docs = start("documents", "docs", OptionalLong.empty());
        docs.stepTo(17_597);
        clock.addAndGet(2_000_000_000L);
        docs.close();

        assertThat(printed().lines()).containsExactly("facts: 3,000 facts in 1.5 s (2,000 facts/s)",
                "documents: 17,597 docs in 2.0 s (8,799 docs/s)");
    }

    @Test
    void aPercentageGetsNoRateAndAnInstantJobNoneEither() {
        PhaseLine jmh = start("jmh", "%", OptionalLong.of(100));
        jmh.stepTo(100);
        clock.addAndGet(312_000_000_000L);
        jmh.close();
        PhaseLine empty = start("index", "docs", OptionalLong.of(0));
        empty.close();

        assertThat(printed().lines()).containsExactly("jmh: 100 % in 312.0 s", "index: 0 docs in 0.0 s");
    }

    @Test
    void closingTwicePrintsOnceAndNothingIsEverRedrawn() {
        PhaseLine p = start("converge", "B", OptionalLong.empty());
        p.stepBy(1024);
        p.describe("block 3");
        clock.addAndGet(1_000_000_000L);
        p.close();
        p.close();

        assertThat(printed().lines()).containsExactly("converge: 1,024 B in 1.0 s (1,024 B/s)");
        assertThat(printed()).doesNotContain("\r");
    }

    @Test
    void stepsFromSeveralThreadsAllCount() throws InterruptedException {
        PhaseLine p = start("encrypt", "rows", OptionalLong.of(40_000));
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread worker = new Thread(() -> {
                for (int i = 0; i < 10_000; i++) {
                    p.step();
                }
            });
            worker.start();
            threads.add(worker);
        }
        for (Thread t : threads) {
            t.join();
        }
        clock.addAndGet(4_000_000_000L);
        p.close();

        assertThat(printed()).startsWith("encrypt: 40,000 rows in 4.0 s (10,000 rows/s)");
    }
}
