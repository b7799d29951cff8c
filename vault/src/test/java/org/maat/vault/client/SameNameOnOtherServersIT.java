package org.maat.vault.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;

/**
 * Attack: secrets are immutable and "a deciding server accepts one committed put per name, so two puts [...]
 * cannot both win". The deciding server is the lowest id of the collection's servers, "fixed when the collection
 * is created", but a collection is created per storage server, by each put, on the servers that put names.
 *
 * <p>A put of {@code erp/master} with {@code --n 2} (servers 1 and 2, 2-of-2, the collection made on 1 and 2
 * only) is acknowledged. A second put of the same name by the same account with {@code --servers 3} (documented
 * options, no concurrency, no crash) finds no collection {@code erp} on server 3, creates it there with ACS 3
 * alone, stages and commits its 1-of-1 share with server 3 as its deciding server, and is acknowledged too
 * instead of "exists". Every get then returns the first value (its split declares the higher k), so the second
 * put's acknowledged bytes are never read back: two acknowledged puts of one immutable name, one of them lost.
 */
class SameNameOnOtherServersIT {

    @TempDir
    Path temp;

    @Test
    void aSecondPutOfANameOnOtherServersIsRefusedOrReadsBack() throws Exception {
        byte[] first = "first-value-of-erp-master-000001".getBytes(StandardCharsets.US_ASCII);
        byte[] second = "second-value-of-erp-master-00002".getBytes(StandardCharsets.US_ASCII);
        Duration patience = Duration.ofSeconds(30); // a loaded machine: nothing here depends on timing
        try (VaultCluster vault = new VaultCluster(temp.resolve("vault"), 3);
                VaultClient client = VaultClient.open(vault.dir(), VaultClient.DEFAULT_CLIENT, patience, patience)) {
            client.put("erp", "master", first, PutOptions.of(0, 2, 0)); // servers 1, 2; k = n = quorum = 2
            assertThat(client.get("erp", "master")).isEqualTo(first);

            try {
                client.put("erp", "master", second, PutOptions.defaults().onServers(List.of(3)));
            } catch (SecretExistsException expected) {
                assertThat(client.get("erp", "master")).isEqualTo(first);
                return;
            } catch (VaultException refused) {
                // refused for another reason: the name must still hold the first value only
                assertThat(client.get("erp", "master")).isEqualTo(first);
                return;
            }
            List<String> reads = new ArrayList<>();
            for (int i = 0; i < 5; i++) {
                reads.add(new String(client.get("erp", "master"), StandardCharsets.US_ASCII));
            }
            fail("two puts of the immutable name erp/master were both acknowledged (the second one with --servers 3)"
                    + "; gets now return " + reads + ", so the acknowledged second value '"
                    + new String(second, StandardCharsets.US_ASCII) + "' is lost");
        }
    }
}
