package org.maat.atrest.file;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import org.maat.atrest.PhysicalSource;

/** Positional bytes of one physical file: a local channel (read-write) or a {@link PhysicalSource} (read-only). */
interface Storage {

    /** Reads exactly {@code length} bytes unless the end comes first; returns how many were read. */
    int readFully(long position, byte[] b, int offset, int length) throws IOException;

    void write(long position, byte[] b, int offset, int length) throws IOException;

    long size() throws IOException;

    void truncate(long size) throws IOException;

    void force() throws IOException;

    void close() throws IOException;

    /** What {@link #lockForSeal} returns: releasing it cannot fail in a way the caller could act on. */
    interface SealLock extends AutoCloseable {
        @Override
        void close() throws IOException;
    }

    /** Where the seal lock lies: one byte far past any data, so it never meets a caller's own lock of data. */
    long SEAL_LOCK_AT = Long.MAX_VALUE - 2;

    /**
     * Locks this file against other processes' seals (an fcntl lock on one byte past any data) so that reading
     * a block's highest generation and sealing past it is one step across processes. A lock this JVM holds
     * already (a caller's own lock over the whole file) is waited for a moment, then taken as covering us.
     */
    SealLock lockForSeal() throws IOException;

    static Storage of(FileChannel channel) {
        return new Storage() {
            // The slot buffer is the same array every time: wrap it once (no allocation per block).
            private byte[] wrapped;
            private ByteBuffer wrapper;

            private ByteBuffer wrap(byte[] b, int offset, int length) {
                if (b != wrapped) {
                    wrapped = b;
                    wrapper = ByteBuffer.wrap(b);
                }
                wrapper.limit(offset + length).position(offset);
                return wrapper;
            }

            @Override
            public int readFully(long position, byte[] b, int offset, int length) throws IOException {
                ByteBuffer buf = wrap(b, offset, length);
                while (buf.hasRemaining()) {
                    if (channel.read(buf, position + buf.position() - offset) < 0) {
                        break;
                    }
                }
                return buf.position() - offset;
            }

            @Override
            public void write(long position, byte[] b, int offset, int length) throws IOException {
                ByteBuffer buf = wrap(b, offset, length);
                while (buf.hasRemaining()) {
                    channel.write(buf, position + buf.position() - offset);
                }
            }

            @Override
            public long size() throws IOException {
                return channel.size();
            }

            @Override
            public SealLock lockForSeal() throws IOException {
                for (int tries = 0; ; tries++) {
                    try {
                        java.nio.channels.FileLock lock = channel.lock(SEAL_LOCK_AT, 1, false);
                        return lock::release;
                    } catch (java.nio.channels.OverlappingFileLockException e) {
                        if (tries == 2000) {
                            return () -> { };
                        }
                        java.util.concurrent.locks.LockSupport.parkNanos(10_000);
                    }
                }
            }

            @Override
            public void truncate(long size) throws IOException {
                channel.truncate(size);
            }

            @Override
            public void force() throws IOException {
                channel.force(true);
            }

            @Override
            public void close() throws IOException {
                channel.close();
            }
        };
    }

    static Storage of(PhysicalSource source) {
        return new Storage() {
            @Override
            public int readFully(long position, byte[] b, int offset, int length) throws IOException {
                int done = 0;
                while (done < length) {
                    int n = source.read(position + done, b, offset + done, length - done);
                    if (n < 0) {
                        break;
                    }
                    done += n;
                }
                return done;
            }

            @Override
            public void write(long position, byte[] b, int offset, int length) throws IOException {
                throw new IOException("read-only source");
            }

            @Override
            public long size() throws IOException {
                return source.size();
            }

            @Override
            public void truncate(long size) throws IOException {
                throw new IOException("read-only source");
            }

            @Override
            public void force() {
            }

            @Override
            public SealLock lockForSeal() {
                return () -> { };
            }

            @Override
            public void close() {
            }
        };
    }
}
