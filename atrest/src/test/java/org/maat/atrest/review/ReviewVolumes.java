package org.maat.atrest.review;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.AtRestCipher;

/** Helpers for the adversarial review tests: a volume under a temp dir, whole-file writes and reads. */
final class ReviewVolumes {

    static final int HEADER = 64;

    private ReviewVolumes() {
    }

    static AtRestVolume create(Path tmp, AtRestCipher cipher, int blockSize) throws IOException {
        return AtRestVolume.create(tmp.resolve("data"), cipher, "file:" + tmp.resolve("data.atrest.key"), blockSize);
    }

    static byte[] readAll(AtRestVolume v, Path file) throws IOException {
        try (FileChannel ch = v.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate((int) ch.size());
            while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
                // positional reads until full
            }
            return b.array();
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

    /** The slot size recorded in an encrypted file's header. */
    static int slotSize(Path physical) throws IOException {
        byte[] raw = Files.readAllBytes(physical);
        return ByteBuffer.wrap(raw, 12, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
    }
}
