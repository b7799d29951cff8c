package org.maat.vault.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;
import org.maat.vault.store.ServerStore.Kind;

class ServerStoreTest {

    @TempDir
    Path dir;

    @Test
    void compactingKeepsEveryDocumentAndShrinksTheFile() throws Exception {
        Path file = dir.resolve("store.mv.db");
        try (ServerStore store = ServerStore.open(file)) {
            for (int i = 0; i < 60; i++) {
                store.put(Kind.SECRETS, "c/s" + (i % 5), "v" + i);
                store.put(Kind.VERIFIERS, "v" + i, "x".repeat(i));
            }
        }
        long before = Files.size(file);
        ServerStore.compact(file);
        assertThat(Files.size(file)).isLessThan(before);
        try (ServerStore store = ServerStore.open(file)) {
            for (int i = 55; i < 60; i++) {
                assertThat(store.get(Kind.SECRETS, "c/s" + (i % 5))).contains("v" + i);
            }
            assertThat(store.count(Kind.VERIFIERS)).isEqualTo(60);
            assertThat(store.get(Kind.VERIFIERS, "v59")).contains("x".repeat(59));
        }
    }

    @Test
    void documentsSurviveReopening() {
        Path file = dir.resolve("server-1/store.mv.db");
        try (ServerStore store = ServerStore.open(file)) {
            assertThat(store.putIfAbsent(Kind.SECRETS, "erp/db", "{\"index\":1}")).isTrue();
            assertThat(store.putIfAbsent(Kind.SECRETS, "erp/db", "{\"index\":2}")).isFalse();
            assertThat(store.put(Kind.PERMISSIONS, "collection:erp", "p1")).isEmpty();
            assertThat(store.put(Kind.PERMISSIONS, "collection:erp", "p2")).contains("p1");
            assertThat(store.replace(Kind.VERIFIERS, "v", null, "v1")).isTrue();
            assertThat(store.replace(Kind.VERIFIERS, "v", "other", "v2")).isFalse();
            assertThat(store.putIfAbsent(Kind.COLLECTIONS, "gone", "x")).isTrue();
            assertThat(store.remove(Kind.COLLECTIONS, "gone")).isTrue();
            assertThat(store.remove(Kind.COLLECTIONS, "gone")).isFalse();
        }
        try (ServerStore store = ServerStore.open(file)) {
            assertThat(store.get(Kind.SECRETS, "erp/db")).contains("{\"index\":1}");
            assertThat(store.get(Kind.PERMISSIONS, "collection:erp")).contains("p2");
            assertThat(store.get(Kind.VERIFIERS, "v")).contains("v1");
            assertThat(store.get(Kind.COLLECTIONS, "gone")).isEmpty();
            // The kinds are separate maps.
            assertThat(store.get(Kind.COLLECTIONS, "erp/db")).isEmpty();
            assertThat(store.count(Kind.SECRETS)).isEqualTo(1);
        }
    }

    @Test
    void concurrentWritersAllLand() throws Exception {
        Path file = dir.resolve("store.mv.db");
        int threads = 8;
        int each = 50;
        try (ServerStore store = ServerStore.open(file)) {
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
            java.util.List<java.util.concurrent.Future<Integer>> wins = new java.util.ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int thread = t;
                wins.add(pool.submit(() -> {
                    int won = 0;
                    for (int i = 0; i < each; i++) {
                        store.put(Kind.SECRETS, "t" + thread + "/" + i, "v" + i);
                        // Every thread races for the same shared keys: each must be won exactly once.
                        won += store.putIfAbsent(Kind.COLLECTIONS, "shared" + i, "t" + thread) ? 1 : 0;
                    }
                    return won;
                }));
            }
            int totalWins = 0;
            for (java.util.concurrent.Future<Integer> w : wins) {
                totalWins += w.get();
            }
            pool.shutdown();
            assertThat(totalWins).isEqualTo(each);
        }
        try (ServerStore store = ServerStore.open(file)) {
            assertThat(store.count(Kind.SECRETS)).isEqualTo(threads * each);
            assertThat(store.count(Kind.COLLECTIONS)).isEqualTo(each);
        }
    }

    @Test
    void aSecondOpenerIsRefusedWhileTheFirstHoldsTheFile() {
        Path file = dir.resolve("store.mv.db");
        try (ServerStore store = ServerStore.open(file)) {
            assertThatThrownBy(() -> ServerStore.open(file)).isInstanceOf(VaultException.class)
                    .hasMessageContaining(file.toString()).hasMessageContaining("locked");
        }
    }

    @Test
    void aGarbageFileIsRefusedAndLeftAsItIs() throws Exception {
        Path file = dir.resolve("store.mv.db");
        byte[] garbage = new byte[8192];
        new Random(7).nextBytes(garbage);
        Files.write(file, garbage);
        assertThatThrownBy(() -> ServerStore.open(file)).isInstanceOf(VaultException.class)
                .hasMessageContaining("damaged vault store " + file);
        assertThat(Files.readAllBytes(file)).isEqualTo(garbage);
    }

    @Test
    void aStoreWithItsChunksOverwrittenIsRefusedAndLeftAsItIs() throws Exception {
        Path file = dir.resolve("store.mv.db");
        try (ServerStore store = ServerStore.open(file)) {
            for (int i = 0; i < 50; i++) {
                store.putIfAbsent(Kind.SECRETS, "c/s" + i, "share " + i);
            }
        }
        byte[] bytes = Files.readAllBytes(file);
        // Keep the two file headers (the first 8 KB), wipe every chunk after them.
        for (int i = 8192; i < bytes.length; i++) {
            bytes[i] = (byte) 0x5a;
        }
        Files.write(file, bytes);
        assertThatThrownBy(() -> ServerStore.open(file)).isInstanceOf(VaultException.class)
                .hasMessageContaining("damaged vault store " + file);
        assertThat(Files.readAllBytes(file)).isEqualTo(bytes);
    }

    @Test
    void anMvStoreOfSomethingElseIsRefused() {
        Path file = dir.resolve("other.mv.db");
        org.h2.mvstore.MVStore other = org.h2.mvstore.MVStore.open(file.toString());
        other.openMap("conduits").put("a", "b");
        other.close();
        assertThatThrownBy(() -> ServerStore.open(file)).isInstanceOf(VaultException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("something else");
    }
}
