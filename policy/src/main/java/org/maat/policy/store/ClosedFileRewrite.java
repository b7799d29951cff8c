package org.maat.policy.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.h2.mvstore.MVStoreTool;

/**
 * Rewrites a closed MVStore file from its live data only, so the bytes of superseded versions (conduits
 * and facts removed or replaced, a disguise's finished journal) leave the disk copy. An open MVStore
 * keeps freed chunks and does not overwrite them, even after {@code compactFile}: only a closed file
 * can promise this. H2's {@link MVStoreTool#compact(String, boolean)} copies every map into a sibling
 * file and renames it over the original; a crash leaves the old file or the new one, both holding the
 * same committed data. The file is then forced with its directory.
 */
public final class ClosedFileRewrite {

    private ClosedFileRewrite() {
    }

    /** Rewrites {@code file}, which no one may hold open; nothing to do if it does not exist. */
    public static void rewrite(Path file) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        MVStoreTool.compact(file.toString(), false);
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
            c.force(true);
        }
        try (FileChannel c = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
            c.force(true);
        } catch (IOException notSupported) {
            // some file systems cannot open a directory; the rename is still atomic
        }
    }
}
