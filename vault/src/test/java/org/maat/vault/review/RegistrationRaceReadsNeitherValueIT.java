package org.maat.vault.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;
import org.maat.vault.client.ConflictingValuesException;
import org.maat.vault.client.NoSuchSecretException;
import org.maat.vault.client.PutOptions;

/**
 * Attack on the read's side of "one name, one value": two puts of one name that the registration check cannot
 * keep apart. Alice's put of {@code b/master} (2-of-2 on servers 2 and 3) registers collection {@code b} on the
 * registrar (server 1), and is then held just before servers 2 and 3 create the collection. Meanwhile server 1 is
 * restored from a backup older than {@code b}, and bob puts {@code b/master} with another value 2-of-2 on servers 1
 * and 4: no server of the vault holds {@code b} yet, so his registration passes every check and his put is
 * acknowledged. Alice's put is then let go and is acknowledged too. Two committed puts, decided by two servers,
 * are stored under the name; neither is "the later one".
 *
 * <p>Expected: every get, with every server up or with any one down, fails naming the conflict, and none returns
 * either value (which pair of shares answers first is chance); the delete the refusal asks for removes both, and
 * a new put of the name reads back.
 */
class RegistrationRaceReadsNeitherValueIT {

    @TempDir
    Path dir;

    @Test
    void twoPutsThatCannotBeOrderedAreNeverRead() throws Exception {
        byte[] first = "alice's key of b/master, 2 of 2".getBytes(StandardCharsets.US_ASCII);
        byte[] second = "bob's key of b/master, 2 of 2 !".getBytes(StandardCharsets.US_ASCII);
        try (HookedVault vault = new HookedVault(dir.resolve("vault"), 4)) {
            vault.withClient(c -> c.put("a", "warm-up", "claims collection a".getBytes(StandardCharsets.US_ASCII)));
            Path backup = dir.resolve("server1-before-b.mv.db");
            vault.backup(1, backup);

            CountDownLatch held = new CountDownLatch(2);
            CountDownLatch release = new CountDownLatch(1);
            vault.faults((server, method, path) -> {
                if ((server == 2 || server == 3) && "PUT".equals(method) && "/ss/collections/b".equals(path)
                        && release.getCount() > 0) {
                    held.countDown();
                    try {
                        release.await(60, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                }
                return HookedVault.Fault.NONE;
            });
            CompletableFuture<Void> alice = CompletableFuture.runAsync(() -> vault.withClient(c ->
                    c.put("b", "master", first, PutOptions.of(2, 2, 2).onServers(List.of(2, 3)))));
            assertThat(held.await(60, TimeUnit.SECONDS)).as("alice's put reaches servers 2 and 3").isTrue();
            try {
                vault.restore(1, backup);
                vault.withClient("bob", c -> c.put("b", "master", second,
                        PutOptions.of(2, 2, 2).onServers(List.of(1, 4))));
            } finally {
                release.countDown();
            }
            alice.get(60, TimeUnit.SECONDS);

            List<String> reads = new ArrayList<>();
            boolean returned = false;
            for (int down = 0; down <= 4; down++) {
                if (down > 0) {
                    vault.stop(down);
                }
                String what = down == 0 ? "get with every server up" : "get with server " + down + " down";
                try {
                    byte[] got = vault.withClient(c -> c.get("b", "master"));
                    returned = true;
                    reads.add(what + ": " + (Arrays.equals(got, first) ? "alice's value"
                            : Arrays.equals(got, second) ? "bob's value" : "other bytes"));
                } catch (ConflictingValuesException e) {
                    assertThat(e.getMessage()).contains("stored under this name")
                            .contains("delete it and put it again");
                    reads.add(what + ": refused (" + e.getMessage() + ")");
                } catch (VaultException e) {
                    reads.add(what + ": failed (" + e.getMessage() + ")");
                }
                vault.start(down == 0 ? 1 : down);
            }
            if (returned || reads.stream().noneMatch(r -> r.contains("stored under this name"))) {
                fail("alice's and bob's puts of b/master were both acknowledged on servers 2, 3 and 1, 4; then:\n"
                        + String.join("\n", reads));
            }

            // What the refusal asks for works: the delete reaches both registrations, and a new put reads back.
            int deleted = vault.withClient(c -> c.delete("b", "master"));
            assertThat(deleted).as("shares deleted").isEqualTo(4);
            assertThatThrownBy(() -> vault.withClient(c -> c.get("b", "master")))
                    .isInstanceOf(NoSuchSecretException.class);
            vault.withClient("bob", c -> c.put("b", "master", second, PutOptions.of(2, 2, 2).onServers(List.of(1, 4))));
            byte[] again = vault.withClient(c -> c.get("b", "master"));
            assertThat(again).isEqualTo(second);
        }
    }
}
