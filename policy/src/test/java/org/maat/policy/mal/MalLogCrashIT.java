package org.maat.policy.mal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.KilledChild;

/**
 * Kills a child process that is appending to the log with SIGKILL at random moments, and checks
 * after each kill that reopening recovers a valid chain holding every acknowledged entry. Some
 * rounds also leave the kind of damaged last line a power failure leaves mid-append.
 */
class MalLogCrashIT {

    private static final int ROUNDS = 20;

    @TempDir
    Path dir;

    @Test
    void everyAcknowledgedEntrySurvivesAKillAtARandomMoment() throws Exception {
        long seed = new Random().nextLong();
        Random random = new Random(seed);
        Path log = dir.resolve("crash.mal");
        TreeSet<Long> acknowledged = new TreeSet<>();

        for (int round = 0; round < ROUNDS; round++) {
            String context = "seed " + seed + ", round " + round;
            Path childErr = dir.resolve("child-" + round + ".err");
            killAppenderAfterAcks(log, childErr, 1 + random.nextInt(40), random.nextInt(3_000_000),
                    acknowledged, context);
            long injected = injectDamagedLastLine(log, random);

            try (MalLog reopened = MalLog.open(log)) {
                assertThat(reopened.recoveredBytes()).as(context).isGreaterThanOrEqualTo(injected);
                List<MalEntry> entries = reopened.entries();
                VerifyReport beside = MalLog.verify(log);
                assertThat(beside.ok() || beside.defect().get().fromInterruptedAppend())
                        .as(context + ": " + beside.describe()).isTrue();
                assertThat(beside.entries()).as(context).isEqualTo(entries.size());
                assertThat((long) entries.size()).as(context).isGreaterThan(acknowledged.last());
                for (MalEntry entry : entries) {
                    long sequence = entry.sequence();
                    assertThat(entry.principal()).as(context).isEqualTo(MalAppendLoop.principal(sequence));
                    assertThat(entry.conduitId()).as(context).isEqualTo(MalAppendLoop.conduitId(sequence));
                    assertThat(entry.reason()).as(context).isEqualTo(MalAppendLoop.reason(sequence));
                }
            }
        }
    }

    /** Runs the appender until it has acknowledged {@code acks} entries, waits a little, and kills it. */
    private static void killAppenderAfterAcks(Path log, Path childErr, int acks, int delayNanos,
                                              TreeSet<Long> acknowledged, String context) throws Exception {
        KilledChild.runAndKill(MalAppendLoop.class, List.of(log.toString()), childErr, acks, delayNanos, context)
                .forEach(line -> acknowledged.add(ack(line)));
    }

    /**
     * Appends what a power failure can leave of an unacknowledged entry: nothing, a prefix of its
     * line, or its line with a block that never reached the disk, the last one (its line end)
     * included. Returns the bytes appended. (A line whose end reached the disk is complete:
     * damage to it is tampering, see {@code MalLogTamperingTest}.)
     */
    private static long injectDamagedLastLine(Path log, Random random) throws IOException {
        int kind = random.nextInt(3);
        if (kind == 0) {
            return 0;
        }
        VerifyReport state = MalLog.verify(log);
        long next = state.entries();
        byte[] line = MalEntryCodec.encode(MalEntryCodec.seal(next, 0, MalAppendLoop.principal(next),
                MalAppendLoop.conduitId(next), MalAppendLoop.reason(next), state.headHash()));
        byte[] damaged;
        if (kind == 1) {
            damaged = Arrays.copyOf(line, 1 + random.nextInt(line.length - 1));
        } else {
            damaged = line.clone();
            int from = random.nextInt(line.length - 1);
            Arrays.fill(damaged, from, Math.min(line.length, from + 1 + random.nextInt(64)), (byte) 0);
            damaged[line.length - 1] = 0;
        }
        Files.write(log, damaged, StandardOpenOption.APPEND);
        return damaged.length;
    }

    private static long ack(String line) {
        assertThat(line).matches("ACK \\d+");
        return Long.parseLong(line.substring(4));
    }
}
