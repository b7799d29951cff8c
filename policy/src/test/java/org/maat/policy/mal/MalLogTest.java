package org.maat.policy.mal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.facts.Fact;
import org.maat.policy.facts.FactIndex;
import org.maat.policy.mal.VerifyReport.Reason;

class MalLogTest {

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve("reads.mal");
    }

    private List<MalEntry> appendFive() throws IOException {
        List<MalEntry> written = new ArrayList<>();
        try (MalLog log = MalLog.open(file())) {
            for (int i = 0; i < 5; i++) {
                written.add(log.append("emp-" + i, "doc-" + i, "audit " + i));
            }
        }
        return written;
    }

    private List<String> lines() throws IOException {
        return new ArrayList<>(List.of(Files.readString(file(), UTF_8).split("\n")));
    }

    private void writeLines(List<String> lines) throws IOException {
        Files.writeString(file(), String.join("\n", lines) + "\n", UTF_8);
    }

    @Test
    void openCreatesAnEmptyLogWhenTheFileIsMissing() throws IOException {
        try (MalLog log = MalLog.open(file())) {
            assertThat(log.size()).isZero();
            assertThat(log.headHash()).isEqualTo(MalEntry.HEADED_GENESIS_HASH);
            assertThat(log.entries()).isEmpty();
        }
        assertThat(file()).exists().isEmptyFile();
        assertThat(MalLog.headFile(file())).hasContent("maat-mal-head 1 0 " + MalEntry.HEADED_GENESIS_HASH);
        assertThat(MalLog.verify(file()).describe()).isEqualTo("OK: 0 entries, head " + MalEntry.HEADED_GENESIS_HASH);
    }

    @Test
    void entriesAreNumberedFromZeroAndEachLinksToTheHashOfThePrevious() throws IOException {
        List<MalEntry> written = appendFive();

        assertThat(written).extracting(MalEntry::sequence).containsExactly(0L, 1L, 2L, 3L, 4L);
        assertThat(written.get(0).previousHash()).isEqualTo(MalEntry.HEADED_GENESIS_HASH);
        for (int i = 1; i < written.size(); i++) {
            assertThat(written.get(i).previousHash()).isEqualTo(written.get(i - 1).hash());
        }
        assertThat(written).extracting(MalEntry::hash).doesNotHaveDuplicates();
        VerifyReport report = MalLog.verify(file());
        assertThat(report.ok()).isTrue();
        assertThat(report.entries()).isEqualTo(5);
        assertThat(report.headHash()).isEqualTo(written.get(4).hash());
    }

    @Test
    void reopenedLogHasTheSameEntriesAndContinuesTheChain() throws IOException {
        List<MalEntry> written = appendFive();
        try (MalLog log = MalLog.open(file())) {
            assertThat(log.entries()).isEqualTo(written);
            assertThat(log.recoveredBytes()).isZero();
            assertThat(log.recoveredTail()).isEmpty();
            MalEntry next = log.append("emp-5", "doc-5", "more");
            assertThat(next.sequence()).isEqualTo(5);
            assertThat(next.previousHash()).isEqualTo(written.get(4).hash());
        }
        assertThat(MalLog.verify(file()).entries()).isEqualTo(6);
    }

    @Test
    void entryRecordsTheClockTime() throws IOException {
        Clock fixed = Clock.fixed(Instant.parse("2026-03-01T12:00:00Z"), ZoneOffset.UTC);
        try (MalLog log = MalLog.open(file(), fixed)) {
            MalEntry entry = log.append("alice", "doc-1", "review");
            assertThat(entry.timestamp()).isEqualTo(Instant.parse("2026-03-01T12:00:00Z"));
            assertThat(log.entries().get(0).timestampMillis()).isEqualTo(fixed.millis());
        }
    }

    @Test
    void textWithNewlinesTabsBackslashesAndUnicodeRoundTripsOnOneLine() throws IOException {
        String reason = "line one\nline two\twith tab\r\n back\\slash \\n literal, ünïcødé 日本 🙂 \u0000\u007f end";
        String principal = "Zoë\tO'Brien";
        String conduit = "doc\\42\n";
        MalEntry written;
        try (MalLog log = MalLog.open(file())) {
            written = log.append(principal, conduit, reason);
        }
        assertThat(lines()).hasSize(1);
        assertThat(lines().get(0).split("\t", -1)).hasSize(7);
        try (MalLog log = MalLog.open(file())) {
            MalEntry read = log.entries().get(0);
            assertThat(read).isEqualTo(written);
            assertThat(read.reason()).isEqualTo(reason);
            assertThat(read.principal()).isEqualTo(principal);
            assertThat(read.conduitId()).isEqualTo(conduit);
        }
    }

    @Test
    void partialLastLineIsReportedOnOpenAndTruncatedByTheNextAppend() throws IOException {
        List<MalEntry> written = appendFive();
        long goodLength = Files.size(file());
        byte[] torn = "5\t1700000000000\temp-5\tdoc-5\taud".getBytes(UTF_8);
        Files.write(file(), torn, java.nio.file.StandardOpenOption.APPEND);

        VerifyReport before = MalLog.verify(file());
        assertThat(before.ok()).isFalse();
        assertThat(before.defect().orElseThrow().reason()).isEqualTo(Reason.TORN_TAIL);
        assertThat(before.defect().orElseThrow().line()).isEqualTo(6);
        assertThat(Files.size(file())).as("verify must not modify the file").isEqualTo(goodLength + torn.length);

        try (MalLog log = MalLog.open(file())) {
            assertThat(log.recoveredBytes()).isEqualTo(torn.length);
            assertThat(log.recoveredTail().orElseThrow().reason()).isEqualTo(Reason.TORN_TAIL);
            assertThat(log.entries()).isEqualTo(written);
            assertThat(log.append("emp-5", "doc-5", "again").sequence()).isEqualTo(5);
        }
        assertThat(MalLog.verify(file()).ok()).isTrue();
        assertThat(MalLog.verify(file()).entries()).isEqualTo(6);
    }

    @Test
    void tamperedMiddleEntryIsReportedByVerifyAndRefusedByOpen() throws IOException {
        appendFive();
        List<String> lines = lines();
        lines.set(1, lines.get(1).replace("emp-1", "emp-9"));
        writeLines(lines);
        byte[] tampered = Files.readAllBytes(file());

        VerifyReport report = MalLog.verify(file());
        VerifyReport.Defect defect = report.defect().orElseThrow();
        assertThat(defect.line()).isEqualTo(2);
        assertThat(defect.sequence()).isEqualTo(1);
        assertThat(defect.reason()).isEqualTo(Reason.BAD_HASH);
        assertThat(defect.atTail()).isFalse();
        assertThat(report.entries()).isEqualTo(1);
        assertThat(report.describe()).startsWith(file() + ":2: bad hash (entry #1)");

        assertThatThrownBy(() -> MalLog.open(file()))
                .isInstanceOf(MalLogCorruptedException.class)
                .hasMessageContaining(file() + ":2: bad hash");
        assertThat(Files.readAllBytes(file())).as("nothing truncated").isEqualTo(tampered);
    }

    @Test
    void rehashedMiddleEntryBreaksTheLinkOfTheNextOne() throws IOException {
        appendFive();
        List<String> lines = lines();
        MalEntry original = decode(lines.get(1));
        MalEntry forged = MalEntryCodec.seal(original.sequence(), original.timestampMillis(), "emp-9",
                original.conduitId(), original.reason(), original.previousHash());
        lines.set(1, new String(MalEntryCodec.encode(forged), UTF_8).stripTrailing());
        writeLines(lines);

        VerifyReport.Defect defect = MalLog.verify(file()).defect().orElseThrow();
        assertThat(defect.line()).isEqualTo(3);
        assertThat(defect.reason()).isEqualTo(Reason.BROKEN_LINK);
        assertThatThrownBy(() -> MalLog.open(file())).isInstanceOf(MalLogCorruptedException.class);
    }

    @Test
    void deletedMiddleEntryIsASequenceGap() throws IOException {
        appendFive();
        List<String> lines = lines();
        lines.remove(2);
        writeLines(lines);

        VerifyReport.Defect defect = MalLog.verify(file()).defect().orElseThrow();
        assertThat(defect.line()).isEqualTo(3);
        assertThat(defect.reason()).isEqualTo(Reason.SEQUENCE_GAP);
        assertThat(defect.detail()).contains("expected sequence number 2 but found 3");
    }

    @Test
    void wholeLastEntryOutOfSequenceIsNotMistakenForCrashDamage() throws IOException {
        appendFive();
        List<String> lines = lines();
        lines.remove(3);
        writeLines(lines);
        long length = Files.size(file());

        VerifyReport.Defect defect = MalLog.verify(file()).defect().orElseThrow();
        assertThat(defect.atTail()).isTrue();
        assertThat(defect.fromInterruptedAppend()).isFalse();
        assertThatThrownBy(() -> MalLog.open(file()))
                .isInstanceOf(MalLogCorruptedException.class)
                .hasMessageContaining(":4: sequence gap");
        assertThat(Files.size(file())).isEqualTo(length);
    }

    @Test
    void malformedMiddleLineIsReportedWithItsLineNumber() throws IOException {
        appendFive();
        List<String> lines = lines();
        lines.set(3, "not an entry");
        writeLines(lines);

        assertThat(MalLog.verify(file()).describe())
                .isEqualTo(file() + ":4: malformed line (entry #3): expected 7 tab-separated fields, found 1");
    }

    @Test
    void concurrentAppendsFromManyThreadsKeepOneValidChain() throws Exception {
        int threads = 6;
        int perThread = 40;
        ConcurrentLinkedQueue<MalEntry> acknowledged = new ConcurrentLinkedQueue<>();
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try (MalLog log = MalLog.open(file())) {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                futures.add(pool.submit(() -> {
                    start.await();
                    for (int i = 0; i < perThread; i++) {
                        acknowledged.add(log.append("emp-" + thread, "doc-" + i, "thread " + thread));
                    }
                    return null;
                }));
            }
            start.countDown();
            for (Future<?> f : futures) {
                f.get(60, TimeUnit.SECONDS);
            }
            assertThat(log.size()).isEqualTo(threads * perThread);
        } finally {
            pool.shutdownNow();
        }

        VerifyReport report = MalLog.verify(file());
        assertThat(report.ok()).as(report.describe()).isTrue();
        assertThat(report.entries()).isEqualTo(threads * perThread);
        try (MalLog log = MalLog.open(file())) {
            assertThat(log.entries()).containsExactlyInAnyOrderElementsOf(acknowledged);
        }
    }

    @Test
    void listenerLearnsEveryAcknowledgedEntryAsALoggedFact() throws IOException {
        FactIndex facts = new FactIndex();
        try (MalLog log = MalLog.open(file())) {
            log.onAppend(entry -> facts.add(entry.asFact()));
            log.append("alice", "doc-7", "case 12");
            assertThat(facts.contains("logged", List.of("alice", "doc-7"))).isTrue();
            assertThat(facts.contains("logged", List.of("bob", "doc-7"))).isFalse();
        }
    }

    @Test
    void factsAreOneLoggedFactPerEntry() throws IOException {
        try (MalLog log = MalLog.open(file())) {
            log.append("alice", "doc-1", "r");
            log.append("bob", "doc-2", "r");
            assertThat(log.facts()).containsExactly(Fact.of("logged", "alice", "doc-1"),
                    Fact.of("logged", "bob", "doc-2"));
        }
    }

    @Test
    void secondOpenOfAnOpenLogIsRefused() throws IOException {
        try (MalLog log = MalLog.open(file())) {
            assertThatThrownBy(() -> MalLog.open(file()))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("already open");
            log.append("alice", "doc-1", "still writable");
        }
        try (MalLog again = MalLog.open(file())) {
            assertThat(again.size()).isEqualTo(1);
        }
    }

    @Test
    void blankPrincipalOrConduitIsRejectedWithoutWriting() throws IOException {
        try (MalLog log = MalLog.open(file())) {
            assertThatThrownBy(() -> log.append(" ", "doc-1", "r")).isInstanceOf(IllegalArgumentException.class);
            assertThatThrownBy(() -> log.append("alice", "", "r")).isInstanceOf(IllegalArgumentException.class);
            assertThat(log.size()).isZero();
        }
        assertThat(file()).isEmptyFile();
    }

    private static MalEntry decode(String line) {
        byte[] bytes = line.getBytes(UTF_8);
        try {
            return MalEntryCodec.decode(bytes, bytes.length);
        } catch (MalEntryCodec.BadLineException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aReaderFollowsALogThatIsOpenForAppending() throws IOException {
        try (MalLog log = MalLog.open(file())) {
            log.append("e0", "d1", "case 1");
            List<MalEntry> seen = new ArrayList<>();
            assertThat(MalLog.read(file(), seen::add).entries()).isEqualTo(1);
            log.append("e0", "d2", "case 2");
            seen.clear();
            VerifyReport report = MalLog.read(file(), seen::add);
            assertThat(report.ok()).isTrue();
            assertThat(seen).extracting(MalEntry::conduitId).containsExactly("d1", "d2");
        }
    }
}
