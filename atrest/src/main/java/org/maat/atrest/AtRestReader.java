package org.maat.atrest;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * A read-only plaintext view of one file of a volume over {@link PhysicalSource}s ({@link AtRestVolume#reader}):
 * for readers that have no local file, such as Hadoop tasks reading segments from HDFS. Every block read is
 * authenticated (an {@link IOException} naming the file and block otherwise); a file without the encrypted
 * header is read as is. Not thread-safe: one reader per thread.
 */
public interface AtRestReader {

    /**
     * Reads plaintext bytes at {@code position} into {@code dst} (up to its remaining space); returns how many,
     * -1 when {@code position} is at or past the end.
     */
    int read(long position, ByteBuffer dst) throws IOException;

    /** The plaintext length of the file. */
    long size() throws IOException;
}
