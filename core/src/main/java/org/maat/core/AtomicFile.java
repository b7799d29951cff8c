package org.maat.core;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces a small file so that a crash at any moment leaves either the old text or the new one, never a
 * mix or nothing: the text goes to a sibling temporary file, is forced to disk, renamed over the target
 * atomically, and the directory is forced so the rename itself survives a power cut.
 */
public final class AtomicFile {

    private AtomicFile() {
    }

    /** Replaces {@code target}'s contents with {@code text} (UTF-8), durably. */
    public static void replace(Path target, CharSequence text) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        try (FileChannel c = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            c.force(true);
        }
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        Path dir = target.toAbsolutePath().getParent();
        try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
            c.force(true);
        } catch (IOException notSupported) {
            // some file systems cannot open a directory; the rename is still atomic
        }
    }
}
