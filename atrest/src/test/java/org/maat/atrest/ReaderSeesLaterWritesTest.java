package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.Ciphers;

/**
 * A channel opened for reading stays open while writers append and rewrite in place (the conduit store's
 * live readers): it must see their forced writes, never a block it cached before them.
 */
class ReaderSeesLaterWritesTest {

    @TempDir
    Path tmp;

    private static byte[] read(FileChannel ch, long at, int n) throws IOException {
        ByteBuffer b = ByteBuffer.allocate(n);
        while (b.hasRemaining()) {
            int r = ch.read(b, at + b.position());
            if (r < 0) {
                break;
            }
        }
        return Arrays.copyOf(b.array(), b.position());
    }

    @Test
    void readerSizeGrowsAndReadsBytesAppendedAfterItOpened() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA20, 256);
        Path f = v.root().resolve("records.dat");
        byte[] first = TestVolumes.bytes(1, 300); // the last block is partial: appends first fill it
        TestVolumes.write(v, f, first);
        byte[] more = TestVolumes.bytes(2, 500);
        try (FileChannel reader = v.open(f, StandardOpenOption.READ)) {
            assertThat(reader.size()).isEqualTo(300);
            assertThat(read(reader, 0, 300)).isEqualTo(first);
            try (FileChannel writer = v.open(f, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
                writer.write(ByteBuffer.wrap(more));
                writer.force(true);
            }
            assertThat(reader.size()).isEqualTo(800);
            assertThat(read(reader, 300, 500)).isEqualTo(more);
        }
    }

    @Test
    void readPastTheSizeKnownAtOpenFindsAppendedBytesWithoutCallingSize() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA12, 256);
        Path f = v.root().resolve("records.dat");
        TestVolumes.write(v, f, TestVolumes.bytes(3, 100));
        byte[] more = TestVolumes.bytes(4, 400);
        try (FileChannel reader = v.open(f, StandardOpenOption.READ);
                FileChannel writer = v.open(f, StandardOpenOption.WRITE, StandardOpenOption.APPEND)) {
            assertThat(read(reader, 0, 100)).hasSize(100);
            writer.write(ByteBuffer.wrap(more));
            writer.force(true);
            assertThat(read(reader, 100, 400)).isEqualTo(more);
        }
    }

    @Test
    void readerNeverServesTheOldBytesOfABlockRewrittenInPlace() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA20, 256);
        Path f = v.root().resolve("records.dat");
        byte[] data = TestVolumes.bytes(5, 600);
        TestVolumes.write(v, f, data);
        try (FileChannel reader = v.open(f, StandardOpenOption.READ);
                FileChannel writer = v.open(f, StandardOpenOption.WRITE)) {
            assertThat(read(reader, 10, 20)).isEqualTo(Arrays.copyOfRange(data, 10, 30)); // block 0 buffered
            byte[] erased = new byte[20];
            writer.write(ByteBuffer.wrap(erased), 10);
            writer.force(true);
            assertThat(read(reader, 10, 20)).isEqualTo(erased);
            assertThat(read(reader, 0, 10)).isEqualTo(Arrays.copyOf(data, 10));
            assertThat(reader.size()).isEqualTo(600);
        }
    }

    @Test
    void theConfigurationIsNeverNullWhileSwitchesReplaceIt() throws Exception {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA8, 256);
        Path f = v.root().resolve("records.dat");
        byte[] data = TestVolumes.bytes(6, 2000);
        TestVolumes.write(v, f, data);
        Throwable[] failure = new Throwable[1];
        Thread switcher = new Thread(() -> {
            try {
                for (int i = 0; i < 40; i++) {
                    v.switchTo(i % 2 == 0 ? Ciphers.CHACHA20 : Ciphers.CHACHA12, SwitchModel.SELECTIVE);
                }
            } catch (Throwable t) {
                failure[0] = t;
            }
        });
        switcher.start();
        while (switcher.isAlive()) {
            assertThat(TestVolumes.readAll(v, f)).isEqualTo(data);
        }
        switcher.join();
        assertThat(failure[0]).isNull();
    }
}
