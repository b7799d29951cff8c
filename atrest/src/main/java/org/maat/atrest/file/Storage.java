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

    static Storage of(FileChannel channel) {
        return new Storage() {
            @Override
            public int readFully(long position, byte[] b, int offset, int length) throws IOException {
                ByteBuffer buf = ByteBuffer.wrap(b, offset, length);
                while (buf.hasRemaining()) {
                    if (channel.read(buf, position + buf.position() - offset) < 0) {
                        break;
                    }
                }
                return buf.position() - offset;
            }

            @Override
            public void write(long position, byte[] b, int offset, int length) throws IOException {
                ByteBuffer buf = ByteBuffer.wrap(b, offset, length);
                while (buf.hasRemaining()) {
                    channel.write(buf, position + buf.position() - offset);
                }
            }

            @Override
            public long size() throws IOException {
                return channel.size();
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
            public void close() {
            }
        };
    }
}
