package org.maat.atrest.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.VolumeStatus;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * What the layer above (PolicyDirectory) relies on when it labels a file with the cipher
 * {@link AtRestDirectory#createOutput(String, IOContext, AtRestCipher)} reports: no byte of the file is stored
 * under a weaker cipher, in any region, under any model, even when the volume switches to a weaker cipher while
 * the file is being written and then converges. The reported cipher is the file's requirement (the weakest
 * cipher when it has none), not the stronger one its blocks may get at creation: convergence brings them down
 * to it, which is checked too, so that the label is neither an overstatement nor a needless understatement.
 * Checked against the volume's own account of the bytes on disk ({@link AtRestVolume#status()}), not the
 * directory's.
 */
class AtRestDirectoryCipherFloorTest {

    /** Long enough that the outputs hand blocks to the volume before the switch (they buffer 16 blocks). */
    private static final int LENGTH = 200_000;

    @TempDir
    Path temp;

    @ParameterizedTest
    @EnumSource(SwitchModel.class)
    void noByteOfAFileIsStoredUnderACipherWeakerThanTheOneReported(SwitchModel model) throws IOException {
        // ChaCha20 first, then ChaCha12 for writes (Selective and Mirrored keep a region of each).
        AtRestVolume volume = Volumes.create(temp, model, Ciphers.CHACHA20, Ciphers.CHACHA12);
        if (model == SwitchModel.FORWARD) {
            volume.switchTo(Ciphers.CHACHA12, SwitchModel.FORWARD);
        }
        String[] names = {"strong", "middle", "free"};
        try (AtRestDirectory dir = Volumes.directory(volume, temp.resolve("index"))) {
            try (AtRestIndexOutput strong = dir.createOutput("strong", IOContext.DEFAULT, Ciphers.CHACHA20);
                    AtRestIndexOutput middle = dir.createOutput("middle", IOContext.DEFAULT, Ciphers.CHACHA12);
                    AtRestIndexOutput free = dir.createOutput("free", IOContext.DEFAULT, null)) {
                assertThat(strong.cipher()).isEqualTo(dir.floorFor(Ciphers.CHACHA20)).isEqualTo(Ciphers.CHACHA20);
                assertThat(middle.cipher()).isEqualTo(Ciphers.CHACHA12);
                // No requirement: a later switch may take it to any cipher, so it reports the weakest.
                assertThat(free.cipher()).isEqualTo(dir.floorFor(null)).isEqualTo(Ciphers.CHACHA8);
                AtRestIndexOutput[] outs = {strong, middle, free};
                write(outs, 0, LENGTH / 2);
                // A switch to a weaker cipher half-way: the files being written keep at least what they reported.
                volume.switchTo(Ciphers.CHACHA8, model);
                write(outs, LENGTH / 2, LENGTH);
            }
            assertThat(ciphersOf(volume.status(), "strong")).containsOnly(Ciphers.CHACHA20);
            assertThat(weakest(volume.status(), "middle")).isGreaterThanOrEqualTo(Ciphers.CHACHA12.strength());

            volume.converge(bytes -> { });
            for (String name : names) {
                try (IndexInput in = dir.openInput(name, IOContext.DEFAULT)) {
                    for (int i = 0; i < LENGTH; i++) {
                        assertThat(in.readByte()).isEqualTo((byte) i);
                    }
                }
            }
        }

        // After convergence each file is down to exactly what it reported (Mirrored also keeps copies in the
        // stronger regions: stronger is fine).
        VolumeStatus converged = volume.status();
        assertThat(ciphersOf(converged, "strong")).containsOnly(Ciphers.CHACHA20);
        assertThat(weakest(converged, "middle")).isEqualTo(Ciphers.CHACHA12.strength());
        assertThat(weakest(converged, "free")).isEqualTo(Ciphers.CHACHA8.strength());
    }

    private static void write(AtRestIndexOutput[] outs, int from, int to) throws IOException {
        for (int i = from; i < to; i++) {
            for (AtRestIndexOutput out : outs) {
                out.writeByte((byte) i);
            }
        }
    }

    private static int weakest(VolumeStatus status, String name) {
        return ciphersOf(status, name).stream().mapToInt(AtRestCipher::strength).min().orElseThrow();
    }

    /** Every cipher that protects some byte of {@code name}, in any region, by the volume's status. */
    private static Set<AtRestCipher> ciphersOf(VolumeStatus status, String name) {
        Set<AtRestCipher> ciphers = new TreeSet<>((a, b) -> Integer.compare(a.strength(), b.strength()));
        for (VolumeStatus.FileStatus file : status.files()) {
            if (file.file().getFileName().toString().equals(name)) {
                for (Map<String, Long> byCipher : file.bytesByRegionAndCipher().values()) {
                    byCipher.forEach((cipher, bytes) -> {
                        if (bytes > 0) {
                            ciphers.add(Ciphers.byName(cipher));
                        }
                    });
                }
            }
        }
        assertThat(ciphers).as("ciphers of " + name + " in " + status).isNotEmpty();
        return ciphers;
    }
}
