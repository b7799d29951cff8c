package org.maat.atrest.file;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.cipher.Ciphers;
import org.maat.keys.KeySources;

/**
 * A truncation killed after each of its writes, forces and cuts in turn (the process dead from then on: nothing
 * more reaches the disk): a restarted volume reads the file whole, as before the truncation or as after it, never
 * an error and never the cut blocks past the new length; it then writes on, and its writes read back. And once the
 * restarted volume has written (finishing the cut), the cut blocks appended back from a copy taken before the
 * truncation are refused, naming the file and a block, as they are after a truncation that was not interrupted.
 */
class TruncationCrashTest {

    private static final int BLOCK = 256;

    @TempDir
    Path tmp;

    @Test
    void aTruncationKilledAtEveryStepLeavesTheFileBeforeOrAfterAndItsCutTailStaysCut() throws Exception {
        int completedAt = -1;
        for (int killAt = 0; killAt < 40 && completedAt < 0; killAt++) {
            if (run(killAt)) {
                completedAt = killAt;
            }
        }
        assertThat(completedAt).as("some kill point lies past the truncation's last step").isGreaterThan(2);
    }

    /** Returns whether the truncation finished before the kill point. */
    private boolean run(int killAt) throws Exception {
        Path root = tmp.resolve("v" + killAt);
        String spec = "file:" + tmp.resolve("v" + killAt + ".atrest.key");
        AtRestVolume.create(root, Ciphers.CHACHA20, spec, BLOCK);
        Path file = root.resolve("records.dat");
        byte[] content = new byte[10 * BLOCK];
        for (int i = 0; i < content.length; i++) {
            content[i] = (byte) ('a' + i / BLOCK);
        }
        try (FileChannel ch = AtRestVolume.open(root, KeySources.open(spec)).open(file, StandardOpenOption.CREATE,
                StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(content));
            ch.force(true);
        }
        byte[] backup = Files.readAllBytes(file);

        AtomicBoolean armed = new AtomicBoolean();
        AtomicInteger ops = new AtomicInteger();
        AtomicBoolean dead = new AtomicBoolean();
        VolumeKey key = VolumeKey.from(KeySources.open(spec));
        VolumeFiles dying = new VolumeFiles(key, new ConfigFile(root.resolve(AtRestVolume.CONFIG_FILE), key),
                BlockSet.Rewrites.STAGED, ch -> dying(Storage.of(ch), armed, ops, killAt, dead));
        boolean finished;
        EncryptedChannel ch = dying.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        try {
            armed.set(true);
            ch.truncate(5L * BLOCK);
            finished = !dead.get();
        } catch (IOException killed) {
            assertThat(killed).hasMessage("killed");
            finished = false;
        }
        dead.set(true); // the process is gone: nothing its channel still holds reaches the disk
        try {
            ch.close();
        } catch (IOException ignored) {
            // killed
        }

        AtRestVolume restarted = AtRestVolume.open(root, KeySources.open(spec));
        byte[] read = readAll(restarted, file);
        assertThat(read.length).as("kill point %d: the file before or after the truncation", killAt)
                .isIn(5 * BLOCK, 10 * BLOCK);
        assertThat(read).as("kill point %d", killAt).isEqualTo(Arrays.copyOf(content, read.length));
        if (finished) {
            assertThat(read.length).isEqualTo(5 * BLOCK);
        }
        byte[] more = new byte[BLOCK];
        Arrays.fill(more, (byte) 'z');
        try (FileChannel w = restarted.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            w.write(ByteBuffer.wrap(more));
            w.force(true);
        }
        byte[] expected = Arrays.copyOf(read, read.length + BLOCK);
        System.arraycopy(more, 0, expected, read.length, BLOCK);
        assertThat(readAll(AtRestVolume.open(root, KeySources.open(spec)), file)).as("kill point %d", killAt)
                .isEqualTo(expected);

        if (read.length == 5 * BLOCK) {
            // The cut blocks past the file's end now, appended back from the copy taken before the truncation.
            long now = Files.size(file);
            try (FileChannel raw = FileChannel.open(file, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                raw.write(ByteBuffer.wrap(backup, (int) now, backup.length - (int) now));
            }
            assertThatThrownBy(() -> readAll(AtRestVolume.open(root, KeySources.open(spec)), file))
                    .as("kill point %d", killAt).isInstanceOf(IOException.class)
                    .hasMessageContaining(file.toString()).hasMessageContaining("block ")
                    .hasMessageContaining("cut by a truncation");
        }
        return finished;
    }

    private static Storage dying(Storage inner, AtomicBoolean armed, AtomicInteger ops, int killAt,
            AtomicBoolean dead) {
        return new Storage() {
            private void step() throws IOException {
                if (dead.get() || armed.get() && ops.getAndIncrement() >= killAt) {
                    dead.set(true);
                    throw new IOException("killed");
                }
            }

            @Override
            public int readFully(long position, byte[] b, int offset, int length) throws IOException {
                return inner.readFully(position, b, offset, length);
            }

            @Override
            public void write(long position, byte[] b, int offset, int length) throws IOException {
                step();
                inner.write(position, b, offset, length);
            }

            @Override
            public long size() throws IOException {
                return inner.size();
            }

            @Override
            public void truncate(long size) throws IOException {
                step();
                inner.truncate(size);
            }

            @Override
            public void force() throws IOException {
                step();
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

    private static byte[] readAll(AtRestVolume v, Path file) throws IOException {
        try (FileChannel ch = v.open(file, StandardOpenOption.READ)) {
            ByteBuffer b = ByteBuffer.allocate((int) ch.size());
            while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
                // until full
            }
            return b.array();
        }
    }
}
