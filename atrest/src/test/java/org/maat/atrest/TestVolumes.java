package org.maat.atrest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.maat.atrest.cipher.AtRestCipher;

/** Volumes under a test's temporary directory, their key file beside the root. */
final class TestVolumes {

    private TestVolumes() {
    }

    static AtRestVolume create(Path tmp, AtRestCipher cipher, int blockSize) throws IOException {
        return AtRestVolume.create(tmp.resolve("data"), cipher, "file:" + tmp.resolve("data.atrest.key"), blockSize);
    }

    /**
     * A fresh instance of {@code v}'s volume, as a restarted process opens it: it has seen no version of any file
     * (rollbacks made before are not detected, the README says so).
     */
    static AtRestVolume restarted(AtRestVolume v) throws IOException {
        return AtRestVolume.open(v.root(), org.maat.keys.KeySources.open(v.keySpec()));
    }

    static byte[] readAll(FileChannel ch) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) ch.size());
        while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
            // positional reads until full
        }
        return b.array();
    }

    static byte[] readAll(AtRestVolume v, Path file) throws IOException {
        try (FileChannel ch = v.open(file, StandardOpenOption.READ)) {
            return readAll(ch);
        }
    }

    static void write(AtRestVolume v, Path file, byte[] data) throws IOException {
        try (FileChannel ch = v.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ch.write(ByteBuffer.wrap(data));
        }
    }

    static byte[] bytes(long seed, int n) {
        byte[] b = new byte[n];
        new java.util.Random(seed).nextBytes(b);
        return b;
    }
}
