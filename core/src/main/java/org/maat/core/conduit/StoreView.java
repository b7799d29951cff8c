package org.maat.core.conduit;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.maat.core.storage.StorageFiles;

/**
 * One commit of a store as readers see it: where each document's record lies now, with
 * {@link #REMOVED} for a removed document. Built from the write-once offset table and the committed
 * edits, each checked against the commit: an edit that removes a document not there, restores one
 * not removed, or points outside the committed segments is damage, reported when opening.
 * Immutable, so a reader that took a view keeps it however the store changes after.
 */
final class StoreView {

    static final long REMOVED = -1;

    private final StoreCommit commit;
    private final long[] offsets;
    private final long live;

    private StoreView(StoreCommit commit, long[] offsets, long live) {
        this.commit = commit;
        this.offsets = offsets;
        this.live = live;
    }

    /** The view of {@code commit}: the base table {@code base} (never changed) with the committed edits applied. */
    static StoreView of(Path dir, StorageFiles files, StoreCommit commit, long[] base) throws IOException {
        return of(dir, commit, base, EditLog.read(dir, files, commit.editBytes()));
    }

    /** As {@link #of(Path, StorageFiles, StoreCommit, long[])} with the committed edits read already. */
    static StoreView of(Path dir, StoreCommit commit, long[] base, List<EditLog.Edit> edits) throws IOException {
        long[] offsets = base.clone();
        long live = offsets.length;
        String file = dir.resolve(EditLog.FILE).toString();
        long at = 0;
        for (EditLog.Edit e : edits) {
            String entry = "damaged store: " + file + " at byte " + at + ": ";
            at += EditLog.ENTRY;
            if (e.ordinal() < 0 || e.ordinal() >= offsets.length) {
                throw new IOException(entry + "edits " + Document.idOf(e.ordinal()) + ", outside the store's "
                        + offsets.length + " ids");
            }
            int n = (int) e.ordinal();
            if (e.segment() >= commit.segmentLengths().size() || e.length() < RecordCodec.HEADER
                    || e.position() + e.length() > commit.segmentLengths().get(e.segment())) {
                throw new IOException(entry + Document.idOf(n) + " points outside the committed segments");
            }
            if (e.kind() == EditLog.Kind.REMOVE) {
                if (offsets[n] != e.packed()) {
                    throw new IOException(entry + "removes " + Document.idOf(n) + " from where it does not lie");
                }
                offsets[n] = REMOVED;
                live--;
            } else {
                if (offsets[n] != REMOVED) {
                    throw new IOException(entry + "restores " + Document.idOf(n) + ", which was not removed");
                }
                offsets[n] = e.packed();
                live++;
            }
        }
        return new StoreView(commit, offsets, live);
    }

    StoreCommit commit() {
        return commit;
    }

    /** The id space: documents ever stored, removed or not. */
    long size() {
        return offsets.length;
    }

    long live() {
        return live;
    }

    boolean removed(long n) {
        return offsets[Math.toIntExact(n)] == REMOVED;
    }

    /** Where the {@code n}-th document's record lies, or {@link #REMOVED}. */
    long offset(long n) {
        return offsets[Math.toIntExact(n)];
    }

    /** A copy of where every document lies now, for an editor to change. */
    long[] offsetsCopy() {
        return offsets.clone();
    }

    long committedLength(int segment) {
        return commit.segmentLengths().get(segment);
    }
}
