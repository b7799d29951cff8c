package org.maat.atrest.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.keys.KeySources;

/**
 * The child JVM of {@link RewriteCrashIT}: rewrites blocks that are already on disk, forever, until killed.
 * Each step appends a few bytes into the partial last block or overwrites a range inside the file's last
 * blocks, then forces; it prints {@code begin OP POS LEN SEED} before the step and {@code ack} after the
 * force, so the parent knows every acknowledged state and the one step in flight. Its writes tear at page
 * boundaries with a pause in between, as Linux stops a pwrite between pages when SIGKILL is pending: a kill
 * then lands mid-write often, not once in a thousand rounds. Arguments: root, key file, file, seed,
 * {@code staged} or {@code in-place} (the test-only rewrite over the only copy).
 */
public final class RewriteChild {

    static final int PAGE = 4096;

    private RewriteChild() {
    }

    /** The bytes a step writes: a function of its seed and length only, so the parent can replay it. */
    static byte[] bytes(long seed, int length) {
        byte[] b = new byte[length];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Splits every write at the file's page boundaries and pauses between the pieces. */
    static Storage tearing(FileChannel channel) {
        Storage inner = Storage.of(channel);
        return new Storage() {
            @Override
            public int readFully(long position, byte[] b, int offset, int length) throws IOException {
                return inner.readFully(position, b, offset, length);
            }

            @Override
            public void write(long position, byte[] b, int offset, int length) throws IOException {
                while (length > 0) {
                    int piece = (int) Math.min(length, PAGE - position % PAGE);
                    inner.write(position, b, offset, piece);
                    position += piece;
                    offset += piece;
                    length -= piece;
                    if (length > 0) {
                        pause();
                    }
                }
            }

            @Override
            public long size() throws IOException {
                return inner.size();
            }

            @Override
            public void truncate(long size) throws IOException {
                inner.truncate(size);
            }

            @Override
            public void force() throws IOException {
                inner.force();
            }

            @Override
            public void close() throws IOException {
                inner.close();
            }

            @Override
            public SealLock lockForSeal() throws IOException {
                return inner.lockForSeal();
            }
        };
    }

    private static void pause() {
        try {
            Thread.sleep(2);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args[0]);
        VolumeKey key = VolumeKey.from(KeySources.open("file:" + args[1]));
        Path file = root.resolve(args[2]);
        Random random = new Random(Long.parseLong(args[3]));
        BlockSet.Rewrites rewrites = args[4].equals("staged") ? BlockSet.Rewrites.STAGED : BlockSet.Rewrites.IN_PLACE;
        VolumeFiles files = new VolumeFiles(key, new ConfigFile(root.resolve(AtRestVolume.CONFIG_FILE), key), rewrites,
                RewriteChild::tearing);
        int block = files.config().current().blockSize;
        try (EncryptedChannel ch = files.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            System.out.println("started");
            System.out.flush();
            while (true) {
                long size = ch.size();
                boolean append = random.nextBoolean();
                int length = append ? 1 + random.nextInt(block / 8) : 1 + random.nextInt(block);
                long pos = append ? size : Math.max(0, size - 3L * block + random.nextInt(3 * block));
                length = append ? length : (int) Math.min(length, size - pos);
                long seed = random.nextLong();
                System.out.println("begin " + (append ? "A" : "W") + " " + pos + " " + length + " " + seed);
                System.out.flush();
                ch.write(ByteBuffer.wrap(bytes(seed, length)), pos);
                ch.force(true);
                System.out.println("ack");
                System.out.flush();
            }
        }
    }
}
