package org.maat.core.conduit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.maat.core.AtomicFile;
import org.maat.core.storage.StorageFiles;

/**
 * Overwrites removed records with zeros in place, after the commit that removed them: a removed
 * document's bytes leave the segment files, not just the index of them. {@code erased} holds how many
 * bytes of the edit log have had their removals erased and forced to disk; it is written only after
 * that force, so a crash before it means the erasure is simply done again (zeroing zeros changes
 * nothing, and a removed record's place is never reused: restorations append).
 */
final class Erasure {

    static final String MARK = "erased";

    private Erasure() {
    }

    /**
     * Erases the removals of the committed log up to {@code logBytes} that the mark does not cover, then
     * moves the mark to {@code logBytes}. {@code edits} are the log's entries from byte {@code from};
     * if the mark is further back than that (an earlier erasure was cut short), the whole log is read.
     */
    static void finish(Path dir, StorageFiles files, long from, List<EditLog.Edit> edits, long logBytes) throws IOException {
        long done = mark(dir, files);
        if (done >= logBytes) {
            return;
        }
        List<EditLog.Edit> todo;
        if (done >= from) {
            todo = edits.subList((int) Math.min(edits.size(), (done - from) / EditLog.ENTRY), edits.size());
        } else {
            List<EditLog.Edit> all = EditLog.read(dir, files, logBytes);
            todo = all.subList((int) (done / EditLog.ENTRY), all.size());
        }
        erase(dir, files, todo);
        AtomicFile.replace(dir.resolve(MARK), Long.toString(logBytes), files);
    }

    /** Zeroes the records the removals among {@code edits} name, and forces each touched segment. */
    private static void erase(Path dir, StorageFiles files, List<EditLog.Edit> edits) throws IOException {
        Map<Integer, FileChannel> open = new HashMap<>();
        try {
            for (EditLog.Edit e : edits) {
                if (e.kind() != EditLog.Kind.REMOVE) {
                    continue;
                }
                FileChannel c = open.get(e.segment());
                if (c == null) {
                    // Through the volume the block is sealed again under a new generation: its old ciphertext is overwritten.
                    c = files.open(ConduitStore.segmentFile(dir, e.segment()), StandardOpenOption.WRITE);
                    open.put(e.segment(), c);
                }
                ByteBuffer zeros = ByteBuffer.allocate(e.length());
                long at = e.position();
                while (zeros.hasRemaining()) {
                    at += c.write(zeros, at);
                }
            }
            for (FileChannel c : open.values()) {
                c.force(false);
            }
        } finally {
            for (FileChannel c : open.values()) {
                c.close();
            }
        }
    }

    /** Log bytes known erased; a missing or torn mark counts as none (erasing again is harmless). */
    private static long mark(Path dir, StorageFiles files) {
        try {
            return Long.parseLong(files.readString(dir.resolve(MARK)).strip());
        } catch (NoSuchFileException | NumberFormatException e) {
            return 0;
        } catch (IOException e) {
            return 0;
        }
    }
}
