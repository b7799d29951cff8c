package org.maat.vault.review;

import static org.assertj.core.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;
import org.maat.vault.client.NoSuchSecretException;
import org.maat.vault.client.PutOptions;

/**
 * Attack: the README promises that an acknowledged put "reads back with any k servers up, also after a server's
 * store ... is restored from a backup", and is lost only "once more than n - k servers lose their stores (restored
 * from a backup older than the put)". With k &lt;= n / 2, n - k restored servers are more than the k servers that
 * kept the put.
 *
 * <p>Sequence (every operation with all servers up, nothing killed): put A (acknowledged); the stores of n - k
 * servers are backed up; delete A (acknowledged); put B (acknowledged); those n - k servers are restored from that
 * backup (they hold A committed, the backup is older than B: exactly n - k servers lost their stores, within the
 * promise). B is still committed on k servers, so a get must return B.
 *
 * <p>What breaks it: a read never asks which decision is later. The shares' GET answers carry no epoch,
 * {@code CommittedPuts.requireOneValue} lets several puts through when their holders record the same collection
 * servers ("ordered"), and {@code ShareSet} then combines the <em>largest</em> group: the n - k stale servers
 * outvote the k current ones, and the get returns A, a value that was deleted and is not the last acknowledged one.
 */
class RestoredMajorityReturnsDeletedValueIT {

    private static final byte[] A = "value A, deleted".getBytes(StandardCharsets.UTF_8);
    private static final byte[] B = "value B, the last acknowledged".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    /** 2 of 5, quorum 2: servers 3, 4 and 5 (n - k = 3) restored; B stays committed on servers 1 and 2 (k = 2). */
    @Test
    void twoOfFiveReadsTheLastPutAfterNMinusKServersAreRestored() throws Exception {
        run(5, PutOptions.of(2, 5, 2), List.of(3, 4, 5));
    }

    /** 1 of 3 (stored with a warning, but stored), quorum 1: servers 2 and 3 (n - k = 2) restored. */
    @Test
    void oneOfThreeReadsTheLastPutAfterNMinusKServersAreRestored() throws Exception {
        run(3, PutOptions.of(1, 3, 1), List.of(2, 3));
    }

    /**
     * The same without put B: put A (2 of 5) acknowledged, servers 3 and 4 (fewer than n - k = 3) backed up, delete
     * acknowledged with every server up, servers 3 and 4 restored. Servers 1, 2 and 5 hold the delete's tombstone,
     * at an epoch above A's, but a read is not told epochs: the two stale shares are k, and the get returns A.
     */
    @Test
    void twoOfFiveReadsAnAcknowledgedDeleteAsMissingAfterTwoServersAreRestored() throws Exception {
        Path backups = Files.createDirectories(dir.resolve("backups"));
        PutOptions options = PutOptions.of(2, 5, 2);
        try (HookedVault vault = new HookedVault(dir.resolve("vault"), 5)) {
            vault.withClient(c -> c.put("c", "name", A, options));
            for (int id : List.of(3, 4)) {
                vault.backup(id, backups.resolve("server" + id + ".mv.db"));
            }
            int deleted = vault.withClient(c -> c.delete("c", "name"));
            for (int id : List.of(3, 4)) {
                vault.restore(id, backups.resolve("server" + id + ".mv.db"));
            }
            try {
                byte[] got = vault.withClient(c -> c.get("c", "name"));
                fail("put A acknowledged; servers [3, 4] backed up; delete acknowledged (" + deleted + " shares); "
                        + "servers [3, 4] (2 of n - k = 3) restored: get returned \""
                        + new String(got, StandardCharsets.UTF_8) + "\", a deleted value");
            } catch (NoSuchSecretException expected) {
                // the delete holds
            }
        }
    }

    private void run(int servers, PutOptions options, List<Integer> restored) throws Exception {
        Path backups = Files.createDirectories(dir.resolve("backups"));
        try (HookedVault vault = new HookedVault(dir.resolve("vault"), servers)) {
            vault.withClient(c -> c.put("c", "name", A, options));
            for (int id : restored) {
                vault.backup(id, backups.resolve("server" + id + ".mv.db"));
            }
            int deleted = vault.withClient(c -> c.delete("c", "name"));
            vault.withClient(c -> c.put("c", "name", B, options));
            check(vault, "before the restore", "");
            for (int id : restored) {
                vault.restore(id, backups.resolve("server" + id + ".mv.db"));
            }
            check(vault, "after servers " + restored + " (n - k of " + servers + ") were restored from a backup older "
                    + "than put B", "put A acknowledged; servers " + restored + " backed up; delete acknowledged ("
                    + deleted + " shares); put B acknowledged; ");
        }
    }

    private static void check(HookedVault vault, String when, String trace) {
        byte[] got;
        try {
            got = vault.withClient(c -> c.get("c", "name"));
        } catch (VaultException e) {
            fail(trace + when + ", the acknowledged put B does not read back: " + e.getMessage());
            return;
        }
        if (!Arrays.equals(got, B)) {
            fail(trace + when + ", get returned \"" + new String(got, StandardCharsets.UTF_8) + "\", not the last "
                    + "acknowledged value \"" + new String(B, StandardCharsets.UTF_8) + "\"");
        }
    }
}
