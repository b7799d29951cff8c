package org.maat.core.conduit;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.core.storage.StorageFiles;

/**
 * Removes documents from a written conduit store and restores them under their own ids.
 * {@link #commit()} is one atomic step: the edit log and any restored records are forced to disk, then
 * a new commit record replaces the old by write, fsync and rename; a crash at any moment leaves
 * readers the previous commit or the new one. After that commit point the removed records are
 * overwritten with zeros in place and forced, so no byte of a removed document stays in the store;
 * an erasure cut short by a crash is finished by the next editor when it opens.
 *
 * <p>One editor (or writer) at a time per store, across processes: a second gets
 * {@link StoreLockedException}. Changes not committed when the editor closes are dropped. Not
 * thread-safe.
 */
public final class ConduitStoreEditor implements AutoCloseable {

    private final Path dir;
    private final StorageFiles files;
    private final ConduitStore refreshed;
    private final long segmentBytes;
    private final StoreLock lock;
    private StoreCommit commit;
    private final long[] offsets;
    private final List<Long> lengths;
    private final List<EditLog.Edit> pending = new ArrayList<>();
    private FileChannel appending;
    private int appendingSegment = -1;

    ConduitStoreEditor(Path dir, ConduitStore refreshed) throws IOException {
        this(dir, refreshed, ConduitStoreWriter.SEGMENT_BYTES);
    }

    ConduitStoreEditor(Path dir, ConduitStore refreshed, long segmentBytes) throws IOException {
        this.dir = dir;
        this.refreshed = refreshed;
        this.segmentBytes = segmentBytes;
        this.files = StorageFiles.at(dir);
        ConduitStore.readCommit(dir, files); // not a store: say so before creating a lock file in it
        // A store written in plaintext before its directory became a volume takes no edit: refused before any.
        files.requireNoPlaintext(dir);
        this.lock = StoreLock.take(dir);
        try {
            this.commit = ConduitStore.readCommit(dir, files); // again, under the lock: the last editor may have committed
            long[] base = OffsetTable.read(dir, files, commit);
            StoreView view = StoreView.of(dir, files, commit, base);
            this.offsets = view.offsetsCopy();
            this.lengths = new ArrayList<>(commit.segmentLengths());
            dropUncommitted();
            Erasure.finish(dir, files, 0, EditLog.read(dir, files, commit.editBytes()), commit.editBytes());
        } catch (IOException | RuntimeException e) {
            lock.close();
            throw e;
        }
    }

    /** The id space of the store ({@link ConduitStore#size()}). */
    public long size() {
        return offsets.length;
    }

    /** Whether {@code id} is a document of the store, not removed (counting this editor's changes). */
    public boolean contains(String id) {
        long n = Document.ordinal(id);
        return n >= 0 && n < offsets.length && offsets[(int) n] != StoreView.REMOVED;
    }

    /**
     * Removes document {@code id}, returning it as it was stored (to keep for its restoration).
     *
     * @throws IllegalArgumentException if the store has no such id
     * @throws IllegalStateException if it is removed already
     * @throws CorruptRecordException if its record is damaged (nothing is changed then)
     */
    public Document remove(String id) throws IOException {
        int n = ordinal(id);
        long packed = offsets[n];
        if (packed == StoreView.REMOVED) {
            throw new IllegalStateException(id + " is removed already from " + dir);
        }
        int segment = OffsetTable.segment(packed);
        long position = OffsetTable.position(packed);
        Path file = ConduitStore.segmentFile(dir, segment);
        Document document;
        int length;
        try (FileChannel c = files.open(file, StandardOpenOption.READ)) {
            ByteBuffer header = ByteBuffer.allocate(RecordCodec.HEADER);
            ConduitStore.readFully(c::read, header, position, file);
            int payloadLength = RecordCodec.payloadLength(header);
            length = RecordCodec.HEADER + payloadLength;
            if (position + length > lengths.get(segment)) {
                throw new RecordCodec.BadRecord("record runs past the committed end of the segment");
            }
            ByteBuffer payload = ByteBuffer.allocate(payloadLength);
            ConduitStore.readFully(c::read, payload, position + RecordCodec.HEADER, file);
            document = RecordCodec.decode(header, payload.array(), n);
        } catch (RecordCodec.BadRecord e) {
            throw new CorruptRecordException(file, position, e.getMessage());
        }
        pending.add(new EditLog.Edit(EditLog.Kind.REMOVE, n, packed, length));
        offsets[n] = StoreView.REMOVED;
        return document;
    }

