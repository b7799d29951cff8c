package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;
import org.maat.atrest.file.SealLog;

/**
 * Promise 2 (a (file key, nonce) pair is never sealed twice with different plaintext), with two writing
 * channels of one file in one JVM (BlockChannel's javadoc: "Two channels writing one block ... never share a
 * nonce"). Channel B extends the file (blocks 1..4 sealed at generation 0) then truncates it back to one block:
 * BlockFile.truncate raises the generation floor in the on-disk header so generation 0 of blocks 1..4 is never
 * used again. Channel A, opened before, still holds the old header (floor 0) in memory; it extends the file
 * again, and BlockChannel.seal takes gen = blocks.floor() (A's stale in-memory floor, 0) because no slot is on
 * disk there: blocks 1..3 are sealed again at generation 0 under the same salt, over other plaintext (zeros
 * vs B's random bytes): two-time pad on ChaCha, and a Poly1305 key reuse (forgery).
 * Cause: file/BlockChannel.java seal(): `gen = highest < 0 ? blocks.floor() : highest + 1` reads
 * BlockFile.header.generationFloor cached at open (file/BlockSet.floor), not the header on disk under the seal lock.
 */
class StaleFloorNonceReuseTest {

    @TempDir
    Path tmp;

    @AfterEach
    void stopListening() {
        SealLog.listen(null);
    }

    @Test
    void aSecondChannelsTruncationCannotMakeTheFirstReuseANonce() throws IOException {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA20, 256);
        Path file = volume.root().resolve("edits.log");
        ReviewVolumes.write(volume, file, ReviewVolumes.bytes(1, 256));
        List<SealLog.Seal> seals = new ArrayList<>();
        try (FileChannel a = volume.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileChannel b = volume.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            SealLog.listen(s -> {
                synchronized (seals) {
                    seals.add(s);
                }
            });
            b.write(ByteBuffer.wrap(ReviewVolumes.bytes(2, 4 * 256)), 256);
            b.force(true);
            b.truncate(256);
            b.force(true);
            a.write(ByteBuffer.wrap(new byte[] {7}), 3 * 256 + 5);
            a.force(true);
        }
        Map<String, Integer> uses = new HashMap<>();
        List<String> reused = new ArrayList<>();
        for (SealLog.Seal s : seals) {
            String k = HexFormat.of().formatHex(s.key()) + "/" + s.cipherId() + "/" + HexFormat.of().formatHex(s.nonce());
            if (uses.merge(k, 1, Integer::sum) == 2) {
                reused.add(k);
            }
        }
        assertThat(reused).as("(salt, cipher, nonce) sealed twice (B's random bytes, then A's zeros)").isEmpty();
    }
}
