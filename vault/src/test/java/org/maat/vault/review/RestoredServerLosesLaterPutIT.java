package org.maat.vault.review;

import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;
import org.maat.vault.client.PutOptions;
import org.maat.vault.client.VaultClient;

/**
 * Attack: random sequences of puts and deletes of one name of a 2-of-3 collection (quorum 2), with servers' store
 * files backed up (server stopped, file copied, started) and later restored from that backup (stopped, copied back,
 * started), as an operator does when a server's disk is replaced. Every put and delete runs with all three servers
 * up and answering. Right after each acknowledged put, each server in turn is stopped: with the other two up
 * (k = 2 shares and 2 of 3 ACSs) the secret must read back.
 *
 * <p>What breaks it: the epochs that order a name's decisions live only in the deciding server's store. Restored
 * from a backup, the deciding server (server 1) counts the name's epoch from the backup's value, below the epoch
 * servers 2 and 3 have applied since (a later delete's tombstone). The next put is decided at that old epoch; servers
 * 2 and 3 answer its commit {@code superseded}, which the client takes as done, and the put is acknowledged while
 * its shares on servers 2 and 3 stay staged. Readers find a staged share only through a committed one, which only
 * server 1 has: with server 1 down, servers 2 and 3 answer "no such secret", and they go on doing so for every
 * later put of the name decided below their epoch.
 *
 * <p>Fixed seed; the first acknowledged put that does not read back fails the test with the sequence that led to it.
 */
class RestoredServerLosesLaterPutIT {

    private static final long SEED = 20_260_075L;
    private static final int SEQUENCES = 10;
    private static final int STEPS = 6;
    private static final PutOptions TWO_OF_THREE = PutOptions.of(2, 3, 2);

    @TempDir
    Path dir;

    @Test
    void anAcknowledgedPutReadsBackWithAnyOneServerDownAfterARestoredServer() throws Exception {
        Random random = new Random(SEED);
        Path backups = Files.createDirectories(dir.resolve("backups"));
        try (HookedVault vault = new HookedVault(dir.resolve("vault"))) {
            withClient(vault, c -> c.put("b", "warm-up", "claims the collection".getBytes(), TWO_OF_THREE));
            for (int sequence = 0; sequence < SEQUENCES; sequence++) {
                String name = "r" + sequence;
                // One server's store is backed up before the name's first operation and put back from that backup
                // at a random later step (a replaced disk); puts and deletes of the name fill the other steps.
                int restored = 1 + random.nextInt(3);
                int restoreAt = 1 + random.nextInt(STEPS - 1);
                Path backup = backups.resolve("seq" + sequence + "-server" + restored + ".mv.db");
                vault.backup(restored, backup);
                List<String> trace = new ArrayList<>();
                trace.add("sequence " + sequence + " on b/" + name + " (2 of 3, quorum 2):");
                trace.add("  server " + restored + " backed up");
                for (int step = 0; step < STEPS; step++) {
                    if (step == restoreAt) {
                        vault.restore(restored, backup);
                        trace.add("  server " + restored + " restored from that backup");
                    } else if (random.nextBoolean()) {
                        byte[] value = new byte[16];
                        random.nextBytes(value);
                        String hex = HexFormat.of().formatHex(value);
                        try {
                            withClient(vault, c -> c.put("b", name, value, TWO_OF_THREE));
                        } catch (VaultException e) {
                            trace.add("  put " + hex + ": refused (" + e.getClass().getSimpleName() + ")");
                            continue;
                        }
                        trace.add("  put " + hex + ": acknowledged");
                        checkReadsBackWithAnyOneServerDown(vault, name, value, trace);
                    } else {
                        try {
                            int deleted = withClient(vault, c -> c.delete("b", name));
                            trace.add("  delete: acknowledged (" + deleted + " shares)");
                        } catch (VaultException e) {
                            trace.add("  delete: refused (" + e.getMessage() + ")");
                        }
                    }
                }
            }
        }
    }

    private static void checkReadsBackWithAnyOneServerDown(HookedVault vault, String name, byte[] value,
            List<String> trace) {
        for (int down = 1; down <= 3; down++) {
            vault.stop(down);
            try {
                byte[] got = withClient(vault, c -> c.get("b", name));
                if (!Arrays.equals(got, value)) {
                    fail(String.join("\n", trace) + "\nwith server " + down + " down, get returned "
                            + HexFormat.of().formatHex(got) + ", not the acknowledged value");
                }
            } catch (VaultException e) {
                fail(String.join("\n", trace) + "\nright after that acknowledged put, with server " + down
                        + " down (the other two up: k = 2 shares and 2 of 3 ACSs), the secret is lost: "
                        + e.getMessage());
            } finally {
                vault.start(down);
            }
        }
    }

    private interface ClientCall<T> {
        T on(VaultClient client);
    }

    /** A fresh client per operation, so that no pooled connection to a restarted server is met. */
    private static <T> T withClient(HookedVault vault, ClientCall<T> call) {
        try (VaultClient client = VaultClient.open(vault.config().dir(), "alice", Duration.ofSeconds(2),
                Duration.ofSeconds(10))) {
            return call.on(client);
        }
    }
}
