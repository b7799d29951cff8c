package org.maat.vault.review;

import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;
import org.maat.vault.client.NoSuchSecretException;
import org.maat.vault.client.PutOptions;

/**
 * Attack: the same operations as {@link RestoredServerLosesLaterPutIT} (one server's store backed up before a name's
 * first operation and restored from that backup at a random step; puts and deletes of a 2-of-3 name, quorum 2, with
 * all three servers up), checked the other way: right after each acknowledged {@code vault delete}, with every server
 * up, the name must read as missing.
 *
 * <p>What breaks it: the deciding server (server 1), restored, decides the delete at the epoch its backup counts
 * from, at or below the epoch of the put that servers 2 and 3 committed. They answer the delete {@code superseded},
 * which the client counts as done: the delete is acknowledged ("0 shares") and every get still returns the deleted
 * key from servers 2 and 3. Running the delete again, as the README says to finish a delete, is acknowledged the
 * same way until server 1's count passes theirs; meanwhile a put of a new value under the name is refused as
 * "exists".
 *
 * <p>Deciding epochs at least the clock's milliseconds let a restored server with its clock running decide above
 * them; with its clock set back, a delete is decided above the epochs its client met on the other servers (it asks
 * them before the decision, as a put's stages do).
 *
 * <p>Fixed seed; the first acknowledged delete after which the name still reads fails the test with its sequence.
 */
class RestoredServerKeepsDeletedSecretIT {

    private static final long SEED = 20_261_214L;
    private static final int SEQUENCES = 10;
    private static final int STEPS = 6;
    private static final PutOptions TWO_OF_THREE = PutOptions.of(2, 3, 2);

    @TempDir
    Path dir;

    @Test
    void anAcknowledgedDeleteLeavesNothingToReadAfterARestoredServer() throws Exception {
        run(Clock.systemUTC(), SEQUENCES);
    }

    /**
     * The same with every server's decision clock set back as far as it goes (epochs count from the name's last
     * one alone), so that only what the delete's client tells the deciding server (the epochs the other servers
     * answer) can order it after the put they applied.
     */
    @Test
    void anAcknowledgedDeleteLeavesNothingToReadAfterARestoredServerWithItsClockSetBack() throws Exception {
        run(Clock.fixed(Instant.EPOCH, ZoneOffset.UTC), SEQUENCES / 2);
    }

    private void run(Clock decisions, int sequences) throws Exception {
        Random random = new Random(SEED);
        Path backups = Files.createDirectories(dir.resolve("backups"));
        try (HookedVault vault = new HookedVault(dir.resolve("vault"), 3, decisions)) {
            vault.withClient(c -> c.put("b", "warm-up", "claims the collection".getBytes(), TWO_OF_THREE));
            for (int sequence = 0; sequence < sequences; sequence++) {
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
                            vault.withClient(c -> c.put("b", name, value, TWO_OF_THREE));
                        } catch (VaultException e) {
                            trace.add("  put " + hex + ": refused (" + e.getClass().getSimpleName() + ")");
                            continue;
                        }
                        trace.add("  put " + hex + ": acknowledged");
                    } else {
                        try {
                            int deleted = vault.withClient(c -> c.delete("b", name));
                            trace.add("  delete: acknowledged (" + deleted + " shares)");
                            checkMissing(vault, name, trace);
                        } catch (VaultException e) {
                            trace.add("  delete: refused (" + e.getMessage() + ")");
                        }
                    }
                }
            }
        }
    }

    private static void checkMissing(HookedVault vault, String name, List<String> trace) {
        byte[] got;
        try {
            got = vault.withClient(c -> c.get("b", name));
        } catch (NoSuchSecretException expected) {
            return;
        } catch (VaultException e) {
            fail(String.join("\n", trace) + "\nafter that acknowledged delete, with every server up, the name does not "
                    + "read as missing: " + e.getMessage());
            return;
        }
        fail(String.join("\n", trace) + "\nafter that acknowledged delete, with every server up, get still returns "
                + HexFormat.of().formatHex(got));
    }
}
