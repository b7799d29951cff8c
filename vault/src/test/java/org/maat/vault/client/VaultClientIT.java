package org.maat.vault.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maat.vault.Sha256;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeySource;
import org.maat.keys.KeySources;
import org.maat.vault.client.Timings.Phase;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.store.ServerStore;

/** The client against real vault servers in this JVM over mutual TLS (see {@link VaultCluster}). */
class VaultClientIT {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path temp;

    private final byte[] secret = random(32);

    @Test
    void aSecretPutOnThreeServersReadsBackAndTokensAreReused() throws Exception {
        try (VaultCluster vault = new VaultCluster(temp.resolve("vault"), 3);
                VaultClient client = VaultClient.open(vault.dir())) {
            Timings put = client.put("erp", "master", secret);
            assertThat(put.tokensIssued()).as("create and write from each of 3 ACSs").isEqualTo(6);
            assertThat(put.of(Phase.PERMISSIONS)).isPositive();
            assertThat(put.of(Phase.SHARES)).isPositive();

            Retrieval first = client.read("erp", "master");
            assertThat(first.secret()).isEqualTo(secret);
            assertThat(first.problems()).isEmpty();
            assertThat(first.timings().tokensIssued()).isEqualTo(3);

            Retrieval second = client.read("erp", "master");
            assertThat(second.secret()).isEqualTo(secret);
            assertThat(second.timings().tokensIssued()).isZero();
            assertThat(second.timings().tokensReused()).isEqualTo(3);
            assertThat(second.timings().of(Phase.CONNECT)).as("connections are kept").isZero();

            assertThat(client.openTimings().of(Phase.CONFIG)).isPositive();
        }
    }

    @Test
    void aSecondPutOfTheSameSecretIsRefusedAsImmutable() throws Exception {
        try (VaultCluster vault = new VaultCluster(temp.resolve("vault"), 3);
                VaultClient client = VaultClient.open(vault.dir())) {
            client.put("erp", "master", secret);
            assertThatThrownBy(() -> client.put("erp", "master", random(32)))
                    .isInstanceOf(SecretExistsException.class)
                    .hasMessageContaining("erp/master")
                    .hasMessageContaining("already exists; secrets are immutable");
            assertThat(client.get("erp", "master")).isEqualTo(secret);
        }
    }

    @Test
    void aPutThatOneServerRefusesIsTakenBackFromTheOthers() throws Exception {
        try (VaultCluster vault = new VaultCluster(temp.resolve("vault"), 3);
                VaultClient client = VaultClient.open(vault.dir())) {
            // Server 3 already holds a share of erp/master (another client's put that failed half-way).
            vault.stop(3);
            try (ServerStore store = ServerStore.open(vault.store(3))) {
                Share stray = Shares.split(random(32), 2, 3, new SecureRandom()).get(2);
                store.put(ServerStore.Kind.SECRETS, "erp/master", ShareRecord.toJson(stray).toString());
            }
            vault.start(3);

            assertThatThrownBy(() -> client.put("erp", "master", secret, PutOptions.of(2, 3, 2)))
                    .isInstanceOf(SecretExistsException.class)
                    .hasMessageContaining("already exists; secrets are immutable (servers 3 hold it)")
                    .hasMessageContaining("the shares it staged were dropped again");
            assertThatThrownBy(() -> client.get("erp", "master"))
                    .isInstanceOf(SecretUnavailableException.class)
                    .hasMessageContaining("no usable share")
                    .hasMessageContaining("its share carries no client signature")
                    .hasMessageContaining(vault.config().server(1).describe() + " has no erp/master")
                    .hasMessageContaining(vault.config().server(2).describe() + " has no erp/master");

            assertThat(client.delete("erp", "master")).isEqualTo(1);
            assertThatThrownBy(() -> client.get("erp", "master")).isInstanceOf(NoSuchSecretException.class);
            client.put("erp", "master", secret, PutOptions.of(2, 3, 2));
            assertThat(client.get("erp", "master")).isEqualTo(secret);
        }
    }

