package org.maat.atrest.file;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.keys.KeySources;

/**
 * For tests outside this package: a channel whose process is killed in the middle of a write, the way a
 * SIGKILL stops a pwrite between pages. The first write to the base file that crosses offset {@code tearAt}
 * lands up to that offset only, then every later write, force or truncation of any of the file's physical
 * files is lost (the process is dead) and the call throws. Staged (the product's rewrite order) or in place
 * (the test-only order that overwrites a block's only copy).
 */
public final class KilledWrites {

    private KilledWrites() {
    }

    public static EncryptedChannel open(Path root, String keySpec, Path file, boolean staged, long tearAt,
            OpenOption... options) throws IOException {
        VolumeKey key = VolumeKey.from(KeySources.open(keySpec));
        AtomicInteger opened = new AtomicInteger();
        AtomicBoolean dead = new AtomicBoolean();
        VolumeFiles files = new VolumeFiles(key, new ConfigFile(root.resolve(AtRestVolume.CONFIG_FILE), key),
                staged ? BlockSet.Rewrites.STAGED : BlockSet.Rewrites.IN_PLACE,
                ch -> killing(ch, opened.getAndIncrement() == 0, tearAt, dead));
        return files.open(file, options);
    }

    private static Storage killing(FileChannel channel, boolean base, long tearAt, AtomicBoolean dead) {
        Storage inner = Storage.of(channel);
        return new Storage() {
            @Override
            public int readFully(long position, byte[] b, int offset, int length) throws IOException {
                return inner.readFully(position, b, offset, length);
            }

            @Override
            public void write(long position, byte[] b, int offset, int length) throws IOException {
                alive();
                if (base && position < tearAt && tearAt < position + length) {
                    inner.write(position, b, offset, (int) (tearAt - position));
                    dead.set(true);
                    alive();
                }
                inner.write(position, b, offset, length);
            }

            private void alive() throws IOException {
                if (dead.get()) {
                    throw new IOException("killed");
                }
            }

            @Override
            public long size() throws IOException {
                return inner.size();
            }

            @Override
            public void truncate(long size) throws IOException {
                alive();
                inner.truncate(size);
            }

            @Override
            public void force() throws IOException {
                alive();
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
}
