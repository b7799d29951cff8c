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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.Ciphers;
import org.maat.keys.KeySource;

/** Plaintext files under a volume, status, keys, readers over positional sources, and a scan for plaintext. */
class VolumeFilesTest {

    @TempDir
    Path tmp;

    @Test
    void plaintextFilesWrittenBeforeTheVolumeReadAsIsAndStatusSaysNone() throws IOException {
        Path root = tmp.resolve("data");
        Files.createDirectories(root.resolve("store"));
        byte[] old = "written before encryption".getBytes(StandardCharsets.UTF_8);
        Files.write(root.resolve("store/segment-00000.dat"), old);
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA12, 4096);
        assertThat(AtRestVolume.enclosing(root.resolve("store/x"))).containsSame(v);
        assertThat(AtRestVolume.enclosing(tmp)).isEmpty();
        Path plain = root.resolve("store/segment-00000.dat");
        assertThat(TestVolumes.readAll(v, plain)).isEqualTo(old);
        assertThat(AtRestVolume.isEncrypted(plain)).isFalse();
        assertThat(v.size(plain)).isEqualTo(old.length);
        Path enc = root.resolve("store/segment-00001.dat");
        TestVolumes.write(v, enc, TestVolumes.bytes(1, 5000));
        assertThat(AtRestVolume.isEncrypted(enc)).isTrue();
        assertThat(AtRestVolume.isEncrypted(root.resolve(AtRestVolume.CONFIG_FILE))).isFalse();

        VolumeStatus s = v.status();
        assertThat(s.model()).isEqualTo(SwitchModel.FORWARD);
        assertThat(s.files()).extracting(VolumeStatus.FileStatus::file)
                .containsExactly(Path.of("store/segment-00000.dat"), Path.of("store/segment-00001.dat"));
        assertThat(s.files().get(0).plaintext()).isTrue();
        assertThat(s.files().get(0).bytesByRegionAndCipher()).isEqualTo(Map.of("", Map.of("none", (long) old.length)));
        assertThat(s.files().get(1).bytesByRegionAndCipher()).isEqualTo(Map.of("", Map.of("chacha12", 5000L)));

