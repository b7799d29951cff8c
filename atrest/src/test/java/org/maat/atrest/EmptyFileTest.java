package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.Ciphers;

/**
 * An empty physical file in a volume: every file the volume makes holds its header from the moment it exists, so a
 * 0-byte file is a file cut to nothing, an error naming it on every path that reads it (open, size, a reader over
 * sources, a writer reopening it), except the lock files and, while plaintext files are allowed, empty files from
 * before the volume.
 */
class EmptyFileTest {

    @TempDir
    Path tmp;

    private static long physicalSize(Path file) throws IOException {
        return Files.size(file);
    }

    private static PhysicalSource source(Path file) {
        return new PhysicalSource() {
            @Override
            public int read(long position, byte[] b, int offset, int length) throws IOException {
                try (FileChannel ch = FileChannel.open(file)) {
                    return ch.read(ByteBuffer.wrap(b, offset, length), position);
                }
            }

            @Override
            public long size() throws IOException {
                return Files.size(file);
            }
        };
    }

    @Test
    void aFileTheVolumeMakesIsNeverEmptyOnDiskEvenBeforeItsFirstWrite() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA20, 256);
        for (StandardOpenOption create : new StandardOpenOption[] {StandardOpenOption.CREATE,
                StandardOpenOption.CREATE_NEW}) {
            Path f = v.root().resolve("made-with-" + create);
            try (FileChannel ch = v.open(f, create, StandardOpenOption.WRITE)) {
                assertThat(physicalSize(f)).as("header on disk at creation").isGreaterThan(0);
                assertThat(AtRestVolume.isEncrypted(f)).isTrue();
            }
            assertThat(v.size(f)).isZero();
            assertThat(TestVolumes.readAll(v, f)).isEmpty();
            try (var s = Files.list(v.root())) {
                assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains("creating"));
            }
        }
        Path f = v.root().resolve("made-with-CREATE_NEW");
        assertThatThrownBy(() -> v.open(f, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE))
                .isInstanceOf(java.nio.file.FileAlreadyExistsException.class);
    }

    @Test
    void aFileCutToNothingIsAnErrorOnEveryPathButATruncatingWrite() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA20, 256);
        Path f = v.root().resolve("segment.dat");
        TestVolumes.write(v, f, TestVolumes.bytes(7, 1000));
        Files.write(f, new byte[0]);

        assertThatThrownBy(() -> v.open(f, StandardOpenOption.READ)).isInstanceOf(IOException.class)
                .hasMessageContaining(f.toString()).hasMessageContaining("cut to 0 bytes");
        assertThatThrownBy(() -> v.size(f)).isInstanceOf(IOException.class).hasMessageContaining(f.toString());
        assertThatThrownBy(() -> v.reader(f, source(f), c -> Optional.empty())).isInstanceOf(IOException.class)
                .hasMessageContaining(f.toString());
        // A writer reopening it (an append after a crash) is refused too, rather than starting it afresh.
        assertThatThrownBy(() -> v.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE))
                .isInstanceOf(IOException.class).hasMessageContaining("cut to 0 bytes");
        assertThatThrownBy(() -> v.open(f, StandardOpenOption.WRITE, StandardOpenOption.APPEND))
                .isInstanceOf(IOException.class).hasMessageContaining("cut to 0 bytes");
        // A truncating write discards the content by request: it makes the file again.
        byte[] again = "written again".getBytes(StandardCharsets.UTF_8);
        TestVolumes.write(v, f, again);
        assertThat(TestVolumes.readAll(v, f)).isEqualTo(again);
    }

    @Test
    void anEmptyBaseWithRegionFilesBesideItIsAnErrorEvenForALockName() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA8, 256);
        v.switchTo(Ciphers.CHACHA20, SwitchModel.SELECTIVE);
        Path f = v.root().resolve("write.lock");
        TestVolumes.write(v, f, TestVolumes.bytes(8, 900));
        assertThat(v.physicalFiles(f)).hasSizeGreaterThan(1);
        Files.write(f, new byte[0]);
        assertThatThrownBy(() -> v.open(f, StandardOpenOption.READ)).isInstanceOf(IOException.class)
                .hasMessageContaining(f.toString()).hasMessageContaining("region files remain");
    }

    @Test
    void lockFilesStayEmptyAndPlainAndReadAsEmpty() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA20, 256);
        for (String name : new String[] {"write.lock", "edit.lock"}) {
            Path lock = Files.createDirectories(v.root().resolve("shard-0")).resolve(name);
            Files.write(lock, new byte[0]); // as Lucene's lock factory and the conduit store's StoreLock make it
            assertThat(AtRestVolume.isLockFile(name)).isTrue();
            assertThat(v.size(lock)).isZero();
            assertThat(TestVolumes.readAll(v, lock)).isEmpty();
        }
        Path notALock = v.root().resolve("shard-0").resolve("other.lock");
        Files.write(notALock, new byte[0]);
        assertThatThrownBy(() -> v.size(notALock)).isInstanceOf(IOException.class).hasMessageContaining("other.lock");
    }

    @Test
    void anEmptyFileFromBeforeTheVolumeReadsEmptyUntilPlaintextEnds() throws IOException {
        Path root = Files.createDirectories(tmp.resolve("data"));
        Files.write(root.resolve("old.dat"), "plaintext from before".getBytes(StandardCharsets.UTF_8));
        Path empty = root.resolve("empty.dat");
        Files.write(empty, new byte[0]);
        AtRestVolume v = AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + tmp.resolve("data.atrest.key"));
        assertThat(v.plaintextAllowed()).isTrue();
        assertThat(TestVolumes.readAll(v, empty)).isEmpty();
        v.encryptPlaintext(empty);
        assertThat(physicalSize(empty)).isGreaterThan(0);
        v.endPlaintext();
        assertThat(TestVolumes.readAll(v, empty)).isEmpty();
        Files.write(empty, new byte[0]);
        assertThatThrownBy(() -> TestVolumes.readAll(v, empty)).isInstanceOf(IOException.class)
                .hasMessageContaining("cut to 0 bytes");
        // Nor is the cut file made genuine by encrypting it, nor a plaintext file forged in an encrypted one's place.
        assertThatThrownBy(() -> v.encryptPlaintext(empty)).isInstanceOf(IOException.class)
                .hasMessageContaining(empty.toString());
        Files.write(empty, "forged".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> v.encryptPlaintext(empty)).isInstanceOf(IOException.class)
                .hasMessageContaining("header damaged or replaced");
    }
}