    /**
     * Puts {@code document} back under its own id, which must be removed; its record is appended to
     * the store (the removed record's place stays erased), sealed at rest with at least {@code atLeast}: what
     * the document's policy requires of the cipher (null: nothing, the volume's write cipher; ignored in a
     * plaintext store). The caller must say: the requirement was recorded only with the removed record's blocks,
     * which the removal erased, and a default would reseal a private record under a volume's weakest cipher.
     *
     * @throws IllegalArgumentException if the store has no such id
     * @throws IllegalStateException if the id is not removed
     */
    public void restore(Document document, AtRestCipher atLeast) throws IOException {
        int n = ordinal(document.id());
        if (offsets[n] != StoreView.REMOVED) {
            throw new IllegalStateException(document.id() + " is in " + dir + " (not removed): nothing to restore");
        }
        byte[] record = RecordCodec.encode(document);
        int segment = lengths.size() - 1;
        long position = lengths.get(segment);
        if (position > 0 && position + record.length > segmentBytes) {
            lengths.add(0L);
            segment++;
            position = 0;
        }
        if (position + record.length > OffsetTable.MAX_POSITION) {
            throw new IOException(dir + ": segment " + segment + " is full");
        }
        FileChannel c = appendingTo(segment);
        StorageFiles.requireAtLeast(c, atLeast);
        ByteBuffer buf = ByteBuffer.wrap(record);
        long at = position;
        while (buf.hasRemaining()) {
            at += c.write(buf, at);
        }
        long packed = OffsetTable.pack(segment, position);
        lengths.set(segment, position + record.length);
        pending.add(new EditLog.Edit(EditLog.Kind.RESTORE, n, packed, record.length));
        offsets[n] = packed;
    }

    /** Changes made since the last commit. */
    public int pending() {
        return pending.size();
    }

    /**
     * Publishes every change since the last commit in one atomic step, then erases the removed
     * records. Returns once both are on disk; an open store given to {@link ConduitStore#edit()} is
     * refreshed. Does nothing when nothing changed.
     */
    public void commit() throws IOException {
        if (pending.isEmpty()) {
            return;
        }
        if (appending != null) {
            appending.force(false);
        }
        long before = commit.editBytes();
        long logBytes = before;
        try (FileChannel log = files.open(dir.resolve(EditLog.FILE), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE)) {
            ByteBuffer entries = ByteBuffer.allocate(pending.size() * EditLog.ENTRY);
            for (EditLog.Edit e : pending) {
                entries.put(EditLog.encode(e));
            }
            entries.flip();
            long at = logBytes;
            while (entries.hasRemaining()) {
                at += log.write(entries, at);
            }
            log.force(false);
            logBytes = at;
        }
        StoreCommit next = commit.edited(lengths, logBytes);
        next.write(dir, files); // the commit point
        commit = next;
        List<EditLog.Edit> done = List.copyOf(pending);
        pending.clear();
        if (refreshed != null) {
            refreshed.refresh(); // before erasing, so this process's readers rarely meet zeroed records
        }
        Erasure.finish(dir, files, before, done, logBytes);
    }

    /** Drops uncommitted changes (their appended bytes are cut off) and releases the store. */
    @Override
    public void close() throws IOException {
        try (StoreLock l = lock) {
            if (appending != null) {
                appending.close();
            }
            if (!pending.isEmpty()) {
                pending.clear();
                dropUncommitted();
            }
        }
    }

    /** Cuts what a crashed or abandoned editor appended past the commit: bytes of records and edit entries. */
    private void dropUncommitted() throws IOException {
        List<Long> committed = commit.segmentLengths();
        for (int i = 0; ; i++) {
            Path file = ConduitStore.segmentFile(dir, i);
            if (i >= committed.size()) {
                if (!files.deleteIfExists(file)) {
                    break;
                }
                continue;
            }
            truncate(file, committed.get(i));
        }
        lengths.clear();
        lengths.addAll(committed);
        Path log = dir.resolve(EditLog.FILE);
        if (Files.exists(log)) {
            truncate(log, commit.editBytes());
        }
    }

    private void truncate(Path file, long length) throws IOException {
        try (FileChannel c = files.open(file, StandardOpenOption.WRITE)) {
            if (c.size() > length) {
                c.truncate(length);
                c.force(false);
            }
        }
    }

    private FileChannel appendingTo(int segment) throws IOException {
        if (segment != appendingSegment) {
            if (appending != null) {
                appending.force(false);
                appending.close();
            }
            appending = files.open(ConduitStore.segmentFile(dir, segment), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE);
            appendingSegment = segment;
        }
        return appending;
    }

    private int ordinal(String id) {
        long n = Document.ordinal(id);
        if (n < 0 || n >= offsets.length) {
            throw new IllegalArgumentException(dir + " has no document " + id + " (ids d0..d" + (offsets.length - 1) + ")");
        }
        return (int) n;
    }
}
