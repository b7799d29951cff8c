package org.maat.policy.store;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;

/**
 * Rewrites a closed policy-store file from its live data only, so the bytes of superseded versions
 * (conduits and facts removed or replaced) leave the disk copy. An open MVStore keeps freed chunks and
 * does not overwrite them, even after {@code compactFile}: only a closed file can promise this.
 *
 * <p>The copy is made entry by entry into a fresh sibling file that writes nothing before its one
 * commit, then synced and renamed over the original. H2's {@code MVStoreTool.compact} is not used: it
 * copies whole pages and saves intermediate ones on the way ({@code MVMap.copyFrom}), and a file it
 * made was found to still hold a fact removed before the copy. A crash leaves the old file or the new
 * one, both holding the same committed data (a stray {@code .rewrite} sibling is replaced next time).
 */
public final class ClosedFileRewrite {

    private ClosedFileRewrite() {
    }

    /** Rewrites {@code file}, which no one may hold open; nothing to do if it does not exist. */
    public static void rewrite(Path file) throws IOException {
        if (!Files.exists(file)) {
            return;
        }
        Path tmp = file.resolveSibling(file.getFileName() + ".rewrite");
        Files.deleteIfExists(tmp);
        try (MVStore source = new MVStore.Builder().fileName(file.toString()).readOnly().open();
             MVStore target = new MVStore.Builder().fileName(tmp.toString()).autoCommitDisabled().open()) {
            StoreMaps from = StoreMaps.open(source, file, false);
            StoreMaps to = StoreMaps.open(target, tmp, true);
            from.conduits().forEach(to.conduits()::put);
            from.names().forEach(to.names()::put);
            from.policies().forEach(to.policies()::put);
            from.facts().forEach(to.facts()::put);
            from.info().forEach(to.info()::put);
            target.commit();
            target.sync();
        } catch (MVStoreException e) {
            Files.deleteIfExists(tmp);
            throw new IOException("cannot rewrite policy store " + file + ": " + e.getMessage(), e);
        }
        try (FileChannel c = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
            c.force(true);
        }
        Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel c = FileChannel.open(file.toAbsolutePath().getParent(), StandardOpenOption.READ)) {
            c.force(true);
        } catch (IOException notSupported) {
            // some file systems cannot open a directory; the rename is still atomic
        }
    }
}
