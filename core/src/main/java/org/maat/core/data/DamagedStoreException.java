package org.maat.core.data;

import java.nio.file.Path;

/**
 * A store file holds bytes its reader cannot use: its message starts {@code damaged store: FILE: }
 * and says what was wrong; nothing was written to the file. Thrown by {@link StoreDamage}, the one
 * place where a reader's low-level failure on damaged bytes becomes this.
 */
public final class DamagedStoreException extends RuntimeException {

    private final Path file;

    DamagedStoreException(Path file, String reason, Throwable cause) {
        super("damaged store: " + file + ": " + reason + "; restore it from a backup or regenerate it", cause);
        this.file = file;
    }

    /** The damaged file (or store directory). */
    public Path file() {
        return file;
    }
}
