package org.maat.policy.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.KilledChild;

/**
 * Kills a child JVM that is committing batches to a store, at random moments, and checks what
 * survives: every batch whose commit returned, and no part of any other.
 */
class PolicyStoreCrashIT {

    private static final int ROUNDS = 16;
    private static final Pattern ACK = Pattern.compile("ACK (\\d+)");

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyAcknowledgedBatchSurvivesAKillAndNoBatchSurvivesInPart() throws Exception {
        Path file = dir.resolve("crash.store");
        long seed = System.nanoTime();
        Random random = new Random(seed);
        long durable = 0;
        for (int round = 0; round < ROUNDS; round++) {
            int killAfterAcks = 1 + random.nextInt(12);
            int delayMillis = random.nextInt(25);
            String context = "round " + round + " (seed " + seed + ", kill " + delayMillis + " ms after ack "
                    + killAfterAcks + ")";

            long lastAck = runAndKill(file, round, killAfterAcks, delayMillis, context);

            try (PolicyStore store = PolicyStore.open(file)) {
                long count = store.commitCount();
                assertThat(count).as("batches durable after %s", context)
                        .isGreaterThanOrEqualTo(lastAck)
                        .isGreaterThanOrEqualTo(durable);
                TaggedBatches.assertHoldsExactlyBatchesUpTo(store, count);
                durable = count;
            }
        }
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void aLargeBatchCutOffBeforeItsCommitLeavesNoTrace() throws Exception {
        Path file = dir.resolve("halt.store");
        try (PolicyStore store = PolicyStore.open(file)) {
            TaggedBatches.commitNext(store);
        }
        // About 30 MB of changes: more than MVStore buffers before it writes on its own, unless told not to.
        Process child = KilledChild.start(HaltingWriter.class, dir.resolve("halt.err"), List.of("-Xmx256m"),
                List.of(file.toString(), "30000"));
        assertThat(child.waitFor(50, TimeUnit.SECONDS)).isTrue();
        assertThat(child.exitValue()).as("exit status; stderr: %s", Files.readString(dir.resolve("halt.err")))
                .isEqualTo(HaltingWriter.HALT_STATUS);

        try (PolicyStore store = PolicyStore.open(file)) {
            TaggedBatches.assertHoldsExactlyBatchesUpTo(store, 1);
        }
    }

    /** Runs a {@link CrashingWriter}, SIGKILLs it, and returns the highest batch it acknowledged. */
    private long runAndKill(Path file, int round, int killAfterAcks, int delayMillis, String context)
            throws Exception {
        return KilledChild.runAndKill(CrashingWriter.class, List.of(file.toString()),
                        dir.resolve("writer-" + round + ".err"), killAfterAcks,
                        TimeUnit.MILLISECONDS.toNanos(delayMillis), context)
                .stream().mapToLong(PolicyStoreCrashIT::ackOf).max().orElse(0);
    }

    private static long ackOf(String line) {
        Matcher m = ACK.matcher(line);
        assertThat(m.matches()).as("writer output line '%s'", line).isTrue();
        return Long.parseLong(m.group(1));
    }
}
