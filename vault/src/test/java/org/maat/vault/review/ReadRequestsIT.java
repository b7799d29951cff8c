package org.maat.vault.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.client.NoSuchSecretException;
import org.maat.vault.client.PutOptions;

/**
 * What a read costs on the wire: once a client holds its connections and read tokens, a get sends each storage
 * server exactly one request, the share's GET, whose answer also carries what the read's check against two values
 * needs (the server's record of the collection's servers). Counted on every server through {@link HookedVault}'s
 * per-request hook, for a stored secret and for a missing one, so that a second request per server (a round trip
 * more on every read) cannot come back unnoticed.
 */
class ReadRequestsIT {

    @TempDir
    Path dir;

    @Test
    void aWarmReadSendsEachServerOneRequest() throws Exception {
        try (HookedVault vault = new HookedVault(dir.resolve("vault"))) {
            byte[] value = "read me with one round trip".getBytes(StandardCharsets.UTF_8);
            vault.withClient(c -> c.put("b", "key", value, PutOptions.of(2, 3, 2)));
            vault.withClient(c -> {
                assertThat(c.get("b", "key")).isEqualTo(value); // connections and read tokens are made here

                Map<Integer, List<String>> requests = count(vault, () -> assertThat(c.get("b", "key")).isEqualTo(value));
                assertThat(requests).as("requests of a read of a stored secret, by server").isEqualTo(Map.of(
                        1, List.of("GET /ss/collections/b/secrets/key"),
                        2, List.of("GET /ss/collections/b/secrets/key"),
                        3, List.of("GET /ss/collections/b/secrets/key")));

                requests = count(vault, () -> assertThatThrownBy(() -> c.get("b", "gone"))
                        .isInstanceOf(NoSuchSecretException.class));
                assertThat(requests).as("requests of a read of a missing secret, by server").isEqualTo(Map.of(
                        1, List.of("GET /ss/collections/b/secrets/gone"),
                        2, List.of("GET /ss/collections/b/secrets/gone"),
                        3, List.of("GET /ss/collections/b/secrets/gone")));
                return null;
            });
        }
    }

    /** The requests each server received while {@code read} ran. */
    private static Map<Integer, List<String>> count(HookedVault vault, Runnable read) {
        Map<Integer, List<String>> requests = new TreeMap<>();
        vault.faults((server, method, path) -> {
            synchronized (requests) {
                requests.computeIfAbsent(server, s -> new ArrayList<>()).add(method + " " + path);
            }
            return HookedVault.Fault.NONE;
        });
        try {
            read.run();
        } finally {
            vault.faults((server, method, path) -> HookedVault.Fault.NONE);
        }
        synchronized (requests) {
            return new TreeMap<>(requests);
        }
    }
}
