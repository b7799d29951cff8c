package org.maat.atrest;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Which cipher protects how many plaintext bytes: per file (and region), and in total.
 *
 * @param files one entry per logical file, relative to the root, sorted by path
 */
public record VolumeStatus(SwitchModel model, String writeCipher, List<String> regions, List<FileStatus> files) {

    /**
     * One file: bytes per cipher name in each region ("" for Forward's single region); plaintext files
     * (written before the volume) have {@code plaintext} set and their length under "none".
     */
    public record FileStatus(Path file, boolean plaintext, Map<String, Map<String, Long>> bytesByRegionAndCipher) {
    }
}
