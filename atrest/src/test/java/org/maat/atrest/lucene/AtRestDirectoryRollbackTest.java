package org.maat.atrest.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Random;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.Ciphers;

/**
 * Rollbacks of Lucene's write-once files while the index is open: the only older copy of such a file is one taken
 * while it was being written (shorter), or an earlier file of the same name deleted since. Either is refused by a
 * new input; an input open across the rollback serves only blocks it cached (the newest) and refuses the others;
 * an input open on a file Lucene deleted still reads it (not a rollback).
 */
class AtRestDirectoryRollbackTest {

    private static final int BLOCK = AtRestVolume.DEFAULT_BLOCK_SIZE;

    @TempDir
    Path tmp;

    private static byte[] bytes(long seed, int n) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Writes {@code data} as {@code name}, returning the physical file's bytes after its first {@code at} bytes. */
    private static byte[] writeCopyingAt(AtRestDirectory dir, Path file, String name, byte[] data, int at)
            throws IOException {
        byte[] copy;
        try (IndexOutput out = dir.createOutput(name, IOContext.DEFAULT)) {
            out.writeBytes(data, 0, at);
            copy = Files.readAllBytes(file);
            out.writeBytes(data, at, data.length - at);
        }
        return copy;
    }

    private static void putBack(Path file, byte[] copy) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ch.truncate(0);
            ch.write(ByteBuffer.wrap(copy));
        }
    }

    private static byte[] readAll(IndexInput in) throws IOException {
        byte[] b = new byte[(int) in.length()];
        in.seek(0);
        in.readBytes(b, 0, b.length);
        return b;
    }

    @Test
    void aCopyTakenWhileTheFileWasWrittenIsRefusedAndCachedBlocksAreTheNewest() throws IOException {
        Path root = tmp.resolve("data");
        AtRestVolume volume = Volumes.create(root, SwitchModel.FORWARD, Ciphers.CHACHA20, Ciphers.CHACHA8);
        Path index = Files.createDirectories(root.resolve("index"));
        byte[] data = bytes(1, 40 * BLOCK + 100);
        try (AtRestDirectory dir = Volumes.directory(volume, index)) {
            byte[] partial = writeCopyingAt(dir, index.resolve("_0.cfs"), "_0.cfs", data, 20 * BLOCK);
            assertThat(partial.length).isLessThan((int) Files.size(index.resolve("_0.cfs")));
            try (IndexInput in = dir.openInput("_0.cfs", IOContext.DEFAULT)) {
                assertThat(readAll(in)).isEqualTo(data);
                putBack(index.resolve("_0.cfs"), partial);
                // Every block is in the cache, read before the rollback: the newest version, never the older one.
                assertThat(readAll(in)).isEqualTo(data);
            }
            assertThatThrownBy(() -> dir.openInput("_0.cfs", IOContext.DEFAULT)).isInstanceOf(IOException.class)
                    .hasMessageContaining("_0.cfs").hasMessageContaining("block ").hasMessageContaining("rolled back");
        }
    }

    @Test
    void withoutTheCacheAnInputOpenAcrossTheRollbackRefusesTheBlocksItLost() throws IOException {
        Path root = tmp.resolve("data");
        AtRestVolume volume = Volumes.create(root, SwitchModel.FORWARD, Ciphers.CHACHA8, Ciphers.CHACHA20);
        Path index = Files.createDirectories(root.resolve("index"));
        byte[] data = bytes(2, 30 * BLOCK + 7);
        try (AtRestDirectory dir = Volumes.directory(volume, index, 0)) {
            byte[] partial = writeCopyingAt(dir, index.resolve("_1.doc"), "_1.doc", data, 18 * BLOCK);
            try (IndexInput in = dir.openInput("_1.doc", IOContext.DEFAULT)) {
                assertThat(readAll(in)).isEqualTo(data);
                putBack(index.resolve("_1.doc"), partial);
                in.seek(0);
                byte[] first = new byte[BLOCK];
                in.readBytes(first, 0, BLOCK);
                assertThat(first).isEqualTo(java.util.Arrays.copyOf(data, BLOCK)); // a block the copy holds as is
                in.seek(25L * BLOCK);
                assertThatThrownBy(() -> in.readBytes(new byte[BLOCK], 0, BLOCK)).isInstanceOf(IOException.class)
                        .hasMessageContaining("_1.doc").hasMessageContaining("block 25").hasMessageContaining("rolled back");
            }
        }
    }

    @Test
    void aDeletedFileStillReadsThroughItsOpenInputButItsCopyBackUnderItsNameIsRefused() throws IOException {
        Path root = tmp.resolve("data");
        AtRestVolume volume = Volumes.create(root, SwitchModel.FORWARD, Ciphers.CHACHA12, Ciphers.CHACHA8);
        Path index = Files.createDirectories(root.resolve("index"));
        byte[] data = bytes(3, 5 * BLOCK + 1);
        try (AtRestDirectory dir = Volumes.directory(volume, index, 0)) {
            try (IndexOutput out = dir.createOutput("_2.fdt", IOContext.DEFAULT)) {
                out.writeBytes(data, 0, data.length);
            }
            byte[] copy = Files.readAllBytes(index.resolve("_2.fdt"));
            try (IndexInput in = dir.openInput("_2.fdt", IOContext.DEFAULT)) {
                dir.deleteFile("_2.fdt"); // a merge deleted it while a reader still had it open
                assertThat(readAll(in)).isEqualTo(data);
            }
            putBack(index.resolve("_2.fdt"), copy);
            assertThatThrownBy(() -> dir.openInput("_2.fdt", IOContext.DEFAULT)).isInstanceOf(IOException.class)
                    .hasMessageContaining("_2.fdt").hasMessageContaining("rolled back");
        }
    }
}
