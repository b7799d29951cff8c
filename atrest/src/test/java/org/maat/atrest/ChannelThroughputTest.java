package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * Large sequential I/O through the channel against this JVM's raw ChaCha20-Poly1305 over the same bytes (the
 * limit): the goal is within 30 %. The assertion (2.5x) only catches gross regressions: on this shared
 * 2-core machine (load ~10) the measured ratio swings between 0.7 and 1.7; {@code maat bench atrest} measures it.
 */
class ChannelThroughputTest {

    private static final int MB = 1 << 20;

    @TempDir
    Path tmp;

    private static double rawSeconds(int total) {
        AtRestCipher c = Ciphers.CHACHA20;
        byte[] key = new byte[32];
        byte[] nonce = new byte[12];
        byte[] aad = new byte[40];
        byte[] plain = new byte[4096];
        byte[] out = new byte[4096 + 16];
        long start = System.nanoTime();
        for (int i = 0; i < total / 4096; i++) {
            nonce[4] = (byte) i;
            c.seal(key, nonce, aad, plain, 0, 4096, out, 0);
        }
        return (System.nanoTime() - start) / 1e9;
    }

    @Test
    void chacha20ThroughTheChannelIsNearRawChacha20() throws Exception {
        int total = 48 * MB;
        AtRestVolume v = AtRestVolume.create(tmp.resolve("data"), Ciphers.CHACHA20, "file:" + tmp.resolve("k"));
        Path f = v.root().resolve("big");
        ByteBuffer chunk = ByteBuffer.wrap(TestVolumes.bytes(1, MB));
        double bestRatioWrite = Double.MAX_VALUE;
        double bestRatioRead = Double.MAX_VALUE;
        for (int rep = 0; rep < 3; rep++) {
            double raw = rawSeconds(total);
            long start = System.nanoTime();
            try (FileChannel ch = v.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                for (int i = 0; i < total / MB; i++) {
                    ch.write(chunk.clear());
                }
            }
            double write = (System.nanoTime() - start) / 1e9;
            start = System.nanoTime();
            try (FileChannel ch = v.open(f, StandardOpenOption.READ)) {
                ByteBuffer b = ByteBuffer.allocate(MB);
                while (ch.read(b.clear()) > 0) {
                    // sequential
                }
            }
            double read = (System.nanoTime() - start) / 1e9;
            bestRatioWrite = Math.min(bestRatioWrite, write / raw);
            bestRatioRead = Math.min(bestRatioRead, read / raw);
            System.out.printf("raw %.0f MB/s, channel write %.0f MB/s, read %.0f MB/s%n", total / MB / raw,
                    total / MB / write, total / MB / read);
        }
        System.out.printf("channel/raw time: write %.2f, read %.2f%n", bestRatioWrite, bestRatioRead);
        assertThat(bestRatioWrite).isLessThan(2.5);
        assertThat(bestRatioRead).isLessThan(2.5);
    }
}
