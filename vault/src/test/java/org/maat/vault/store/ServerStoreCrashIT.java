package org.maat.vault.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.store.ServerStore.Kind;

/**
 * A store written by a child JVM that is SIGKILLed after a random number of acknowledged writes, then reopened,
 * over and over on the same file: every write acknowledged before a kill is there after it. With MVStore's
 * default of reusing the space of freed chunks, the last few acknowledged writes before a kill went missing once
 * that space was old enough to be reused (a storage server then answered 404 for secrets it had acknowledged);
 * the child lets the space be reused at once, so the test needs no 45 s wait to show it.
 */
class ServerStoreCrashIT {

    private static final int ROUNDS = 12;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyAcknowledgedWriteIsThereAfterEachKill() throws Exception {
        Path file = dir.resolve("store.mv.db");
        Random random = new Random(7);
        int next = 0;
        for (int round = 0; round < ROUNDS; round++) {
            int killAfter = 1 + random.nextInt(round % 2 == 0 ? 10 : 200);
            int acknowledged = writeUntilKilled(file, next, killAfter);
            try (ServerStore store = ServerStore.open(file)) {
                List<Integer> missing = new ArrayList<>();
                for (int i = 0; i <= acknowledged; i++) {
                    if (store.get(Kind.SECRETS, "s" + i).isEmpty()) {
                        missing.add(i);
                    }
                }
                assertThat(missing).as("round %d: acknowledged writes 0..%d missing after a SIGKILL", round,
                        acknowledged).isEmpty();
                String latest = store.get(Kind.PERMISSIONS, "collection:c").orElseThrow();
                assertThat(Integer.parseInt(latest.substring(1))).as("round %d: the replaced document", round)
                        .isGreaterThanOrEqualTo(acknowledged);
            }
            next = acknowledged + 1;
        }
    }

    /** Runs the writer from {@code first} and SIGKILLs it after {@code killAfter} acknowledgements; the last one. */
    private static int writeUntilKilled(Path file, int first, int killAfter) throws Exception {
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                StoreWriterProcess.class.getName(), file.toString(), Integer.toString(first))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
            int last = first - 1;
            for (int seen = 0; seen < killAfter; seen++) {
                String line = out.readLine();
                assertThat(line).as("the writer's output").isNotNull().startsWith("ACK ");
                last = Integer.parseInt(line.substring(4));
            }
            return last;
        } finally {
            child.destroyForcibly(); // SIGKILL: no close, no final commit
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
    }
}
