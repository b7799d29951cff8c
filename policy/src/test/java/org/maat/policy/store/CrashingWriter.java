package org.maat.policy.store;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Child process of {@link PolicyStoreCrashIT}: commits {@link TaggedBatches} to the store in
 * {@code args[0]} until killed, printing {@code ACK <N>} once batch N's commit has returned.
 */
public final class CrashingWriter {

    private CrashingWriter() {
    }

    public static void main(String[] args) {
        // Never outlive a test run that died without killing us.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        try (PolicyStore store = PolicyStore.open(Path.of(args[0]))) {
            while (System.nanoTime() < deadline) {
                long n = TaggedBatches.commitNext(store);
                System.out.println("ACK " + n);
                System.out.flush();
            }
        }
    }
}
