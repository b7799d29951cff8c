package org.maat.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.facts.Fact;
import org.maat.policy.mal.MalLog;
import org.maat.policy.mal.VerifyReport;
import org.maat.policy.store.PolicyStore;

/**
 * SIGKILLs a child JVM that is appending to the MAL log and committing to the policy store, many
 * times at random points, and checks after each kill: the log verifies, every acknowledged append
 * and commit is present, and the store never holds a {@code logged} fact whose log entry was lost.
 */
class MalAndStoreCrashIT {

    private static final int ROUNDS = 12;

    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void everyAcknowledgedAppendAndCommitSurvivesAndNoFactOutlivesItsLogEntry() throws Exception {
        long seed = System.nanoTime();
        Random random = new Random(seed);
        Path log = dir.resolve("mal.log");
        Path store = dir.resolve("policy.store");
        Set<Long> logged = new TreeSet<>();
        Set<Long> committed = new TreeSet<>();
        for (int round = 0; round < ROUNDS; round++) {
            String context = "seed " + seed + ", round " + round;
            List<String> acks = KilledChild.runAndKill(MalAndStoreWriter.class, List.of(log.toString(),
                    store.toString()), dir.resolve("child-" + round + ".err"), 1 + random.nextInt(30),
                    random.nextInt(4_000_000), context);
            for (String ack : acks) {
                String[] parts = ack.split(" ");
                (parts[0].equals("LOG") ? logged : committed).add(Long.parseLong(parts[1]));
            }

            try (MalLog reopened = MalLog.open(log); PolicyStore policies = PolicyStore.open(store)) {
                VerifyReport report = MalLog.verify(log);
                assertThat(report.ok() || report.defect().get().fromInterruptedAppend())
                        .as(context + ": " + report.describe()).isTrue();
                assertThat(report.entries()).as(context).isEqualTo(reopened.size());
                Set<Fact> inLog = reopened.facts().stream().collect(Collectors.toSet());
                for (long seq : logged) {
                    assertThat(inLog).as(context + ": acknowledged append " + seq)
                            .contains(Fact.of("logged", MalAndStoreWriter.EMPLOYEE, MalAndStoreWriter.documentId(seq)));
                }
                for (long seq : committed) {
                    assertThat(policies.find(MalAndStoreWriter.accessId(seq))).as(context + ": commit " + seq).isPresent();
                    assertThat(policies.facts().contains("logged",
                            List.of(MalAndStoreWriter.EMPLOYEE, MalAndStoreWriter.documentId(seq)))).isTrue();
                }
                try (var stored = policies.storedFacts()) {
                    stored.filter(f -> f.relation().equals("logged")).forEach(f ->
                            assertThat(inLog).as(context + ": fact without a log entry").contains(f));
                }
            }
        }
        assertThat(committed).as("the child made progress").isNotEmpty();
    }
}
