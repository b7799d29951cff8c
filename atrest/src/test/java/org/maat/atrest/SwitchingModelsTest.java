package org.maat.atrest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.maat.atrest.cipher.Ciphers.CHACHA12;
import static org.maat.atrest.cipher.Ciphers.CHACHA20;
import static org.maat.atrest.cipher.Ciphers.CHACHA8;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.cipher.AtRestCipher;

/** Forward, Selective and Mirrored: where blocks go, what converge does, what a reader trusts. */
class SwitchingModelsTest {

    private static final int B = 256;

    @TempDir
    Path tmp;

    private static void writeAt(AtRestVolume v, Path f, long at, byte[] data, AtRestCipher require) throws IOException {
        try (EncryptedChannel ch = v.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            ch.requireAtLeast(require);
            ch.write(ByteBuffer.wrap(data), at);
        }
    }

    private static List<AtRestCipher> ciphers(AtRestVolume v, Path f) throws IOException {
        try (EncryptedChannel ch = v.open(f, StandardOpenOption.READ)) {
            return ch.blockCiphers();
        }
    }

    private static Map<String, Long> region(AtRestVolume v, String file, String region) throws IOException {
        return v.status().files().stream().filter(s -> s.file().toString().equals(file)).findFirst().orElseThrow()
                .bytesByRegionAndCipher().getOrDefault(region, Map.of());
    }

