package org.maat.policy.mal;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.mal.VerifyReport.Reason;

/**
 * Damage at the end of a MAL log: only a last line without its line end is an interrupted append;
 * any other change to the last entries, removing whole entries included, is refused by every way
 * of opening the log and leaves the files as they are.
 */
class MalLogTamperingTest {

    @TempDir
    Path dir;

    private Path file() {
        return dir.resolve("mal.log");
    }

    private Path head() {
        return dir.resolve("mal.log.head");
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
        Files.writeString(file(), String.join("\n", lines) + (lines.isEmpty() ? "" : "\n"), UTF_8);
    }

    /** Every way in refuses the log with this FILE:LINE and reason, and neither file changes. */
    private void assertRefusedEverywhere(int line, Reason reason) throws IOException {
        byte[] log = Files.readAllBytes(file());
        byte[] anchor = Files.exists(head()) ? Files.readAllBytes(head()) : null;
        String where = file() + ":" + line + ": " + reason.text();

        assertThatThrownBy(() -> MalLog.open(file())).as("open for append")
                .isInstanceOf(MalLogCorruptedException.class).hasMessageStartingWith(where);
        VerifyReport verified = MalLog.verify(file());
        assertThat(verified.describe()).as("verify").startsWith(where);
        assertThat(verified.defect().orElseThrow().fromInterruptedAppend()).isFalse();
        VerifyReport followed = MalLog.read(file(), entry -> { });
        assertThat(followed.describe()).as("a follower's read").startsWith(where);
        assertThat(followed.defect().orElseThrow().fromInterruptedAppend()).isFalse();

        assertThat(Files.readAllBytes(file())).as("the log is left as it is").isEqualTo(log);
        if (anchor == null) {
            assertThat(head()).as("no head is written").doesNotExist();
        } else {
            assertThat(Files.readAllBytes(head())).as("the head is left as it is").isEqualTo(anchor);
        }
    }

    /** A log as a version before head files wrote it: entry #0 chains from the all-zero genesis hash. */
    private List<MalEntry> writeOldStyleLog(int count) throws IOException {
        List<MalEntry> entries = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        String previous = MalEntry.GENESIS_HASH;
        for (int i = 0; i < count; i++) {
            MalEntry entry = MalEntryCodec.seal(i, 1_700_000_000_000L + i, "emp-" + i, "doc-" + i, "old " + i, previous);
            text.append(new String(MalEntryCodec.encode(entry), UTF_8));
            entries.add(entry);
            previous = entry.hash();
        }
        Files.writeString(file(), text, UTF_8);
        return entries;
    }

    @Test
    void aFlippedByteInTheLastNewlineTerminatedEntryIsRefusedNotTruncated() throws IOException {
        appendFive();
        byte[] bytes = Files.readAllBytes(file());
        int inLastLine = bytes.length - 80; // inside the previous-hash field of the last line
        bytes[inLastLine] = (byte) (bytes[inLastLine] == 'a' ? 'b' : 'a');
        Files.write(file(), bytes);

        assertRefusedEverywhere(5, Reason.BAD_HASH);
    }

    @Test
    void aGarbageLastLineIsRefusedNotTruncated() throws IOException {
        appendFive();
        Files.write(file(), "garbage\n".getBytes(UTF_8), StandardOpenOption.APPEND);

        assertRefusedEverywhere(6, Reason.MALFORMED_LINE);
    }

    @Test
    void aLastLineWithoutItsLineEndIsLeftByOpenAndTruncatedByTheNextAppend() throws IOException {
        List<MalEntry> written = appendFive();
        long good = Files.size(file());
        Files.write(file(), "5\t1700000000000\temp-5\tdo".getBytes(UTF_8), StandardOpenOption.APPEND);
        long torn = Files.size(file());

        try (MalLog log = MalLog.open(file())) {
            assertThat(log.entries()).isEqualTo(written);
            assertThat(log.recoveredBytes()).isEqualTo(torn - good);
            assertThat(Files.size(file())).as("opening writes nothing").isEqualTo(torn);
            assertThat(MalLog.read(file(), e -> { }).defect().orElseThrow().fromInterruptedAppend()).isTrue();
            log.append("emp-5", "doc-5", "again");
        }
        VerifyReport after = MalLog.verify(file());
        assertThat(after.ok()).as(after.describe()).isTrue();
        assertThat(after.entries()).isEqualTo(6);
    }

