package org.maat.disguise.search;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.h2.mvstore.MVStoreTool;

/**
 * Rewrites a closed MVStore file (the policy store) from its live data only, so the bytes of
 * superseded versions (conduits and facts a disguise removed) leave the disk copy. MVStore's own
 * compaction of an open store keeps freed chunks for its retention time and does not overwrite them,
 * so an open store cannot promise this. H2's {@link MVStoreTool#compact(String, boolean)} copies every
 * map into a sibling file and renames it over the original atomically; a crash leaves the old file or
 * the new one, both holding the same committed data. The file is then forced with its directory.
 */
final class ClosedStoreRewrite {

    private ClosedStoreRewrite() {
    }

    static void rewrite(Path file) throws IOException {
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
