package org.maat.atrest.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.Ciphers;

/**
 * Promise 1 (a region file swapped between files => an IOException, never wrong plaintext). A region file
 * is not bound to its logical file: its header MAC and its keys depend only on the volume key and its own
 * salt, and the slots' AAD holds that salt and the block index, so G's region file put in place of F's
 * authenticates as F's. Mirrored reads the preferred region first and takes it: F reads G's bytes.
 * Cause: file/FileHeader.java (header MAC over the file's own fields only) and file/BlockSet.read (copies
 * of one block from files with unrelated salts are trusted alike); nothing ties F~c to F (e.g. the base
 * file's salt in a region file's header/AAD).
 */
class RegionFileSwapTest {

    private static final int BLOCK = 256;

    @TempDir
    Path tmp;

    @Test
    void anotherFilesRegionFileIsAnErrorOrIgnoredNeverRead() throws IOException {
        AtRestVolume volume = ReviewVolumes.create(tmp, Ciphers.CHACHA20, BLOCK);
        volume.switchTo(Ciphers.CHACHA8, SwitchModel.MIRRORED);
        Path f = volume.root().resolve("private.dat");
        Path g = volume.root().resolve("public.dat");
        byte[] fData = ReviewVolumes.bytes(11, BLOCK * 2);
        byte[] gData = ReviewVolumes.bytes(22, BLOCK * 2);
        ReviewVolumes.write(volume, f, fData);
        ReviewVolumes.write(volume, g, gData);
        Path fRegion = volume.root().resolve(AtRestVolume.regionFileName("private.dat", "chacha8"));
        Path gRegion = volume.root().resolve(AtRestVolume.regionFileName("public.dat", "chacha8"));
        assertThat(fRegion).exists();
        assertThat(gRegion).exists();

        Files.copy(gRegion, fRegion, StandardCopyOption.REPLACE_EXISTING);

        byte[] read;
        try {
            read = ReviewVolumes.readAll(volume, f);
        } catch (IOException expected) {
            return; // a correct implementation may refuse the swapped region
        }
        // ... or ignore it and read F's chacha20 copy: never G's bytes.
        assertThat(Arrays.equals(read, gData)).as("F read G's plaintext from a swapped region file").isFalse();
        assertThat(read).isEqualTo(fData);
    }
}
