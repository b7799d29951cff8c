package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedByInterruptException;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.Ciphers;

/**
 * Attacks on a file shared by reading threads: a thread that reads with its interrupt flag set, and interrupts
 * landing on readers in the middle of their reads, against a plain file and an encrypted one. Every read must
 * return the file's bytes, the channel must stay usable for every other thread, and no reader may lose its flag.
 * Random positions and lengths from a fixed seed, checked against the bytes written.
 */
class SharedReadChannelTest {

    private static final int SIZE = 64 * 1024;

    @TempDir
    Path tmp;

    @Test
    void aPlainFileChannelIsClosedForEveryoneByOneInterruptedRead() throws IOException {
        // What the shared channel defends against: the JDK's own behaviour.
        Path file = plainFile();
        try (FileChannel raw = FileChannel.open(file, StandardOpenOption.READ)) {
            Thread.currentThread().interrupt();
            try {
                assertThatThrownBy(() -> raw.read(ByteBuffer.allocate(16), 0)).isInstanceOf(ClosedByInterruptException.class);
            } finally {
                Thread.interrupted();
            }
            assertThat(raw.isOpen()).isFalse();
        }
    }

    @Test
    void readsOnAnInterruptedThreadReturnTheFileAndKeepTheFlagPlain() throws IOException {
        Path file = plainFile();
        AtomicInteger opens = new AtomicInteger();
        try (SharedReadChannel shared = SharedReadChannel.open(() -> {
            opens.incrementAndGet();
            return FileChannel.open(file, StandardOpenOption.READ);
        })) {
            readWithRandomFlags(shared, Files.readAllBytes(file), new Random(7), 300);
            assertThat(opens).as("no read closed the channel").hasValue(1);
        }
    }

    @Test
    void readsOnAnInterruptedThreadReturnTheFileAndKeepTheFlagEncrypted() throws IOException {
        AtRestVolume volume = TestVolumes.create(tmp, Ciphers.CHACHA20, 256);
        Path file = tmp.resolve("data").resolve("segment");
        byte[] content = TestVolumes.bytes(11, SIZE);
        TestVolumes.write(volume, file, content);
        try (SharedReadChannel shared = SharedReadChannel.open(() -> volume.open(file, StandardOpenOption.READ))) {
            readWithRandomFlags(shared, content, new Random(13), 60); // decrypting is slow
        }
    }

    @Test
    void interruptsLandingDuringReadsLoseNoByteAndCloseNothingForLong() throws Exception {
        Path file = plainFile();
        byte[] content = Files.readAllBytes(file);
        AtomicInteger opens = new AtomicInteger();
        try (SharedReadChannel shared = SharedReadChannel.open(() -> {
            opens.incrementAndGet();
            return FileChannel.open(file, StandardOpenOption.READ);
        })) {
            AtomicReference<Throwable> failure = new AtomicReference<>();
            long until = System.nanoTime() + 2_000_000_000L;
            List<Thread> readers = new ArrayList<>();
            for (int r = 0; r < 2; r++) {
                Random random = new Random(100 + r);
                readers.add(new Thread(() -> {
                    try {
                        // Until an interrupt has closed the channel under a read a few times, or 2 s at most.
                        while (opens.get() < 4 && System.nanoTime() < until) {
                            readAndCheck(shared, content, random);
                        }
                    } catch (Throwable t) {
                        failure.compareAndSet(null, t);
                    }
                }));
            }
            readers.forEach(Thread::start);
            Random random = new Random(17);
            while (readers.stream().anyMatch(Thread::isAlive)) {
                readers.get(random.nextInt(readers.size())).interrupt();
                Thread.onSpinWait();
            }
            assertThat(failure.get()).as("a reader's failure").isNull();
            assertThat(opens.get()).as("interrupts closed the channel during reads (else the run proved little)")
                    .isGreaterThan(1);
            // and a thread nobody interrupts reads the whole file
            ByteBuffer all = ByteBuffer.allocate(content.length);
            while (all.hasRemaining()) {
                shared.read(all, all.position());
            }
            assertThat(all.array()).isEqualTo(content);
        }
    }

    @Test
    void afterItsOwnerClosedItEveryReadFailsAsOnAClosedChannel() throws IOException {
        Path file = plainFile();
        SharedReadChannel shared = SharedReadChannel.open(() -> FileChannel.open(file, StandardOpenOption.READ));
        shared.close();
        assertThatThrownBy(() -> shared.read(ByteBuffer.allocate(8), 0)).isInstanceOf(ClosedChannelException.class);
        assertThatThrownBy(shared::size).isInstanceOf(ClosedChannelException.class);
    }

    private Path plainFile() throws IOException {
        Path file = tmp.resolve("plain");
        if (!Files.exists(file)) {
            Files.write(file, TestVolumes.bytes(3, SIZE));
        }
        return file;
    }

    /** Random reads, each with the flag set or not before it: right bytes, same flag after. */
    private static void readWithRandomFlags(SharedReadChannel shared, byte[] content, Random random, int reads)
            throws IOException {
        try {
            for (int i = 0; i < reads; i++) {
                boolean flag = random.nextBoolean();
                if (flag) {
                    Thread.currentThread().interrupt();
                } else {
                    Thread.interrupted();
                }
                readAndCheck(shared, content, random);
                assertThat(Thread.currentThread().isInterrupted()).as("the reader's flag after read %d", i).isEqualTo(flag);
            }
            assertThat(shared.size()).isEqualTo(content.length);
        } finally {
            Thread.interrupted();
        }
        AtomicReference<byte[]> seen = new AtomicReference<>();
        Thread other = new Thread(() -> {
            ByteBuffer all = ByteBuffer.allocate(content.length);
            try {
                while (all.hasRemaining()) {
                    shared.read(all, all.position());
                }
                seen.set(all.array());
            } catch (IOException e) {
                seen.set(new byte[0]);
            }
        });
        other.start();
        try {
            other.join();
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
        assertThat(seen.get()).as("another thread's read of the whole file").isEqualTo(content);
    }

    private static void readAndCheck(SharedReadChannel shared, byte[] content, Random random) throws IOException {
        int position = random.nextInt(content.length);
        int length = 1 + random.nextInt(Math.min(2048, content.length - position));
        ByteBuffer buf = ByteBuffer.allocate(length);
        while (buf.hasRemaining()) {
            int n = shared.read(buf, position + buf.position());
            if (n < 0) {
                throw new AssertionError("end of file at " + (position + buf.position()));
            }
        }
        if (!Arrays.equals(buf.array(), Arrays.copyOfRange(content, position, position + length))) {
            throw new AssertionError("wrong bytes at " + position + " (" + length + ")");
        }
    }
}
