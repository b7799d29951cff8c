package org.maat.atrest.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.Ciphers;
import org.maat.atrest.file.FileHeader;

/**
 * A flipped byte in any physical file of an encrypted index, in its header or its blocks, is an
 * {@link IOException} naming the file (and, in the blocks, the block) on opening or searching the index or on
 * checking its integrity: never a different result.
 */
class AtRestIndexTamperTest {

    /** The magic that marks an encrypted file: a file without it is read as plaintext (and Lucene's checks apply). */
    private static final int MAGIC = 8;

    private static final Corpus CORPUS = new Corpus(7, 120, 150);

    @TempDir
    Path temp;

    @Test
    void aFlippedByteInAnyIndexFileIsAnErrorNamingTheFile() throws IOException {
        Path root = temp.resolve("data");
        Path index = root.resolve("index");
        AtRestVolume volume = Volumes.create(root, SwitchModel.FORWARD, Ciphers.CHACHA12, null);
        List<String> expected;
        try (AtRestDirectory dir = Volumes.directory(volume, index)) {
            CORPUS.indexInto(dir);
            expected = CORPUS.results(dir);
        }

        List<Path> files = filesOf(index);
        assertThat(files).hasSizeGreaterThan(3);
        Random random = new Random(16);
        for (Path file : files) {
            String name = file.getFileName().toString();
            long size = Files.size(file);
            // Once in the file's header (past the magic), once in its blocks.
            long inHeader = MAGIC + random.nextInt(FileHeader.LENGTH - MAGIC);
            long inBlocks = FileHeader.LENGTH + (long) (random.nextDouble() * (size - FileHeader.LENGTH));
            for (long at : new long[] {inHeader, inBlocks}) {
                flip(file, at);
                try {
                    Throwable failure = catchThrowable(() -> searchAndCheck(volume, index, expected));
                    assertThat(failure).as("reading the index with byte " + at + " of " + name + " flipped")
                            .isInstanceOf(IOException.class);
                    assertThat(messages(failure)).as("what the failure says").anyMatch(m -> m.contains(name));
                    if (at == inBlocks) {
                        assertThat(messages(failure)).anyMatch(m -> m.contains(name) && m.contains("block"));
                    }
                } finally {
                    flip(file, at);
                }
            }
        }
        try (AtRestDirectory dir = Volumes.directory(volume, index)) {
            assertThat(CORPUS.results(dir)).as("restored").isEqualTo(expected);
        }
    }

    @Test
    void aMirroredIndexLosesNothingToAFlippedByteInOneRegionButFailsWhenBothAreHit() throws IOException {
        Path root = temp.resolve("mirrored");
        Path index = root.resolve("index");
        AtRestVolume volume = Volumes.create(root, SwitchModel.MIRRORED, Ciphers.CHACHA20, Ciphers.CHACHA8);
        List<String> expected;
        try (AtRestDirectory dir = Volumes.directory(volume, index)) {
            CORPUS.indexInto(dir);
            expected = CORPUS.results(dir);
        }

        Random random = new Random(61);
        for (Path file : filesOf(index)) {
            if (AtRestVolume.isRegionFile(file.getFileName().toString())) {
                continue;
            }
            List<Path> regions = volume.physicalFiles(file);
            assertThat(regions).as("regions of " + file).hasSize(2);
            long[] at = new long[regions.size()];
            for (int r = 0; r < regions.size(); r++) {
                long size = Files.size(regions.get(r));
                at[r] = FileHeader.LENGTH + (long) (random.nextDouble() * (size - FileHeader.LENGTH));
                flip(regions.get(r), at[r]);
                try {
                    searchAndCheck(volume, index, expected);
                } finally {
                    flip(regions.get(r), at[r]);
                }
            }
            // The same block damaged in both regions: nothing left to read it from. The region files have the
            // same layout, so the same offset is the same part of the same block.
            for (Path region : regions) {
                flip(region, at[0]);
            }
            try {
                Throwable failure = catchThrowable(() -> searchAndCheck(volume, index, expected));
                assertThat(failure).as("both regions of " + file.getFileName() + " flipped at " + at[0])
                        .isInstanceOf(IOException.class);
                assertThat(messages(failure)).anyMatch(m -> m.contains(file.getFileName().toString()));
            } finally {
                for (Path region : regions) {
                    flip(region, at[0]);
                }
            }
        }
    }

    /** Opens the index afresh, searches it (results must be the expected ones) and reads every file in full. */
    private static void searchAndCheck(AtRestVolume volume, Path index, List<String> expected) throws IOException {
        try (AtRestDirectory dir = Volumes.directory(volume, index);
                DirectoryReader reader = DirectoryReader.open(dir)) {
            assertThat(CORPUS.results(new IndexSearcher(reader))).isEqualTo(expected);
            for (LeafReaderContext leaf : reader.leaves()) {
                leaf.reader().checkIntegrity();
            }
        }
    }

    private static List<Path> filesOf(Path index) throws IOException {
        try (Stream<Path> files = Files.list(index)) {
            return files.filter(f -> !f.getFileName().toString().equals("write.lock")).sorted().toList();
        }
    }

    private static void flip(Path file, long at) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ByteBuffer b = ByteBuffer.allocate(1);
            channel.read(b, at);
            b.put(0, (byte) (b.get(0) ^ 0x20));
            b.rewind();
            channel.write(b, at);
        }
    }

    /** The messages of a failure, its causes and what it suppressed. */
    private static List<String> messages(Throwable failure) {
        List<String> messages = new ArrayList<>();
        collect(failure, messages);
        return messages;
    }

    private static void collect(Throwable t, List<String> into) {
        if (t == null || into.size() > 50) {
            return;
        }
        into.add(String.valueOf(t.getMessage()));
        collect(t.getCause(), into);
        for (Throwable s : t.getSuppressed()) {
            collect(s, into);
        }
    }
}
