package org.maat.core;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.maat.core.storage.StorageFiles;

/**
 * Replaces a small file so that a crash at any moment leaves either the old text or the new one, never a
 * mix or nothing: the text goes to a sibling temporary file, is forced to disk, renamed over the target
 * atomically, and the directory is forced so the rename itself survives a power cut.
 */
public final class AtomicFile {

    private AtomicFile() {
    }

    /** Replaces {@code target}'s contents with {@code text} (UTF-8), durably, as a plaintext file. */
    public static void replace(Path target, CharSequence text) throws IOException {
        replace(target, text, StorageFiles.plaintext());
    }

    /**
     * Replaces {@code target}'s contents with {@code text} (UTF-8), durably, written and moved through
     * {@code files} (so in an encrypted volume the temporary file is sealed and moved with the volume's move).
     */
    public static void replace(Path target, CharSequence text, StorageFiles files) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try (FileChannel c = files.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                StandardOpenOption.TRUNCATE_EXISTING)) {
            ByteBuffer bytes = ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                c.write(bytes);
            }
            c.force(true);
        }
        files.move(tmp, target);
        Path dir = target.toAbsolutePath().getParent();
        try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
            c.force(true);
        } catch (IOException notSupported) {
            // some file systems cannot open a directory; the rename is still atomic
        }
    }
}
