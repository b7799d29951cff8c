package org.maat.keys;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class KeyFileTest {

    @TempDir
    Path dir;

    @Test
    void createIfAbsentWritesThirtyTwoOwnerOnlyBytes() throws Exception {
        Path file = dir.resolve("keys/master.key");
        KeyFile key = KeyFile.createIfAbsent(file);

        assertThat(Files.readAllBytes(file)).hasSize(32).isEqualTo(key.key());
        if (Files.getFileStore(file).supportsFileAttributeView("posix")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        }
        try (var listing = Files.list(file.getParent())) {
            assertThat(listing).as("no temporary file left behind").containsExactly(file);
        }
    }

    @Test
    void createIfAbsentKeepsAnExistingKey() {
        Path file = dir.resolve("master.key");
        byte[] first = KeyFile.createIfAbsent(file).key();
        byte[] second = KeyFile.createIfAbsent(file).key();

        assertThat(second).isEqualTo(first);
        assertThat(KeyFile.open(file).key()).isEqualTo(first);
    }

    @Test
    void concurrentCreatorsAllEndUpWithTheOneKeyOnDisk() throws Exception {
        Path file = dir.resolve("shared.key");
        int threads = 8;
        var start = new CountDownLatch(1);
        var pool = Executors.newFixedThreadPool(threads);
        try {
            var futures = new ArrayList<Future<byte[]>>();
            for (int i = 0; i < threads; i++) {
                futures.add(pool.submit(() -> {
                    start.await();
                    return KeyFile.createIfAbsent(file).key();
                }));
            }
            start.countDown();
            byte[] onDisk = null;
            for (var f : futures) {
                byte[] key = f.get();
                onDisk = onDisk == null ? Files.readAllBytes(file) : onDisk;
                assertThat(key).isEqualTo(onDisk);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void twoCreatedKeysDiffer() {
        assertThat(KeyFile.createIfAbsent(dir.resolve("a")).key())
                .isNotEqualTo(KeyFile.createIfAbsent(dir.resolve("b")).key());
    }

    @Test
    void masterKeyIsAFreshCopy() {
        KeyFile key = KeyFile.createIfAbsent(dir.resolve("master.key"));
        byte[] copy = key.key();
        byte[] original = copy.clone();
        copy[0] ^= 1;

        assertThat(key.key()).isEqualTo(original);
    }

    @Test
    void openNamesAMissingFile() {
        Path file = dir.resolve("nope.key");
        assertThatThrownBy(() -> KeyFile.open(file))
                .isInstanceOf(KeyUnavailableException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("does not exist");
    }

    @Test
    void openRejectsAFileOfTheWrongSize() throws Exception {
        Path file = dir.resolve("short.key");
        Files.write(file, new byte[31]);
        assertThatThrownBy(() -> KeyFile.open(file))
                .isInstanceOf(KeyUnavailableException.class)
                .hasMessageContaining(file.toString())
                .hasMessageContaining("31 bytes")
                .hasMessageContaining("expected exactly 32");
    }

    @Test
    void describeNamesTheFileButNotTheKey() {
        Path file = dir.resolve("master.key");
        KeyFile key = KeyFile.createIfAbsent(file);
        assertThat(key.describe()).isEqualTo("key file " + file.toAbsolutePath());
    }
}
