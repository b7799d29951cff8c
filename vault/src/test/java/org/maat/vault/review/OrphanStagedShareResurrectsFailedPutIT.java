package org.maat.vault.review;

import static org.assertj.core.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;
import org.maat.vault.client.NoSuchSecretException;
import org.maat.vault.client.PutOptions;

/**
 * Attack on "rerunning a delete cut short finishes it" and "a put is all-or-nothing, and rerun or delete always
 * cleans a name", 2 of 3, quorum 2.
 *
 * <ol>
 *   <li>put X: decided on server 1 and committed on server 2; server 3 dies just before its commit, so it keeps
 *       X's share staged. The put fails ("run the put again to finish it"); it is never acknowledged.
 *   <li>server 1's store is backed up (it holds X committed).
 *   <li>delete, server 3 still down: decided on 1, applied on 2, cut short ("run the delete again to finish").
 *   <li>server 3 back. put Y: acknowledged (the name looked clean enough to take it). delete, every server up:
 *       acknowledged. get: missing. Every server answered every request of that last delete.
 *   <li>server 1 restored from its backup (one store, n - k = 1).
 * </ol>
 * The acknowledged delete ran after every server was back, yet server 3 still holds X's staged share: the second
 * delete, applied there with the put it deleted (Y), drops only Y's share (other staged shares "may be waiting for
 * their decision", but X's decision was deleted long ago). Invisible while no server holds X committed; once server
 * 1 comes back from its backup with X committed, a reader that finds X committed there asks server 3 for X's staged
 * share, gets k = 2 shares and returns X: a value whose put failed and that two deletes removed.
 */
class OrphanStagedShareResurrectsFailedPutIT {

    private static final byte[] X = "value X, its put failed".getBytes(StandardCharsets.UTF_8);
    private static final byte[] Y = "value Y, put and deleted".getBytes(StandardCharsets.UTF_8);
    private static final PutOptions TWO_OF_THREE = PutOptions.of(2, 3, 2);

    @TempDir
    Path dir;

    @Test
    void anAcknowledgedDeleteLeavesNoShareThatARestoredServerCanComplete() throws Exception {
        Path backup = Files.createDirectories(dir.resolve("backups")).resolve("server1.mv.db");
        List<String> trace = new ArrayList<>();
        try (HookedVault vault = new HookedVault(dir.resolve("vault"))) {
            vault.withClient(c -> c.put("c", "warm-up", "claims the collection".getBytes(), TWO_OF_THREE));
            AtomicBoolean armed = new AtomicBoolean(true);
            vault.faults((server, method, path) -> server == 3 && "POST".equals(method)
                    && path.startsWith("/ss/collections/c/secrets/name/puts/") && path.endsWith("/commit")
                    && armed.getAndSet(false) ? HookedVault.Fault.DIE_BEFORE : HookedVault.Fault.NONE);
            try {
                vault.withClient(c -> c.put("c", "name", X, TWO_OF_THREE));
                fail("the put of X was acknowledged with server 3 dead before its commit");
            } catch (VaultException e) {
                trace.add("put X: failed (" + e.getMessage() + ")");
            }
            vault.faults((server, method, path) -> HookedVault.Fault.NONE);
            vault.backup(1, backup);
            trace.add("server 1 backed up");
            try {
                vault.withClient(c -> c.delete("c", "name"));
                trace.add("delete with server 3 down: acknowledged");
            } catch (VaultException e) {
                trace.add("delete with server 3 down: cut short (" + e.getMessage() + ")");
            }
            vault.start(3);
            trace.add("server 3 started");
            vault.withClient(c -> c.put("c", "name", Y, TWO_OF_THREE));
            trace.add("put Y: acknowledged");
            int deleted = vault.withClient(c -> c.delete("c", "name"));
            trace.add("delete, every server up: acknowledged (" + deleted + " shares)");
            readsMissing(vault, trace, "right after that delete");
            vault.restore(1, backup);
            trace.add("server 1 restored from its backup (1 store of 3: n - k)");
            readsMissing(vault, trace, "after the restore");
        }
    }

    private static void readsMissing(HookedVault vault, List<String> trace, String when) {
        try {
            byte[] got = vault.withClient(c -> c.get("c", "name"));
            fail(String.join("\n", trace) + "\n" + when + ", get returned \"" + new String(got, StandardCharsets.UTF_8)
                    + "\"");
        } catch (NoSuchSecretException expected) {
            // missing, as the acknowledged delete left it
        } catch (VaultException e) {
            trace.add(when + ": get fails (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")");
        }
    }
}
