package org.maat.vault.store;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Random;
import org.maat.vault.store.ServerStore.Kind;

/**
 * Writes to a {@link ServerStore} in a child JVM until killed: {@code StoreWriterProcess FILE FIRST} opens the
 * store (freed chunk space reusable at once), then for i = FIRST, FIRST+1, ... stores secret {@code s<i>},
 * replaces a permission document (so chunks keep falling free) and prints {@code ACK i} once both are durable.
 */
public final class StoreWriterProcess {

    private StoreWriterProcess() {
    }

    public static void main(String[] args) {
        int first = Integer.parseInt(args[1]);
        Random random = new Random(first);
        try (ServerStore store = ServerStore.open(Path.of(args[0]), Duration.ZERO)) {
            for (int i = first; ; i++) {
                store.put(Kind.SECRETS, "s" + i, "x".repeat(100 + random.nextInt(2_000)));
                store.put(Kind.PERMISSIONS, "collection:c", "p" + i);
                System.out.println("ACK " + i);
                System.out.flush();
            }
        }
    }
}
