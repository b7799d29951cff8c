package org.maat.policy.store;

import java.nio.file.Path;
import java.util.Map;
import org.maat.policy.Conduit;
import org.maat.policy.facts.Fact;

/**
 * Child process of {@link PolicyStoreCrashIT}: applies one large batch to the store in
 * {@code args[0]} ({@code args[1]} conduits of about 1 KB each) and halts the JVM, as a crash
 * would, after the batch is in the maps but before MVStore commits it.
 */
public final class HaltingWriter {

    static final int HALT_STATUS = 3;

    private HaltingWriter() {
    }

    public static void main(String[] args) {
        int conduits = Integer.parseInt(args[1]);
        PolicyStore store = PolicyStore.open(Path.of(args[0]), () -> Runtime.getRuntime().halt(HALT_STATUS));
        Batch batch = store.batch();
        String payload = "x".repeat(1024);
        for (int i = 0; i < conduits; i++) {
            batch.putConduit(new Conduit("big-" + i, "big/" + i, "owner", TaggedBatches.policyId(1),
                    Map.of("payload", payload)));
            batch.addFact(Fact.of("big", Integer.toString(i)));
        }
        batch.commit();
        System.exit(1);
    }
}
