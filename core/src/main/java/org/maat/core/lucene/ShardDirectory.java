package org.maat.core.lucene;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.Optional;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.lucene.AtRestDirectory;
import org.maat.policy.lang.AtRestStrength;

/**
 * Opens the files of one index shard: an {@link FSDirectory}, wrapped in an {@link AtRestDirectory} when the
 * shard lies in an encrypted volume (the data directory is one), so every index file is sealed at rest. The
 * one place Maat opens a shard's directory; a {@link PolicyDirectory} goes on top of what it returns.
 */
public final class ShardDirectory {

    private ShardDirectory() {
    }

    /** The shard directory {@code dir}, encrypted when it lies in a volume. */
    public static Directory open(Path dir) throws IOException {
        Optional<AtRestVolume> volume = AtRestVolume.enclosing(dir);
        FSDirectory files = FSDirectory.open(dir);
        return volume.isPresent() ? new AtRestDirectory(files, volume.get()) : files;
    }

    /**
     * The weakest cipher any block of the index file {@code file} is sealed with, as a label's
     * {@value AtRestStrength#ATTRIBUTE} attribute names it: {@value AtRestStrength#NONE} for a plaintext file
     * (or an empty one: nothing is known to protect what it will hold).
     */
    public static String sealedWith(Path file) throws IOException {
        Optional<AtRestVolume> volume = AtRestVolume.enclosing(file);
        if (volume.isEmpty() || !AtRestVolume.isEncrypted(file)) {
            return AtRestStrength.NONE;
        }
        try (EncryptedChannel channel = volume.get().open(file, StandardOpenOption.READ)) {
            return channel.blockCiphers().stream().min(Comparator.comparingInt(AtRestCipher::strength))
                    .map(AtRestCipher::name).orElse(AtRestStrength.NONE);
        }
    }
}
