package org.maat.indexer.job;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.maat.atrest.AtRestReader;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.PhysicalSource;
import org.maat.atrest.file.VolumeConfig;
import org.maat.keys.KeySource;

/**
 * The conduit store's files as a MapReduce task reads them, over a Hadoop {@link FileSystem}: plaintext bytes,
 * decrypted through the volume's positional reader ({@link AtRestVolume#reader(KeySource, VolumeConfig, String,
 * PhysicalSource, java.util.function.Function)}) when the store lies in an encrypted volume. The volume is found as
 * {@code AtRestVolume.enclosing} finds it, by its {@value AtRestVolume#CONFIG_FILE} in the store's directory or
 * above, and its key from the spec that file names: the spec must resolve on the machine the task runs on (the
 * same machine under LocalJobRunner; a cluster needs the key file, or the vault, reachable from every node). That
 * file is then authenticated under the key, and the reader refuses what the volume refuses: a file without the
 * encrypted header unless the configuration lists it as plaintext from before the volume, a file cut to nothing.
 * A store outside any volume is read as it is.
 */
final class StoreInput {

    private final FileSystem fs;
    /** The volume key, or null when the store is plaintext. */
    private final KeySource key;
    /** The volume's authenticated configuration, or null when the store is plaintext. */
    private final VolumeConfig config;

    private StoreInput(FileSystem fs, KeySource key, VolumeConfig config) {
        this.fs = fs;
        this.key = key;
        this.config = config;
    }

    /** The files of the store in {@code store}, read through {@code fs}. */
    static StoreInput of(FileSystem fs, Path store) throws IOException {
        for (Path at = fs.makeQualified(store); at != null; at = at.getParent()) {
            Path config = new Path(at, AtRestVolume.CONFIG_FILE);
            if (fs.exists(config)) {
                byte[] json;
                try (FSDataInputStream in = fs.open(config)) {
                    json = in.readAllBytes();
                }
                // A key file is recorded relative to the volume's root.
                KeySource key = AtRestVolume.recordedKey(config.toString(), json,
                        java.nio.file.Path.of(at.toUri().getPath()));
                return new StoreInput(fs, key, AtRestVolume.config(key, config.toString(), json));
            }
        }
        return new StoreInput(fs, null, null);
    }

    /** The plaintext length of {@code file}. */
    long length(Path file) throws IOException {
        if (key == null) {
            return fs.getFileStatus(file).getLen();
        }
        try (Opened opened = open(file)) {
            return opened.reader.size();
        }
    }

    /** The plaintext of {@code file} from byte {@code position}, as a stream; close it. */
    InputStream open(Path file, long position) throws IOException {
        if (key == null) {
            FSDataInputStream in = fs.open(file);
            in.seek(position);
            return in;
        }
        return new PlaintextStream(open(file), position);
    }

    private Opened open(Path file) throws IOException {
        Opened opened = new Opened();
        try {
            PhysicalSource region0 = opened.source(file);
            opened.reader = AtRestVolume.reader(key, config, file.toString(), region0, cipher -> {
                Path region = new Path(file.getParent(), AtRestVolume.regionFileName(file.getName(), cipher));
                try {
                    return fs.exists(region) ? Optional.of(opened.source(region)) : Optional.empty();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            });
            return opened;
        } catch (IOException | RuntimeException e) {
            opened.close();
            throw e;
        }
    }

    /** A reader and the physical streams under it, closed together. */
    private final class Opened implements AutoCloseable {
        private final List<FSDataInputStream> streams = new ArrayList<>();
        private AtRestReader reader;

        PhysicalSource source(Path physical) throws IOException {
            long length = fs.getFileStatus(physical).getLen();
            FSDataInputStream in = fs.open(physical);
            streams.add(in);
            return new PhysicalSource() {
                @Override
                public int read(long position, byte[] buffer, int offset, int len) throws IOException {
                    return in.read(position, buffer, offset, len);
                }

                @Override
                public long size() {
                    return length;
                }
            };
        }

        @Override
        public void close() throws IOException {
            IOException first = null;
            for (FSDataInputStream in : streams) {
                try {
                    in.close();
                } catch (IOException e) {
                    first = first == null ? e : first;
                }
            }
            if (first != null) {
                throw first;
            }
        }
    }

    /** Sequential plaintext from a position of a decrypting reader. */
    private static final class PlaintextStream extends InputStream {
        private final Opened opened;
        private long position;

        PlaintextStream(Opened opened, long position) {
            this.opened = opened;
            this.position = position;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (len == 0) {
                return 0;
            }
            int n = opened.reader.read(position, ByteBuffer.wrap(b, off, len));
            if (n > 0) {
                position += n;
            }
            return n;
        }

        @Override
        public long skip(long n) {
            long skipped = Math.max(0, n);
            position += skipped;
            return skipped;
        }

        @Override
        public void close() throws IOException {
            opened.close();
        }
    }
}
