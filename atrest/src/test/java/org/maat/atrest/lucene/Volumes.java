package org.maat.atrest.lucene;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.lucene.store.FSDirectory;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;

/**
 * How the tests make an encrypted volume: {@code root} becomes a volume whose key lies beside it (as Maat's
 * default {@code DATA.atrest.key}), first under {@code first}; for Selective and Mirrored it is then switched to
 * {@code second} under that model, so both ciphers have a region.
 */
final class Volumes {

    private Volumes() {
    }

    static AtRestVolume create(Path root, SwitchModel model, AtRestCipher first, AtRestCipher second)
            throws IOException {
        Files.createDirectories(root);
        Path key = root.resolveSibling(root.getFileName() + ".atrest.key");
        AtRestVolume volume = AtRestVolume.create(root, first, "file:" + key);
        if (model != SwitchModel.FORWARD) {
            volume.switchTo(second, model);
        }
        return volume;
    }

    /** An encrypted index directory {@code index} inside the volume at {@code root}. */
    static AtRestDirectory directory(AtRestVolume volume, Path index) throws IOException {
        return new AtRestDirectory(FSDirectory.open(index), volume);
    }

    /** The same with at most {@code cacheBytes} of decrypted blocks cached (0: every read decrypts). */
    static AtRestDirectory directory(AtRestVolume volume, Path index, long cacheBytes) throws IOException {
        return new AtRestDirectory(FSDirectory.open(index), volume, cacheBytes);
    }
}
