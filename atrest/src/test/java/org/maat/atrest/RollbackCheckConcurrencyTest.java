package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.Ciphers;

/**
 * The rollback check has no false alarm under concurrency: one channel rewrites blocks (staged rewrites, raising
 * generations) while other channels of the same volume, long-lived and freshly opened, read them. No read is
 * refused, every block reads as a version the writer wrote, and a channel never reads a block older than one it
 * read before.
 */
class RollbackCheckConcurrencyTest {

    private static final int B = 64;
    private static final int BLOCKS = 6;

    @TempDir
    Path tmp;

    /** Block {@code index} at {@code version}: the pair, then bytes derived from it. */
    private static byte[] block(int index, int version) {
        byte[] b = TestVolumes.bytes(index * 100_003L + version, B);
        ByteBuffer.wrap(b).putInt(index).putInt(version);
        return b;
    }

    @Test
    void rewritesRacingReadsAreNeverRefusedNorSeenGoingBack() throws Exception {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA8, B);
        Path f = v.root().resolve("hot");
        try (FileChannel w = v.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            for (int i = 0; i < BLOCKS; i++) {
                w.write(ByteBuffer.wrap(block(i, 0)), (long) i * B);
            }
        }
        AtomicBoolean done = new AtomicBoolean();
        ConcurrentLinkedQueue<String> problems = new ConcurrentLinkedQueue<>();
        List<Thread> readers = new ArrayList<>();
        for (int t = 0; t < 3; t++) {
            boolean longLived = t < 2;
            long seed = t;
            readers.add(new Thread(() -> read(v, f, longLived, seed, done, problems)));
        }
        readers.forEach(Thread::start);
        Random r = new Random(7);
        int[] version = new int[BLOCKS];
        try (FileChannel w = v.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            for (int step = 0; step < 600; step++) {
                int i = r.nextInt(BLOCKS);
                w.write(ByteBuffer.wrap(block(i, ++version[i])), (long) i * B);
                if (step % 50 == 0) {
                    w.force(false);
                }
            }
        } finally {
            done.set(true);
            for (Thread t : readers) {
                t.join();
            }
        }
        assertThat(problems).isEmpty();
        for (int i = 0; i < BLOCKS; i++) {
            byte[] all = TestVolumes.readAll(v, f);
            assertThat(java.util.Arrays.copyOfRange(all, i * B, (i + 1) * B)).isEqualTo(block(i, version[i]));
        }
    }

    private static void read(AtRestVolume v, Path f, boolean longLived, long seed, AtomicBoolean done,
            ConcurrentLinkedQueue<String> problems) {
        Random r = new Random(seed);
        int[] seen = new int[BLOCKS];
        FileChannel ch = null;
        try {
            while (!done.get()) {
                if (ch == null || !longLived) {
                    if (ch != null) {
                        ch.close();
                    }
                    ch = v.open(f, StandardOpenOption.READ);
                }
                int i = r.nextInt(BLOCKS);
                ByteBuffer b = ByteBuffer.allocate(B);
                while (b.hasRemaining() && ch.read(b, (long) i * B + b.position()) > 0) {
                    // positional reads until full
                }
                ByteBuffer got = ByteBuffer.wrap(b.array());
                int index = got.getInt();
                int version = got.getInt();
                if (index != i || !java.util.Arrays.equals(b.array(), block(i, version))) {
                    problems.add("block " + i + " read as no version the writer wrote");
                } else if (version < seen[i]) {
                    problems.add("block " + i + " went back from version " + seen[i] + " to " + version);
                } else {
                    seen[i] = version;
                }
            }
        } catch (IOException | RuntimeException e) {
            problems.add(e.toString());
        } finally {
            if (ch != null) {
                try {
                    ch.close();
                } catch (IOException ignored) {
                    // the test's outcome is in problems
                }
            }
        }
    }
}
