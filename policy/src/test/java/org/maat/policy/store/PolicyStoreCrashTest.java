package org.maat.policy.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a child JVM that is committing batches to a store, at random moments, and checks what
 * survives: every batch whose commit returned, and no part of any other.
 */
class PolicyStoreCrashTest {

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
        Process child = start(HaltingWriter.class, dir.resolve("halt.err"), List.of("-Xmx256m"),
                file.toString(), "30000");
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
        Path stderr = dir.resolve("writer-" + round + ".err");
        Process child = start(CrashingWriter.class, stderr, List.of(), file.toString());
        BlockingQueue<Optional<String>> lines = new LinkedBlockingQueue<>();
        Thread reader = readLines(child, lines);
        long lastAck = 0;
        int acks = 0;
        boolean eof = false;
        while (acks < killAfterAcks) {
            Optional<String> line = lines.poll(30, TimeUnit.SECONDS);
            if (line == null || line.isEmpty()) {
                child.destroyForcibly().waitFor();
                fail("writer stopped or hung before ack " + killAfterAcks + " in " + context + "; stderr: "
                        + Files.readString(stderr));
            }
            lastAck = Math.max(lastAck, ackOf(line.get()));
            acks++;
        }
        Thread.sleep(delayMillis);
        // SIGKILL through the process handle: Process.destroyForcibly() would also close our end of
        // the pipe and lose the acks still in it.
        child.toHandle().destroyForcibly();
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).as("writer died in %s", context).isTrue();
        reader.join(TimeUnit.SECONDS.toMillis(30));
        // Acks written before the kill are still in the pipe: those batches must be there too.
        List<Optional<String>> rest = new ArrayList<>();
        lines.drainTo(rest);
        for (Optional<String> line : rest) {
            if (line.isPresent()) {
                lastAck = Math.max(lastAck, ackOf(line.get()));
            } else {
                eof = true;
            }
        }
        assertThat(eof).as("read the writer's output to its end in %s", context).isTrue();
        return lastAck;
    }

    private static long ackOf(String line) {
        Matcher m = ACK.matcher(line);
        assertThat(m.matches()).as("writer output line '%s'", line).isTrue();
        return Long.parseLong(m.group(1));
    }

    /** Reads the child's output lines into {@code lines}, then an empty Optional at end of stream. */
    private static Thread readLines(Process child, BlockingQueue<Optional<String>> lines) {
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lines.add(Optional.of(line));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } finally {
                lines.add(Optional.empty());
            }
        }, "writer-output");
        reader.setDaemon(true);
        reader.start();
        return reader;
    }

    private static Process start(Class<?> main, Path stderr, List<String> jvmOptions, String... args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        // Fast start-up matters more than peak speed for these short-lived children.
        command.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        command.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(List.of(args));
        return new ProcessBuilder(command).redirectError(stderr.toFile()).start();
    }
}
