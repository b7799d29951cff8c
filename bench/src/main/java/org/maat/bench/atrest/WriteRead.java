package org.maat.bench.atrest;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.Random;

/**
 * One of SwitchCrypt's operations: write {@code size} bytes to a file, close it, then open it again and read them
 * back, in the order of an {@link AccessPattern}. The first operation on a file creates it; later ones overwrite it
 * in place (so a volume rewrites blocks, bumping their generation, and a switch shows in the blocks). No fsync: the
 * SwitchCrypt measured a RAM disk "bypassing caching"; on tmpfs the page cache is the disk. The bytes read are checked
 * against those written after the clock stops, so a wrong read fails the benchmark instead of flattering it.
 */
final class WriteRead {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    /** Nanoseconds of the write half and of the read half, and the thread's CPU nanoseconds over both. */
    record Timing(long writeNanos, long readNanos, long cpuNanos) {
    }

    private final byte[] data;
    private final byte[] readBack;
    private final int[] order;
    private final int request;
    private final AccessPattern pattern;

    WriteRead(int size, AccessPattern pattern, long seed) {
        Random random = new Random(seed);
        this.pattern = pattern;
        this.data = new byte[size];
        random.nextBytes(data);
        this.readBack = new byte[size];
        this.request = Math.min(size, pattern.requestBytes());
        int requests = (size + request - 1) / request;
        this.order = new int[requests];
        for (int i = 0; i < requests; i++) {
            order[i] = i;
        }
        if (pattern == AccessPattern.RANDOM) {
            for (int i = requests - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = order[i];
                order[i] = order[j];
                order[j] = t;
            }
        }
    }

    AccessPattern pattern() {
        return pattern;
    }

    int size() {
        return data.length;
    }

    Timing run(Storage storage, Path file) throws IOException {
        Arrays.fill(readBack, (byte) 0);
        long cpu = THREADS.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        try (FileChannel out = storage.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            for (int r : order) {
                long at = (long) r * request;
                ByteBuffer b = ByteBuffer.wrap(data, (int) at, (int) Math.min(request, data.length - at));
                while (b.hasRemaining()) {
                    out.write(b, b.position()); // buffer offset = file offset
                }
            }
        }
        long written = System.nanoTime();
        try (FileChannel in = storage.open(file, StandardOpenOption.READ)) {
            for (int r : order) {
                long at = (long) r * request;
                ByteBuffer b = ByteBuffer.wrap(readBack, (int) at, (int) Math.min(request, readBack.length - at));
                while (b.hasRemaining()) {
                    if (in.read(b, b.position()) < 0) {
                        throw new IOException(file + ": ends at " + b.position() + " of " + data.length + " bytes");
                    }
                }
            }
        }
        long read = System.nanoTime();
        cpu = THREADS.getCurrentThreadCpuTime() - cpu;
        if (!Arrays.equals(data, readBack)) {
            throw new IOException(file + ": the bytes read back differ from those written (" + storage + ")");
        }
        return new Timing(written - start, read - written, cpu);
    }
}
