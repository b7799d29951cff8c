package org.maat.policy.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.Conduit;
import org.maat.policy.lang.PolicyId;

/**
 * Readers of the committed version (point lookups and streams) while another thread commits batches
 * that replace and remove conduits, as a front-end searching while users disguise themselves does. An
 * MVStore drops the chunks of superseded versions at commit: a read of the version before must still
 * succeed ("Chunk N not found" is not damage).
 */
class ConcurrentReadsDuringCommitsTest {

    private static final String PRIVATE = "read :- sKeyIs(this.owner);";
    private static final PolicyId PRIVATE_ID = PolicyId.ofCanonicalText(PRIVATE);

    @TempDir
    Path dir;

    @Test
    void readsNeverFailWhileBatchesReplaceWhatTheyRead() throws Exception {
        try (PolicyStore store = PolicyStore.open(dir.resolve("policy.db"))) {
            Batch first = store.batch().putPolicy(PRIVATE_ID, PRIVATE);
            for (int i = 0; i < 2_000; i++) {
                first.putConduit(new Conduit("d" + i, "docs/" + i, "u" + (i % 50), PRIVATE_ID));
            }
            first.commit();
            AtomicBoolean done = new AtomicBoolean();
            ConcurrentLinkedQueue<Throwable> failures = new ConcurrentLinkedQueue<>();
            List<Thread> readers = List.of(new Thread(() -> {
                while (!done.get()) {
                    try {
                        for (int i = 0; i < 2_000; i += 7) {
                            store.find("d" + i);
                        }
                    } catch (RuntimeException e) {
                        failures.add(e);
                    }
                }
            }), new Thread(() -> {
                while (!done.get()) {
                    try (Stream<Conduit> all = store.conduits()) {
                        all.filter(c -> c.owner().equals("u3")).count();
                    } catch (RuntimeException e) {
                        failures.add(e);
                    }
                }
            }));
            readers.forEach(Thread::start);
            for (int round = 0; round < 300; round++) {
                Batch b = store.batch();
                for (int i = round % 50; i < 2_000; i += 50) {
                    if (round % 2 == 0) {
                        b.removeConduit("d" + i);
                    } else {
                        b.putConduit(new Conduit("d" + i, "docs/" + i, "pp-" + round, PRIVATE_ID));
                    }
                }
                b.commit();
            }
            done.set(true);
            for (Thread t : readers) {
                t.join();
            }
            assertThat(failures).as("reads failed during commits").isEmpty();
        }
    }
}