    @Test
    void deletingTheLastEntryOrTheLastTwoIsDetected() throws IOException {
        appendFive();
        List<String> all = lines();
        for (int removed = 1; removed <= 2; removed++) {
            writeLines(all.subList(0, all.size() - removed));
            assertRefusedEverywhere(6 - removed, Reason.MISSING_ENTRIES);
        }
        writeLines(List.of());
        assertRefusedEverywhere(1, Reason.MISSING_ENTRIES);
    }

    @Test
    void cuttingTheLineEndOffTheLastEntryIsRemovingItNotATornAppend() throws IOException {
        appendFive();
        byte[] bytes = Files.readAllBytes(file());
        Files.write(file(), java.util.Arrays.copyOf(bytes, bytes.length - 1));

        assertRefusedEverywhere(5, Reason.MISSING_ENTRIES);
    }

    @Test
    void aRewrittenAndRehashedLastEntryDoesNotMatchTheHead() throws Exception {
        appendFive();
        List<String> lines = lines();
        MalEntry last = MalEntryCodec.decode(lines.get(4).getBytes(UTF_8), lines.get(4).length());
        MalEntry forged = MalEntryCodec.seal(4, last.timestampMillis(), "emp-9", last.conduitId(), last.reason(),
                last.previousHash());
        lines.set(4, new String(MalEntryCodec.encode(forged), UTF_8).stripTrailing());
        writeLines(lines);

        assertRefusedEverywhere(5, Reason.HEAD_MISMATCH);
    }

    @Test
    void oneEntryPastTheHeadIsACrashBetweenTheTwoForcesAndIsAccepted() throws IOException {
        try (MalLog log = MalLog.open(file())) {
            for (int i = 0; i < 4; i++) {
                log.append("emp-" + i, "doc-" + i, "audit " + i);
            }
        }
        byte[] headAfterFour = Files.readAllBytes(head());
        try (MalLog log = MalLog.open(file())) {
            log.append("emp-4", "doc-4", "audit 4");
        }
        Files.write(head(), headAfterFour); // the crash: log forced, head not yet replaced

        assertThat(MalLog.verify(file()).ok()).isTrue();
        try (MalLog log = MalLog.open(file())) {
            assertThat(log.size()).isEqualTo(5);
            assertThat(Files.readAllBytes(head())).as("opening writes nothing").isEqualTo(headAfterFour);
            log.append("emp-5", "doc-5", "audit 5");
        }
        assertThat(Files.readString(head(), UTF_8)).startsWith("maat-mal-head 1 6 ");
        assertThat(MalLog.verify(file()).describe()).startsWith("OK: 6 entries");
    }

    @Test
    void twoEntriesPastTheHeadAreRefusedWhenNoOneIsAppending() throws IOException {
        try (MalLog log = MalLog.open(file())) {
            log.append("emp-0", "doc-0", "audit 0");
        }
        byte[] headAfterOne = Files.readAllBytes(head());
        try (MalLog log = MalLog.open(file())) {
            log.append("emp-1", "doc-1", "audit 1");
            log.append("emp-2", "doc-2", "audit 2");
            assertThat(MalLog.read(file(), e -> { }).ok()).as("a follower sees a log ahead of its head").isTrue();
        }
        Files.write(head(), headAfterOne);

        assertThatThrownBy(() -> MalLog.open(file())).isInstanceOf(MalLogCorruptedException.class)
                .hasMessageStartingWith(file() + ":3: unanchored entries");
        assertThat(MalLog.verify(file()).describe()).startsWith(file() + ":3: unanchored entries");
    }

    @Test
    void deletingTheHeadFileAndTheLastEntryOfALogBegunWithAHeadIsDetected() throws IOException {
        appendFive();
        Files.delete(head());
        List<String> lines = lines();
        writeLines(lines.subList(0, 4));

        assertRefusedEverywhere(1, Reason.HEAD_MISSING);
    }

    @Test
    void deletingOnlyTheHeadFileOfALogBegunWithAHeadIsDetected() throws IOException {
        appendFive();
        Files.delete(head());

        assertRefusedEverywhere(1, Reason.HEAD_MISSING);
    }

