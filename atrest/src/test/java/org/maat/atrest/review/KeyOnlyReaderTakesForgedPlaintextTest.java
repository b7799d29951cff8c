package org.maat.atrest.review;

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
import org.maat.atrest.AtRestReader;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.PhysicalSource;
import org.maat.atrest.cipher.Ciphers;
import org.maat.keys.KeySource;
import org.maat.keys.KeySources;

/**
 * Promise (README, promise table): "a file without the encrypted header reads as plaintext only under a name its
 * volume's authenticated {@code atrest.json} lists"; "a file cut to 0 bytes" is "an error naming file and block,
 * never wrong data" (damage table: {@code EmptyFileTest}).
 *
 * <p>The check is made per path: {@code VolumeFiles.open}, {@code size} and the volume's {@code reader} ask the
 * configuration ({@code refusePlaintext}, {@code refuseEmpty}); the key-only reader
 * ({@code AtRestVolume.reader(KeySource, ...)}, which the MapReduce indexer's mappers and reducers read the
 * conduit store through: {@code indexer/.../StoreInput}) passes no configuration, and {@code VolumeFiles.reader}
 * skips both checks when it has none. So a conduit segment of a volume that never held plaintext, replaced by the
 * attacker's plaintext (the conduit store's records carry a CRC, not a MAC: forgeable) or cut to 0 bytes, is
 * refused by the sequential indexer and the server but read as genuine by {@code index --engine mapreduce}.
 */
class KeyOnlyReaderTakesForgedPlaintextTest {

    @TempDir
    Path tmp;

    private static byte[] readAll(AtRestReader r) throws IOException {
        ByteBuffer b = ByteBuffer.allocate((int) r.size());
        while (b.hasRemaining() && r.read(b.position(), b) > 0) {
            // until full
        }
        return b.array();
    }

    @Test
    void aSegmentReplacedByPlaintextIsRefusedByTheKeyOnlyReaderAsByTheVolume() throws Exception {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA20, 4096); // over an empty root: no plaintext
        assertThat(volume.plaintextAllowed()).isFalse();
        Path segment = volume.root().resolve("segment-00000.dat");
        ReviewVolumes.write(volume, segment, "d1 the genuine record".getBytes(StandardCharsets.UTF_8));

        byte[] forged = "d1 a record the attacker wrote".getBytes(StandardCharsets.UTF_8);
        Files.write(segment, forged); // replaced on disk
        assertThatThrownBy(() -> ReviewVolumes.readAll(volume, segment)).isInstanceOf(IOException.class)
                .hasMessageContaining("header damaged or replaced"); // the volume's own path refuses it

        KeySource key = KeySources.open("file:" + tmp.resolve("data.atrest.key"));
        Path configFile = volume.root().resolve(AtRestVolume.CONFIG_FILE);
        org.maat.atrest.file.VolumeConfig config = AtRestVolume.config(key, configFile.toString(),
                Files.readAllBytes(configFile));
        try (FileChannel ch = FileChannel.open(segment, StandardOpenOption.READ)) {
            assertThatThrownBy(() -> {
                AtRestReader r = AtRestVolume.reader(key, config, segment.toString(), PhysicalSource.of(ch),
                        name -> Optional.empty());
                byte[] read = readAll(r);
                throw new AssertionError("no error: the key-only reader (MapReduce tasks) read \""
                        + new String(read, StandardCharsets.UTF_8) + "\", a plaintext file forged over an encrypted"
                        + " segment of a volume that holds no plaintext files");
            }).isInstanceOf(IOException.class).hasMessageContaining(segment.toString());
        }
    }

    @Test
    void aSegmentCutToNothingIsRefusedByTheKeyOnlyReaderAsByTheVolume() throws Exception {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA20, 4096);
        Path segment = volume.root().resolve("segment-00000.dat");
        ReviewVolumes.write(volume, segment, "d1 the genuine record".getBytes(StandardCharsets.UTF_8));

        try (FileChannel ch = FileChannel.open(segment, StandardOpenOption.WRITE)) {
            ch.truncate(0); // cut to nothing on disk
        }
        assertThatThrownBy(() -> ReviewVolumes.readAll(volume, segment)).isInstanceOf(IOException.class)
                .hasMessageContaining("cut to 0 bytes"); // the volume's own path refuses it

        KeySource key = KeySources.open("file:" + tmp.resolve("data.atrest.key"));
        Path configFile = volume.root().resolve(AtRestVolume.CONFIG_FILE);
        org.maat.atrest.file.VolumeConfig config = AtRestVolume.config(key, configFile.toString(),
                Files.readAllBytes(configFile));
        try (FileChannel ch = FileChannel.open(segment, StandardOpenOption.READ)) {
            assertThatThrownBy(() -> {
                AtRestReader r = AtRestVolume.reader(key, config, segment.toString(), PhysicalSource.of(ch),
                        name -> Optional.empty());
                throw new AssertionError("no error: the key-only reader (MapReduce tasks) reads a segment cut to"
                        + " 0 bytes as an empty file of size " + r.size());
            }).isInstanceOf(IOException.class).hasMessageContaining(segment.toString());
        }
    }
}