    @Test
    void twoOfThreeReadWithOneServerDownAndNameTheMissingServersWithTwoDown() throws Exception {
        try (VaultCluster vault = new VaultCluster(temp.resolve("vault"), 3);
                VaultClient client = VaultClient.open(vault.dir())) {
            client.put("erp", "master", secret, PutOptions.of(2, 3, 2));

            vault.stop(3);
            Retrieval oneDown = client.read("erp", "master");
            assertThat(oneDown.secret()).isEqualTo(secret);
            assertThat(oneDown.problems()).containsOnlyKeys(3);
            assertThat(oneDown.problems().get(3)).contains("refused the connection");

            vault.stop(2);
            String server2 = vault.config().server(2).describe();
            String server3 = vault.config().server(3).describe();
            // This client still holds ACS 2's read token (valid until it expires): server 1 gives its share.
            assertThatThrownBy(() -> client.get("erp", "master"))
                    .isInstanceOf(SecretUnavailableException.class)
                    .hasMessage("cannot read erp/master: 1 of the 2 shares needed; " + server2
                            + " refused the connection, " + server3 + " refused the connection");
            // A fresh client gets one read token of the two the collection requires.
            try (VaultClient fresh = VaultClient.open(vault.dir())) {
                assertThatThrownBy(() -> fresh.get("erp", "master"))
                        .isInstanceOf(SecretUnavailableException.class)
                        .hasMessageStartingWith("cannot read erp/master: no share received; ")
                        .hasMessageContaining(vault.config().server(1).describe() + " answered 403 quorum-not-met")
                        .hasMessageContaining(server2 + " refused the connection")
                        .hasMessageContaining(server3 + " refused the connection");
            }
        }
    }

    @Test
    void aCompromisedStorageServerHoldsNoCopyOfTheSecretAndItsShareAloneRecoversNothing() throws Exception {
        try (VaultCluster vault = new VaultCluster(temp.resolve("vault"), 3);
                VaultClient client = VaultClient.open(vault.dir())) {
            client.put("erp", "master", secret, PutOptions.of(2, 3, 2));
            vault.stop(1);

            byte[] raw = Files.readAllBytes(vault.store(1));
            Share share;
            try (ServerStore store = ServerStore.open(vault.store(1))) {
                share = ShareRecord.fromJson(JSON.readTree(store.get(ServerStore.Kind.SECRETS, "erp/master").orElseThrow()));
            }
            String shareBase64 = Base64.getEncoder().encodeToString(share.bytes());
            assertThat(contains(raw, shareBase64.getBytes(StandardCharsets.US_ASCII)))
                    .as("the raw scan sees what the server stored").isTrue();
            for (int at = 0; at + 8 <= secret.length; at++) {
                byte[] window = Arrays.copyOfRange(secret, at, at + 8);
                assertThat(contains(raw, window)).as("secret bytes %d..%d in the raw store", at, at + 8).isFalse();
            }
            assertThat(contains(raw, Base64.getEncoder().encodeToString(secret).substring(0, 12)
                    .getBytes(StandardCharsets.US_ASCII))).isFalse();
            assertThat(contains(raw, HexFormat.of().formatHex(secret).substring(0, 16)
                    .getBytes(StandardCharsets.US_ASCII))).isFalse();
            assertThat(contains(share.bytes(), Arrays.copyOf(secret, 8))).isFalse();
            assertThat(Shares.combine(List.of(share))).as("one share of a 2-of-3 split").isEmpty();
        }
    }

    @Test
    void aFlippedByteInAStoredShareIsReportedAndTheOtherSharesAreUsed() throws Exception {
        try (VaultCluster vault = new VaultCluster(temp.resolve("vault"), 4);
                VaultClient client = VaultClient.open(vault.dir())) {
            client.put("erp", "master", secret, PutOptions.of(2, 4, 2));
            // Server 2's share damaged at rest (its digest now fails); server 3's replaced by a malicious
            // server with a share that matches its own recomputed digest (only the check value catches it).
            tamper(vault, 2, false);
            tamper(vault, 3, true);
            for (int i = 0; i < 5; i++) {
                assertThat(client.get("erp", "master")).as("whichever shares come first").isEqualTo(secret);
            }

            Retrieval audit = client.audit("erp", "master");
            assertThat(audit.secret()).isEqualTo(secret);
            assertThat(audit.problems()).containsOnlyKeys(2, 3);
            assertThat(audit.problems().get(2)).contains("fails its digest");
            assertThat(audit.problems().get(3)).contains("signature does not match");
        }
    }

