package org.maat.core.storage;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A file to be written lies in an encrypted volume but holds plaintext: it was written before its directory
 * became a volume by other means than {@code maat atrest init} (which encrypts every existing file). Maat adds
 * no data to it in the clear; nothing was written.
 */
public final class PlaintextInVolumeException extends IOException {

    private final Path file;

    public PlaintextInVolumeException(Path file, Path volumeRoot) {
        super(file + " holds plaintext written before " + volumeRoot + " became an encrypted volume: Maat writes "
                + "nothing more to it in the clear. Encrypt a plaintext data directory with 'maat atrest init --data "
                + "DIR', which makes it a volume and encrypts every file in it.");
        this.file = file;
    }

    /** The plaintext file. */
    public Path file() {
        return file;
    }
}