    @Test
    void aNewLogHasItsHeadFromCreationAndItsFirstEntryChainsFromTheHeadedGenesisHash() throws IOException {
        try (MalLog log = MalLog.open(file())) {
            assertThat(head()).hasContent("maat-mal-head 1 0 " + MalEntry.HEADED_GENESIS_HASH);
            assertThat(log.append("emp-0", "doc-0", "audit").previousHash()).isEqualTo(MalEntry.HEADED_GENESIS_HASH);
        }
        Files.delete(head());

        assertRefusedEverywhere(1, Reason.HEAD_MISSING);
    }

    @Test
    void anEmptyLogWithoutAHeadWritesItsHeadBeforeItsFirstEntry() throws IOException {
        Files.createFile(file()); // a crash between creating the log and writing its head, or an old empty log
        try (MalLog log = MalLog.open(file())) {
            assertThat(head()).as("opening writes nothing").doesNotExist();
            log.append("emp-0", "doc-0", "audit");
        }
        assertThat(Files.readString(head(), UTF_8)).startsWith("maat-mal-head 1 1 ");
        Files.delete(head());

        assertRefusedEverywhere(1, Reason.HEAD_MISSING);
    }

    @Test
    void theHeadedGenesisHashIsTheSha256OfTheHeadMagic() throws Exception {
        byte[] digest = java.security.MessageDigest.getInstance("SHA-256")
                .digest("maat-mal-head 1".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertThat(MalEntry.HEADED_GENESIS_HASH).isEqualTo(java.util.HexFormat.of().formatHex(digest))
                .isNotEqualTo(MalEntry.GENESIS_HASH);
    }

    @Test
    void aFirstEntryChainedFromNeitherGenesisHashIsRefused() throws IOException {
        MalEntry first = MalEntryCodec.seal(0, 1_700_000_000_000L, "emp-0", "doc-0", "audit", "ab".repeat(32));
        Files.write(file(), MalEntryCodec.encode(first));
        new MalHead(1, first.hash()).write(file()); // the head agrees: only the genesis link is wrong

        assertRefusedEverywhere(1, Reason.BROKEN_LINK);
        assertThat(MalLog.verify(file()).describe()).contains("is neither the headed genesis hash");
    }

    @Test
    void aLogBegunBeforeHeadFilesIsAcceptedWithoutOneAndAnchoredByItsNextAppend() throws IOException {
        List<MalEntry> old = writeOldStyleLog(5);

        assertThat(MalLog.verify(file()).describe()).isEqualTo("OK: 5 entries, head " + old.get(4).hash());
        List<MalEntry> followed = new ArrayList<>();
        assertThat(MalLog.read(file(), followed::add).ok()).isTrue();
        assertThat(followed).isEqualTo(old);
        try (MalLog log = MalLog.open(file())) {
            assertThat(log.size()).isEqualTo(5);
            assertThat(head()).as("opening writes nothing").doesNotExist();
            assertThat(log.append("emp-5", "doc-5", "audit 5").previousHash()).isEqualTo(old.get(4).hash());
        }
        assertThat(Files.readString(head(), UTF_8)).startsWith("maat-mal-head 1 6 ");
        List<String> lines = lines();
        writeLines(lines.subList(0, 5));
        assertRefusedEverywhere(6, Reason.MISSING_ENTRIES);
    }

    @Test
    void aMigratedLogStaysDetectableOnlyThroughItsHead() throws IOException {
        writeOldStyleLog(5);
        try (MalLog log = MalLog.open(file())) {
            log.append("emp-5", "doc-5", "audit 5");
        }
        // The documented limit: its entry #0 is old-style, so without the head it reads as unmigrated.
        Files.delete(head());
        writeLines(lines().subList(0, 4));

        assertThat(MalLog.verify(file()).describe()).startsWith("OK: 4 entries");
    }

    @Test
    void aDamagedHeadFileIsRefused() throws IOException {
        appendFive();
        Files.writeString(head(), "maat-mal-head 1 five\n");

        assertRefusedEverywhere(1, Reason.HEAD_MISMATCH);
    }

    @Test
    void aDeletedLogWhoseHeadRemainsIsNotCreatedAnew() throws IOException {
        appendFive();
        byte[] anchor = Files.readAllBytes(head());
        Files.delete(file());

        assertThatThrownBy(() -> MalLog.open(file())).isInstanceOf(MalLogCorruptedException.class)
                .hasMessageStartingWith(file() + ":1: missing entries")
                .hasMessageContaining("the log was deleted");
        assertThat(file()).doesNotExist();
        assertThat(Files.readAllBytes(head())).isEqualTo(anchor);
    }
}