        assertThat(v.encryptPlaintext(plain)).isEqualTo(old.length);
        assertThat(AtRestVolume.isEncrypted(plain)).isTrue();
        assertThat(TestVolumes.readAll(v, plain)).isEqualTo(old);
        assertThat(v.encryptPlaintext(plain)).isZero();
        try (var list = Files.list(root.resolve("store"))) {
            assertThat(list.map(p -> p.getFileName().toString()))
                    .containsExactlyInAnyOrder("segment-00000.dat", "segment-00001.dat");
        }
    }

    @Test
    void deleteAndMoveTakeTheRegionFilesAlong() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA8, 256);
        v.switchTo(Ciphers.CHACHA20, SwitchModel.MIRRORED);
        Path a = v.root().resolve("_1.tmp");
        byte[] data = TestVolumes.bytes(2, 1000);
        TestVolumes.write(v, a, data);
        assertThat(v.physicalFiles(a)).hasSize(2);
        assertThat(AtRestVolume.isRegionFile(v.physicalFiles(a).get(1).getFileName().toString())).isTrue();
        Path b = v.root().resolve("_1.cfs");
        v.move(a, b);
        assertThat(Files.exists(a)).isFalse();
        assertThat(v.physicalFiles(a)).containsExactly(a);
        assertThat(TestVolumes.readAll(v, b)).isEqualTo(data);
        v.delete(b);
        try (var s = Files.list(v.root())) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly(AtRestVolume.CONFIG_FILE);
        }
    }

    private static KeySource key(int length) {
        return new KeySource() {
            @Override
            public byte[] key() {
                return TestVolumes.bytes(length, length);
            }

            @Override
            public String describe() {
                return "test key of " + length + " bytes";
            }
        };
    }

    @Test
    void aShortKeyIsRefusedAndALongOneReduced() throws IOException {
        TestVolumes.create(tmp, Ciphers.CHACHA20, 256);
        Path root = tmp.resolve("data");
        assertThatThrownBy(() -> AtRestVolume.open(root, key(16))).isInstanceOf(IOException.class)
                .hasMessageContaining("test key of 16 bytes").hasMessageContaining("at least 32");
        // The configuration is authenticated under the key that made it: another key is refused at once.
        assertThatThrownBy(() -> AtRestVolume.open(root, key(64))).isInstanceOf(IOException.class)
                .hasMessageContaining("fails authentication");
        // A configuration of the earlier, unauthenticated format, resealed under the long key, which is reduced.
        Files.writeString(root.resolve(AtRestVolume.CONFIG_FILE), "{\"format\": \"maat-atrest-1\", \"model\": "
                + "\"forward\", \"regions\": [\"chacha20\"], \"writeCipher\": \"chacha20\", \"readPreference\": "
                + "\"chacha20\", \"blockSize\": 256, \"keySpec\": null}");
        AtRestVolume v = AtRestVolume.upgrade(root, key(64));
        byte[] data = TestVolumes.bytes(3, 700);
        TestVolumes.write(v, root.resolve("f"), data);
        assertThat(TestVolumes.readAll(AtRestVolume.open(root, key(64)), root.resolve("f"))).isEqualTo(data);
    }

    @Test
    void aReaderOverPositionalSourcesReadsWhatTheChannelWrote() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA8, 256);
        v.switchTo(Ciphers.CHACHA20, SwitchModel.SELECTIVE);
        v.switchTo(Ciphers.CHACHA8, SwitchModel.SELECTIVE);
        Path f = v.root().resolve("seg");
        byte[] data = TestVolumes.bytes(4, 3000);
        try (EncryptedChannel ch = v.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(data, 0, 1000));
            ch.requireAtLeast(Ciphers.CHACHA20);
            ch.write(ByteBuffer.wrap(data, 1000, 2000));
        }
        Path region = f.resolveSibling(AtRestVolume.regionFileName("seg", "chacha20"));
        assertThat(v.physicalFiles(f)).containsExactly(f, region);
        assertThat(v.size(f)).isEqualTo(3000);
        KeySource key = org.maat.keys.KeySources.open("file:" + tmp.resolve("data.atrest.key"));
        Path configFile = v.root().resolve(AtRestVolume.CONFIG_FILE);
        org.maat.atrest.file.VolumeConfig config = AtRestVolume.config(key, configFile.toString(),
                Files.readAllBytes(configFile));
        try (FileChannel base = FileChannel.open(f); FileChannel r20 = FileChannel.open(region)) {
            AtRestReader reader = AtRestVolume.reader(key, config, "seg", PhysicalSource.of(base),
                    name -> name.equals("chacha20") ? Optional.of(PhysicalSource.of(r20)) : Optional.empty());
            assertThat(reader.size()).isEqualTo(3000);
            ByteBuffer mid = ByteBuffer.allocate(900);
            assertThat(reader.read(700, mid)).isEqualTo(900);
            assertThat(mid.array()).isEqualTo(java.util.Arrays.copyOfRange(data, 700, 1600));
            assertThat(reader.read(3000, ByteBuffer.allocate(1))).isEqualTo(-1);
            // Without the other region, the blocks that live there are missing: an error, not zeros.
            assertThatThrownBy(() -> AtRestVolume.reader(key, config, "seg", PhysicalSource.of(base), name -> Optional.empty()))
                    .isInstanceOf(IOException.class).hasMessageContaining("seg: block 11 is missing");
        }
        Path plain = v.root().resolve("plain.txt");
        Files.writeString(plain, "as is");
        try (FileChannel ch = FileChannel.open(plain)) {
            // A volume made over an empty root holds no plaintext file: one without the header was replaced.
            assertThatThrownBy(() -> v.reader(plain, PhysicalSource.of(ch), name -> Optional.empty()))
                    .isInstanceOf(IOException.class).hasMessageContaining("header damaged or replaced");
        }
    }

    @Test
    void noPhysicalByteOfAnyModelHoldsTheText() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, Ciphers.CHACHA8, 4096);
        String text = "Confidential: the merger with Initech closes on Friday. ";
        byte[] corpus = text.repeat(400).getBytes(StandardCharsets.UTF_8);
        TestVolumes.write(v, v.root().resolve("forward.dat"), corpus);
        v.switchTo(Ciphers.CHACHA20, SwitchModel.SELECTIVE);
        try (EncryptedChannel ch = v.open(v.root().resolve("selective.dat"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(corpus));
            ch.requireAtLeast(Ciphers.CHACHA12);
            ch.write(ByteBuffer.wrap(corpus));
        }
        v.switchTo(Ciphers.CHACHA12, SwitchModel.MIRRORED);
        TestVolumes.write(v, v.root().resolve("mirrored.dat"), corpus);
        v.converge(done -> { });
        byte[] needle = "merger with Init".getBytes(StandardCharsets.UTF_8);
        List<Path> physical;
        try (var s = Files.walk(v.root())) {
            physical = s.filter(Files::isRegularFile).toList();
        }
        assertThat(physical).hasSizeGreaterThan(5);
        for (Path p : physical) {
            assertThat(indexOf(Files.readAllBytes(p), needle)).as(p.toString()).isEqualTo(-1);
        }
        assertThat(TestVolumes.readAll(v, v.root().resolve("mirrored.dat"))).isEqualTo(corpus);
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
