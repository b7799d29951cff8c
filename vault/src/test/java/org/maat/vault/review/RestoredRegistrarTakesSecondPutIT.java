package org.maat.vault.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;
import org.maat.vault.client.PutOptions;

/**
 * Attack: the vault's registrar (server 1, the lowest id of vault.json) is restored from a backup taken before a
 * collection was registered, as an operator restores a replaced disk. The registrar is what makes a name's
 * servers, so its deciding server, fixed: "a put of the name with other servers is refused".
 *
 * <p>A vault of four servers. Alice stores {@code b/master} 2-of-2 on servers 2 and 3 (quorum 2); server 1 only
 * registers collection {@code b}. Server 1 is restored from its backup, which has no collection {@code b}. Bob, of
 * the same account, puts {@code b/master} with another value 2-of-2 on servers 1 and 4, neither of which holds the
 * collection now: the registrar registers it again with those servers, server 1 decides the put, and it is
 * acknowledged. The immutable name now has two values; a get, which asks every server of vault.json, returns
 * whichever put's two shares it combines first: alice's value for bob's acknowledged put (always so with server 4
 * down, where bob's put has one share and alice's two).
 *
 * <p>Expected: bob's put is refused (servers 2 and 3 hold collection {@code b} with other servers than his put
 * names, which the registrar no longer knows), and the name still reads as alice's; or every later get returns
 * bob's value or fails.
 */
class RestoredRegistrarTakesSecondPutIT {

    private static final int READS = 6;

    @TempDir
    Path dir;

    @Test
    void aPutAcknowledgedAfterTheRegistrarWasRestoredIsWhatGetReturns() throws Exception {
        byte[] first = "alice's key of b/master, 2 of 2".getBytes(StandardCharsets.US_ASCII);
        byte[] second = "bob's key of b/master, 2 of 2 !".getBytes(StandardCharsets.US_ASCII);
        try (HookedVault vault = new HookedVault(dir.resolve("vault"), 4)) {
            vault.withClient(c -> c.put("a", "warm-up", "claims collection a".getBytes(StandardCharsets.US_ASCII)));
            Path backup = dir.resolve("server1-before-b.mv.db");
            vault.backup(1, backup);

            vault.withClient(c -> c.put("b", "master", first, PutOptions.of(2, 2, 2).onServers(List.of(2, 3))));
            vault.restore(1, backup);
            try {
                vault.withClient("bob", c -> c.put("b", "master", second, PutOptions.of(2, 2, 2).onServers(List.of(1, 4))));
            } catch (VaultException refused) {
                // The name stayed alice's: the promise held, and the name still reads as hers.
                assertThat(refused.getMessage()).contains("restored from a backup older than the collection");
                byte[] stillAlices = vault.withClient(c -> c.get("b", "master"));
                assertThat(stillAlices).isEqualTo(first);
                return;
            }

            List<String> reads = new ArrayList<>();
            boolean wrong = false;
            for (int i = 0; i < READS; i++) {
                boolean serverFourDown = i == READS - 1;
                if (serverFourDown) {
                    vault.stop(4);
                }
                String what = serverFourDown ? "get with server 4 down" : "get " + (i + 1);
                try {
                    byte[] got = vault.withClient(c -> c.get("b", "master"));
                    boolean alices = Arrays.equals(got, first);
                    wrong |= alices;
                    reads.add(what + ": " + (alices ? "alice's value" : Arrays.equals(got, second) ? "bob's value"
                            : "other bytes"));
                } catch (VaultException e) {
                    reads.add(what + ": failed (" + e.getMessage() + ")");
                }
            }
            if (wrong) {
                fail("b/master put by alice on servers 2 and 3; server 1 (the registrar) restored from a backup older "
                        + "than collection b; bob's put of b/master with another value on servers 1 and 4 was "
                        + "acknowledged; then:\n" + String.join("\n", reads));
            }
        }
    }
}
