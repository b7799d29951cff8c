package org.maat.atrest;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.util.Objects;

/**
 * One file read by position by many threads (a conduit store's segment, an encrypted index file), through a
 * channel that no reading thread's interrupt can close for the others. A {@link FileChannel} is interruptible:
 * a read on a thread whose interrupt flag is set, or that is interrupted during the read, closes the channel for
 * good ({@link java.nio.channels.ClosedByInterruptException}), and every later read of every thread fails. Here
 * every read crosses {@link #read}, which:
 * <ul>
 *   <li>sets the caller's interrupt flag aside for the read and sets it again afterwards, so a flag already set
 *       (by whatever the thread ran before) reaches the channel never and the caller never loses it;</li>
 *   <li>after a channel closed under it by an interrupt landing during the read (or by another reader's
 *       interrupt), opens the file again, once for all readers (under this object's lock), and goes on reading
 *       from the byte where the closed channel stopped.</li>
 * </ul>
 * What it does not do: make a read faster or cheaper for an interrupted thread (an interrupt never cuts a read
 * short here, it is only remembered), or survive {@link #close()}: after it, reads throw
 * {@link ClosedChannelException} as a closed channel does. Only reads go through it; it is for files opened
 * read-only.
 */
public final class SharedReadChannel implements AutoCloseable {

    /** Opens the file again: the same file, read-only, as the first channel was opened. */
    @FunctionalInterface
    public interface Opener {
        FileChannel open() throws IOException;
    }

    private final Opener opener;
    private volatile FileChannel channel;
    /** Set by {@link #close()} alone: a channel closed otherwise is opened again. */
    private volatile boolean closed;

    private SharedReadChannel(Opener opener, FileChannel first) {
        this.opener = opener;
        this.channel = first;
    }

    /** Opens the file with {@code opener}, which also opens it again whenever an interrupt closed it. */
    public static SharedReadChannel open(Opener opener) throws IOException {
        Objects.requireNonNull(opener, "opener");
        return new SharedReadChannel(opener, opener.open());
    }

    /**
     * Reads into {@code dst} from {@code position}, as {@link FileChannel#read(ByteBuffer, long)}: the number of
     * bytes read, or -1 at the end of the file. The caller's interrupt flag is as it was (or set, if an interrupt
     * came during the read).
     */
    public int read(ByteBuffer dst, long position) throws IOException {
        boolean interrupted = Thread.interrupted();
        int start = dst.position();
        try {
            while (true) {
                FileChannel c = channel;
                try {
                    int n = c.read(dst, position + (dst.position() - start));
                    int read = dst.position() - start;
                    return n < 0 && read == 0 ? -1 : read;
                } catch (ClosedChannelException e) {
                    // An interrupt (this thread's or another reader's) closed the channel, perhaps after a part of
                    // the bytes arrived in dst: open the file again and read the rest.
                    interrupted |= Thread.interrupted();
                    reopen(c, e);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The file's size, as {@link FileChannel#size()}. */
    public long size() throws IOException {
        boolean interrupted = Thread.interrupted();
        try {
            while (true) {
                FileChannel c = channel;
                try {
                    return c.size();
                } catch (ClosedChannelException e) {
                    interrupted |= Thread.interrupted();
                    reopen(c, e);
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Replaces {@code broken} by a channel opened again, unless another reader did already or this was closed. */
    private synchronized void reopen(FileChannel broken, ClosedChannelException e) throws IOException {
        if (closed) {
            throw e;
        }
        if (channel != broken) {
            return;
        }
        try {
            broken.close(); // an encrypted channel holds more than the file the interrupt closed
        } catch (IOException ignored) {
            // it is being dropped; the file is opened again below
        }
        channel = opener.open();
    }

    @Override
    public synchronized void close() throws IOException {
        closed = true;
        channel.close();
    }
}
