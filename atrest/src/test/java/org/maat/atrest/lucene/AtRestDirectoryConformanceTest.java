package org.maat.atrest.lucene;

import com.carrotsearch.randomizedtesting.annotations.Name;
import com.carrotsearch.randomizedtesting.annotations.ParametersFactory;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.store.Directory;
import org.apache.lucene.tests.store.BaseDirectoryTestCase;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;

/**
 * Lucene's own {@link Directory} conformance suite (randomized, JUnit 4 under randomizedtesting's runner) against
 * an {@link AtRestDirectory} over an FSDirectory: under the Forward model with every cipher in
 * {@link Ciphers#all()} (so ciphers registered later are covered), and under Selective and Mirrored with one pair
 * (ChaCha20 first, then switched to ChaCha8, so both regions are written). Files are created with a minimum
 * cipher that depends on their name, as PolicyDirectory creates them ({@link RequiringDirectory}), so Forward
 * files mix ciphers and Selective files fill both regions; the block cache is on, small or off at random. Two tests skip themselves, as for any wrapper: they
 * need the directory itself to be an FSDirectory ({@code testFsyncDoesntCreateNewFiles},
 * {@code testPendingDeletions}).
 */
public class AtRestDirectoryConformanceTest extends BaseDirectoryTestCase {

    private final Setup setup;

    public AtRestDirectoryConformanceTest(@Name("setup") Setup setup) {
        this.setup = setup;
    }

    @ParametersFactory(argumentFormatting = "%s")
    public static Iterable<Object[]> setups() {
        List<Object[]> setups = new ArrayList<>();
        for (AtRestCipher cipher : Ciphers.all()) {
            setups.add(new Object[] {new Setup(SwitchModel.FORWARD, cipher, null)});
        }
        setups.add(new Object[] {new Setup(SwitchModel.SELECTIVE, Ciphers.CHACHA20, Ciphers.CHACHA8)});
        setups.add(new Object[] {new Setup(SwitchModel.MIRRORED, Ciphers.CHACHA20, Ciphers.CHACHA8)});
        return setups;
    }

    @Override
    protected Directory getDirectory(Path path) throws IOException {
        // The volume is the test's directory, the index a directory inside it (as shards inside Maat's data
        // directory); the index directory is not created here, so testNoDir still finds no directory.
        AtRestVolume volume = Volumes.create(path, setup.model, setup.first, setup.second);
        // With the block cache (inputs share its blocks) or without (each input decrypts into its own buffer); a
        // small cache also exercises eviction.
        long[] caches = {AtRestDirectory.DEFAULT_CACHE_BYTES, 64 << 10, 0};
        AtRestDirectory encrypted = Volumes.directory(volume, path.resolve("index"), caches[random().nextInt(3)]);
        return new RequiringDirectory(encrypted, name -> minimumFor(name));
    }

    /** No minimum, ChaCha8 or ChaCha20, by the file's name. */
    private static AtRestCipher minimumFor(String name) {
        return switch (Math.floorMod(name.hashCode(), 3)) {
            case 0 -> null;
            case 1 -> Ciphers.CHACHA8;
            default -> Ciphers.CHACHA20;
        };
    }

    /** A volume's configuration under test: its model, its first cipher, the one it switched to (not Forward). */
    static final class Setup {
        final SwitchModel model;
        final AtRestCipher first;
        final AtRestCipher second;

        Setup(SwitchModel model, AtRestCipher first, AtRestCipher second) {
            this.model = model;
            this.first = first;
            this.second = second;
        }

        @Override
        public String toString() {
            return model.label() + " " + first.name() + (second == null ? "" : " -> " + second.name());
        }
    }
}