    @Test
    void forwardMixesCiphersAfterASwitchAndConvergeMakesAllTheWriteCipher() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, CHACHA8, B);
        Path f = v.root().resolve("seg");
        byte[] data = TestVolumes.bytes(1, 10 * B);
        TestVolumes.write(v, f, data);
        v.switchTo(CHACHA20, SwitchModel.FORWARD);
        byte[] patch = TestVolumes.bytes(2, 3 * B);
        writeAt(v, f, 3 * B, patch, null);
        System.arraycopy(patch, 0, data, 3 * B, patch.length);
        assertThat(ciphers(v, f)).containsExactly(CHACHA8, CHACHA8, CHACHA8, CHACHA20, CHACHA20, CHACHA20,
                CHACHA8, CHACHA8, CHACHA8, CHACHA8);
        assertThat(TestVolumes.readAll(v, f)).isEqualTo(data);

        ConvergeReport report = v.converge(done -> { });
        assertThat(report.blocksRewritten()).isEqualTo(7);
        assertThat(ciphers(v, f)).containsOnly(CHACHA20).hasSize(10);
        assertThat(TestVolumes.readAll(v, f)).isEqualTo(data);
        assertThat(v.physicalFiles(f)).containsExactly(f);
        assertThat(v.converge(done -> { }).blocksRewritten()).isZero();
    }

    @Test
    void selectivePutsEachBlockInTheRegionItsDataRequires() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, CHACHA8, B);
        v.switchTo(CHACHA20, SwitchModel.SELECTIVE);
        v.switchTo(CHACHA8, SwitchModel.SELECTIVE);
        assertThat(v.regions()).containsExactly(CHACHA8, CHACHA20);
        assertThat(v.cipherFor(CHACHA12)).isEqualTo(CHACHA20);
        Path f = v.root().resolve("store.dat");
        byte[] data = TestVolumes.bytes(3, 4 * B);
        try (EncryptedChannel ch = v.open(f, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
            ch.write(ByteBuffer.wrap(data, 0, 2 * B));
            ch.requireAtLeast(CHACHA12);
            ch.write(ByteBuffer.wrap(data, 2 * B, 2 * B));
        }
        assertThat(ciphers(v, f)).containsExactly(CHACHA8, CHACHA8, CHACHA20, CHACHA20);
        assertThat(region(v, "store.dat", "chacha8")).isEqualTo(Map.of("chacha8", 2L * B));
        assertThat(region(v, "store.dat", "chacha20")).isEqualTo(Map.of("chacha20", 2L * B));
        byte[] before = Files.readAllBytes(f);

        // Rewritten under a stronger requirement, block 0 moves to the chacha20 region.
        byte[] patch = TestVolumes.bytes(4, B);
        writeAt(v, f, 0, patch, CHACHA20);
        System.arraycopy(patch, 0, data, 0, B);
        assertThat(ciphers(v, f)).containsExactly(CHACHA20, CHACHA8, CHACHA20, CHACHA20);
        assertThat(region(v, "store.dat", "chacha8")).isEqualTo(Map.of("chacha8", (long) B));
        assertThat(TestVolumes.readAll(v, f)).isEqualTo(data);

        // A crash between writing the new copy and emptying the old leaves both: the older generation loses.
        Files.write(f, before);
        // Status counts each block in its newest copies only: the stale chacha8 copy of block 0 protects nothing.
        assertThat(region(v, "store.dat", "chacha8")).isEqualTo(Map.of("chacha8", (long) B));
        assertThat(TestVolumes.readAll(v, f)).isEqualTo(data);
        assertThat(ciphers(v, f).get(0)).isEqualTo(CHACHA20);
        v.converge(done -> { });
        assertThat(region(v, "store.dat", "chacha8")).isEqualTo(Map.of("chacha8", (long) B));
        assertThat(TestVolumes.readAll(v, f)).isEqualTo(data);
    }

    /** Counts the slot bytes read from a physical file (past its header). */
    private static final class CountingSource implements PhysicalSource {
        final PhysicalSource inner;
        final AtomicLong slotBytes = new AtomicLong();

        CountingSource(FileChannel ch) {
            inner = PhysicalSource.of(ch);
        }

        @Override
        public int read(long position, byte[] buffer, int offset, int length) throws IOException {
            int n = inner.read(position, buffer, offset, length);
            // Whole slots only: a Mirrored read looks at every copy's 16-byte header to find the newest generation.
            if (position >= 64 && n > 16) {
                slotBytes.addAndGet(n);
            }
            return n;
        }

        @Override
        public long size() throws IOException {
            return inner.size();
        }
    }

    private record Read(byte[] data, long fromBase, long fromChacha8) {
    }

    private static Read readCounting(AtRestVolume v, Path f) throws IOException {
        Path r8 = f.resolveSibling(AtRestVolume.regionFileName(f.getFileName().toString(), "chacha8"));
        try (FileChannel base = FileChannel.open(f); FileChannel c8 = FileChannel.open(r8)) {
            CountingSource sb = new CountingSource(base);
            CountingSource s8 = new CountingSource(c8);
            AtRestReader reader = v.reader(f, sb, name -> name.equals("chacha8") ? Optional.of(s8) : Optional.empty());
            ByteBuffer all = ByteBuffer.allocate((int) reader.size());
            while (all.hasRemaining() && reader.read(all.position(), all) > 0) {
                // until full
            }
            return new Read(all.array(), sb.slotBytes.get(), s8.slotBytes.get());
        }
    }

    @Test
    void mirroredHoldsEveryBlockEverywhereReadsTheCheapestAndSurvivesALostRegion() throws IOException {
        AtRestVolume v = TestVolumes.create(tmp, CHACHA20, B);
        Path f = v.root().resolve("_0.cfs");
        byte[] data = TestVolumes.bytes(5, 6 * B + 17);
        TestVolumes.write(v, f, data);
        v.switchTo(CHACHA8, SwitchModel.MIRRORED);
        assertThat(v.regions()).containsExactly(CHACHA20, CHACHA8);
        v.converge(done -> { });
        assertThat(region(v, "_0.cfs", "chacha20")).isEqualTo(Map.of("chacha20", (long) data.length));
        assertThat(region(v, "_0.cfs", "chacha8")).isEqualTo(Map.of("chacha8", (long) data.length));

        Read cheap = readCounting(v, f);
        assertThat(cheap.data()).isEqualTo(data);
        assertThat(cheap.fromBase()).isZero();
        assertThat(cheap.fromChacha8()).isPositive();

        v.switchTo(CHACHA20, SwitchModel.MIRRORED);
        Read preferred = readCounting(v, f);
        assertThat(preferred.data()).isEqualTo(data);
        assertThat(preferred.fromChacha8()).isZero();

        // New writes go to both regions.
        byte[] patch = TestVolumes.bytes(6, 100);
        writeAt(v, f, B + 5, patch, null);
        System.arraycopy(patch, 0, data, B + 5, patch.length);
        assertThat(region(v, "_0.cfs", "chacha8")).isEqualTo(Map.of("chacha8", (long) data.length));

        // A damaged or lost region loses nothing.
        byte[] raw = Files.readAllBytes(f);
        for (int i = 100; i < raw.length; i += 97) {
            raw[i] ^= 0x10;
        }
        Files.write(f, raw);
        assertThat(TestVolumes.readAll(v, f)).isEqualTo(data);
        v.converge(done -> { });
        Files.delete(v.physicalFiles(f).get(1));
        assertThat(TestVolumes.readAll(v, f)).isEqualTo(data);
        assertThat(Collections.frequency(ciphers(v, f), CHACHA20)).isEqualTo(7);
    }
}
