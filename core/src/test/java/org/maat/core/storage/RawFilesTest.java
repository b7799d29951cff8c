package org.maat.core.storage;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RawFilesTest {

    @TempDir
    Path dir;

    /** The unlucky draw that fails a plain {@code contain} over ciphertext: a three-letter word spelled once by chance. */
    @Test
    void aShortWordOnceInCiphertextIsChanceAndOftenIsALeak() throws Exception {
        byte[] cipher = new byte[100_000];
        new Random(5).nextBytes(cipher);
        byte[] tax = "tax".getBytes(StandardCharsets.UTF_8);
        assertThat(RawFiles.chanceCeiling(cipher.length, tax.length)).isEqualTo(4); // P(4 or more) = 5e-11
        System.arraycopy(tax, 0, cipher, 54_321, tax.length);
        Files.write(dir.resolve("_0.cfs"), cipher);
        assertThat(RawFiles.contain(dir, "tax")).isTrue();
        assertThat(RawFiles.containBeyondChance(dir, "tax")).isFalse();
        for (int i = 0; i < 4; i++) {
            System.arraycopy(tax, 0, cipher, 1000 + 10_000 * i, tax.length);
        }
        Files.write(dir.resolve("_0.cfs"), cipher);
        assertThat(RawFiles.containBeyondChance(dir, "tax")).isTrue();
    }

    @Test
    void aWordOfSixBytesIsALeakOnItsFirstHit() {
        assertThat(RawFiles.chanceCeiling(1 << 20, 6)).isEqualTo(1);
        assertThat(RawFiles.chanceCeiling(1 << 20, 5)).isEqualTo(2);
        assertThat(RawFiles.poissonTail(0.5, 1)).isCloseTo(1 - Math.exp(-0.5), org.assertj.core.data.Offset.offset(1e-15));
    }
}
