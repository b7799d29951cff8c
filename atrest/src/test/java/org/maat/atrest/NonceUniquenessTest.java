package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.atrest.file.SealLog;

/**
 * Every seal of a long random workload (overwrites, appends to partial blocks, truncations, recreation,
 * switches of cipher and model, convergence) is recorded as (file salt, cipher, nonce): no triple repeats.
 */
class NonceUniquenessTest {

    @TempDir
    Path tmp;

    @AfterEach
    void stop() {
        SealLog.listen(null);
    }

    @Test
    void noNonceIsSealedTwiceUnderOneKey() throws Exception {
        Set<String> seen = new HashSet<>();
        List<String> duplicates = new java.util.ArrayList<>();
        long[] seals = {0};
        SealLog.listen(s -> {
            seals[0]++;
            String k = HexFormat.of().formatHex(s.key()) + "/" + s.cipherId() + "/" + HexFormat.of().formatHex(s.nonce());
            if (!seen.add(k)) {
                duplicates.add(k);
            }
        });
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA8, 64);
        Random r = new Random(42);
        Path[] files = {v.root().resolve("a"), v.root().resolve("b"), v.root().resolve("c")};
        List<AtRestCipher> ciphers = Ciphers.all();
        for (int round = 0; round < 40; round++) {
            for (Path f : files) {
                boolean recreate = r.nextInt(10) == 0;
                try (FileChannel ch = recreate
                        ? v.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)
                        : v.open(f, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                    for (int op = 0; op < 20; op++) {
                        int kind = r.nextInt(10);
                        if (kind < 6) {
                            ch.write(ByteBuffer.wrap(TestVolumes.bytes(r.nextLong(), 1 + r.nextInt(100))),
                                    r.nextInt((int) ch.size() + 64));
                        } else if (kind < 8) {
                            ch.write(ByteBuffer.wrap(new byte[1 + r.nextInt(10)]), ch.size());
                            ch.force(false);
                        } else if (kind < 9) {
                            ch.truncate(r.nextInt((int) ch.size() + 1));
                        } else {
                            ((EncryptedChannel) ch).requireAtLeast(ciphers.get(r.nextInt(ciphers.size())));
                        }
                    }
                }
            }
            if (r.nextInt(3) == 0) {
                v.switchTo(ciphers.get(r.nextInt(ciphers.size())), SwitchModel.values()[r.nextInt(3)]);
                Thread.sleep(60);
            }
            if (r.nextInt(4) == 0) {
                v.converge(done -> { });
            }
        }
        assertThat(seals[0]).isGreaterThan(3000);
        assertThat(duplicates).isEmpty();
    }

    @Test
    void twoChannelsWritingOneBlockNeverShareANonce() throws Exception {
        Set<String> seen = new HashSet<>();
        List<String> duplicates = new java.util.ArrayList<>();
        SealLog.listen(s -> {
            String k = HexFormat.of().formatHex(s.key()) + "/" + s.cipherId() + "/" + HexFormat.of().formatHex(s.nonce());
            if (!seen.add(k)) {
                duplicates.add(k);
            }
        });
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA20, 64);
        Path f = v.root().resolve("shared");
        try (FileChannel a = v.open(f, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
                FileChannel b = v.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            a.write(ByteBuffer.wrap(new byte[100]), 0);
            a.force(false);
            for (int i = 0; i < 50; i++) {
                // Each loads the block at the same generation, then both seal it.
                a.read(ByteBuffer.allocate(1), 10);
                b.read(ByteBuffer.allocate(1), 10);
                a.write(ByteBuffer.wrap(new byte[] {(byte) i}), 5);
                b.write(ByteBuffer.wrap(new byte[] {(byte) -i}), 6);
                a.force(false);
                b.force(false);
            }
        }
        assertThat(seen).hasSizeGreaterThan(100);
        assertThat(duplicates).isEmpty();
    }
}