    @Test
    void aCompromisedStorageServerCannotSubstituteASecretByClaimingALowerThreshold() throws Exception {
        try (VaultCluster vault = new VaultCluster(temp.resolve("vault"), 3);
                VaultClient client = VaultClient.open(vault.dir())) {
            client.put("erp", "master", secret, PutOptions.of(2, 3, 2));
            // Server 3 replaces its share by a "1-of-1 share" of its own key: value and check are consistent, but
            // it cannot sign it as a client.
            vault.stop(3);
            try (ServerStore store = ServerStore.open(vault.store(3))) {
                Share forged = Shares.split(random(32), 1, 1, new SecureRandom()).get(0);
                store.put(ServerStore.Kind.SECRETS, "erp/master", ShareRecord.toJson(forged).toString());
            }
            vault.start(3);
            for (int i = 0; i < 5; i++) {
                assertThat(client.get("erp", "master")).as("whichever answer comes first").isEqualTo(secret);
            }
            Retrieval audit = client.audit("erp", "master");
            assertThat(audit.problems()).containsOnlyKeys(3);
            assertThat(audit.problems().get(3)).contains("carries no client signature");
        }
    }

    @Test
    void aClientOfAnotherAccountIsRefusedWithTheServersAnswers() throws Exception {
        try (VaultCluster vault = new VaultCluster(temp.resolve("vault"), 3,
                List.of(new ClientSpec("maat", "maat"), new ClientSpec("mallory", "other")));
                VaultClient owner = VaultClient.open(vault.dir());
                VaultClient other = VaultClient.open(vault.dir(), "mallory")) {
            owner.put("erp", "master", secret);
            assertThatThrownBy(() -> other.get("erp", "master"))
                    .isInstanceOf(SecretUnavailableException.class)
                    .hasMessageContaining("no access-control server granted a read token")
                    .hasMessageContaining(vault.config().server(1).describe() + " refused a read token: answered 403");
        }
    }

    @Test
    void theVaultKeySourceReturnsTheSecretAndDescribesItWithoutTheBytes() throws Exception {
        try (VaultCluster vault = new VaultCluster(temp.resolve("vault"), 3)) {
            try (VaultClient client = VaultClient.open(vault.dir())) {
                client.put("erp", "master", secret);
            }
            KeySource key = KeySources.open("vault:" + vault.dir() + "/erp/master");
            assertThat(key).isInstanceOf(VaultKeySource.class);
            assertThat(key.key()).isEqualTo(secret);
            assertThat(key.describe()).isEqualTo("vault " + vault.dir() + " secret erp/master")
                    .doesNotContain(HexFormat.of().formatHex(secret))
                    .doesNotContain(Base64.getEncoder().encodeToString(secret));

            vault.close();
            assertThatThrownBy(() -> KeySources.open("vault:" + vault.dir() + "/erp/master"))
                    .isInstanceOf(org.maat.keys.KeyUnavailableException.class)
                    .hasMessageContaining("erp/master")
                    .hasMessageContaining("refused the connection");
        }
    }

    /** Stops server {@code id}, flips one bit of its stored share (and with {@code redigest} fixes the digest), starts it again. */
    private static void tamper(VaultCluster vault, int id, boolean redigest) throws Exception {
        vault.stop(id);
        try (ServerStore store = ServerStore.open(vault.store(id))) {
            ObjectNode record = (ObjectNode) JSON.readTree(store.get(ServerStore.Kind.SECRETS, "erp/master").orElseThrow());
            byte[] bytes = Base64.getDecoder().decode(record.get("share").asText());
            bytes[3] ^= 0x10;
            record.put("share", Base64.getEncoder().encodeToString(bytes));
            if (redigest) {
                record.put("digest", Sha256.hex(bytes));
            }
            store.put(ServerStore.Kind.SECRETS, "erp/master", JSON.writeValueAsString(record));
        }
        vault.start(id);
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        return SharesTest.indexOf(haystack, needle) >= 0;
    }

    private static byte[] random(int length) {
        byte[] bytes = new byte[length];
        new SecureRandom().nextBytes(bytes);
        return bytes;
    }
}
