package org.maat.policy.store;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.h2.mvstore.Cursor;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
import org.h2.store.fs.FilePath;
import org.h2.store.fs.FileUtils;
import org.maat.policy.Conduit;
import org.maat.policy.ConduitCatalog;
import org.maat.policy.facts.Fact;
import org.maat.policy.facts.FactIndex;
import org.maat.policy.facts.FactSource;
import org.maat.policy.lang.PolicyId;

/**
 * The policy monitor's durable store, one H2 MVStore file holding the conduits (by id, and by name,
 * names being unique), the canonical text of every policy (by {@link PolicyId}) and the fact
 * relations, with the facts also kept in memory in a {@link FactIndex} for the evaluator.
 *
 * <p>What it guarantees:
 * <ul>
 *   <li>Changes are made only by {@link Batch#commit()}, one batch at a time, all or nothing: when
 *       a commit returns its changes are synced to disk; if the process dies during a commit, the
 *       store reopens as it was after the previous one.
 *   <li>A batch that breaks a rule (a taken name, another text for a stored policy id) is rejected
 *       before anything is written.
 *   <li>Readers never block on a commit and never see part of a batch or a batch not yet durable:
 *       every read is served from the last committed version. {@link #facts()} changes once per
 *       committed batch that changes facts, and its version grows only then.
 *   <li>A damaged file is never repaired, recreated or written: {@link #openReadOnly} and
 *       {@link #openSnapshot} never write it, {@link #open} creates a store only where no file (or an
 *       empty one) exists, and a file that lacks a policy store's maps, fails MVStore's checks when
 *       opened, or fails them on a later read is a {@link PolicyStoreException} whose message starts
 *       {@code damaged store: FILE}. A file cut back to a complete older version opens as that
 *       version; {@link #commitCount()} lets a caller that knows the expected count tell.
 * </ul>
 * Thread-safe. Reads are not ordered with the fact index: right after a commit, a reader may see
 * the batch's conduits a moment before its facts.
 */
public final class PolicyStore implements ConduitCatalog, AutoCloseable {

    /** Facts are moved into the index in slices so loading never holds two copies of them all. */
    private static final int LOAD_SLICE = 10_000;

    /** Numbers the in-memory copies of {@link #openSnapshot}, so that two snapshots never share a file. */
    private static final AtomicLong SNAPSHOTS = new AtomicLong();

    private final Path file;
    private final MVStore mvStore;
    private final StoreMaps live;
    private final FactIndex factIndex;
    private final Runnable beforeCommit;
    /** Where a snapshot's in-memory copy lives, deleted at close; null for a store opened on its file. */
    private final String snapshotCopy;
    /** False for a snapshot and a store opened read-only: {@link #batch()} fails. */
    private final boolean writable;
    private final Object commitLock = new Object();
    /** Whether this opener committed or compacted: only then may closing write the file. Guarded by commitLock. */
    private boolean wrote;
    /** The last committed version of the maps, or null once closed. */
    private volatile StoreMaps committed;

    private PolicyStore(Path file, MVStore mvStore, StoreMaps live, FactIndex factIndex, Runnable beforeCommit,
                        String snapshotCopy) {
        this.file = file;
        this.snapshotCopy = snapshotCopy;
        this.writable = !mvStore.isReadOnly();
        this.mvStore = mvStore;
        this.live = live;
        this.factIndex = factIndex;
        this.beforeCommit = beforeCommit;
        this.committed = live.atVersion(mvStore.getCurrentVersion());
    }

    /**
     * Opens the store in {@code file} for writing, creating it if the file does not exist or is empty.
     * An existing file that is not a complete policy store is refused, never recreated. The file
     * stays locked against other openers until {@link #close()}.
     *
     * @throws PolicyStoreException naming the file if it is locked, is not a policy store or is damaged
     */
    public static PolicyStore open(Path file) {
        return open(file, () -> { });
    }

    /** As {@link #open(Path)}, running {@code beforeCommit} between applying a batch and committing it. */
    static PolicyStore open(Path file, Runnable beforeCommit) {
        boolean create = fileLength(file) <= 0;
        return open(file, openMvStore(file.toString(), file, false), beforeCommit, null, create);
    }

    /**
     * Opens the store in {@code file} for reading only: MVStore opens the file read-only, so nothing
     * this store does ever writes to it, damaged or not; {@link #batch()} fails. Other read-only
     * openers may share the file; a writer holding it makes this fail as locked. This is how every
     * command that only reads a data directory opens its {@code policy.db}.
     *
     * @throws PolicyStoreException naming the file if it does not exist, is locked by a writer, is not a
     *         policy store or is damaged
     */
    public static PolicyStore openReadOnly(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new PolicyStoreException("cannot open policy store " + file + ": no such file");
        }
        return open(file, openMvStore(file.toString(), file, true), () -> { }, null, false);
    }

    /**
     * Opens a snapshot of the store in {@code file}: its last commit as of this call, copied into
     * memory, so it takes no lock and works while another process or component has the store open
     * (and may be committing: a copy cut short by a commit reopens as the commit before, exactly as
     * after a crash). The snapshot is read-only ({@link #batch()} fails) and never sees later
     * commits; closing it frees the copy. This is how a shard server reads a data directory that the
     * front-end owns.
     *
     * @throws PolicyStoreException naming the file if it does not exist or is not a policy store
     */
    public static PolicyStore openSnapshot(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new PolicyStoreException("cannot open policy store " + file + ": no such file");
        }
        String copy = "memFS:maat-snapshot-" + SNAPSHOTS.incrementAndGet() + "-" + file.getFileName();
        try (OutputStream out = FilePath.get(copy).newOutputStream(false)) {
            Files.copy(file, out);
        } catch (IOException e) {
            FileUtils.delete(copy);
            throw new PolicyStoreException("cannot copy policy store " + file + ": " + e.getMessage(), e);
        }
        try {
            return open(file, openMvStore(copy, file, true), () -> { }, copy, false);
        } catch (RuntimeException | Error e) {
            FileUtils.delete(copy);
            throw e;
        }
    }

    private static PolicyStore open(Path file, MVStore mvStore, Runnable beforeCommit, String snapshotCopy,
                                    boolean create) {
        try {
            StoreMaps maps = StoreMaps.open(mvStore, file, create);
            return new PolicyStore(file, mvStore, maps, loadFacts(maps.facts()), beforeCommit, snapshotCopy);
        } catch (PolicyStoreException | Error e) {
            mvStore.closeImmediately();
            throw e;
        } catch (MVStoreException e) {
            mvStore.closeImmediately();
            throw damaged(file, e);
        } catch (RuntimeException e) {
            mvStore.closeImmediately();
            throw new PolicyStoreException("cannot open policy store " + file + ": " + e.getMessage(), e);
        }
    }

    /** The file this store lives in. */
    public Path file() {
        return file;
    }

    /** Starts a batch of changes; nothing happens until its {@link Batch#commit()}. */
    public Batch batch() {
        committed();
        if (!writable) {
            throw new IllegalStateException("policy store " + file + " is open "
                    + (snapshotCopy != null ? "as a read-only snapshot" : "read-only"));
        }
        return new Batch(this);
    }

    @Override
    public Optional<Conduit> find(String conduitId) {
        byte[] bytes;
        try { // inline rather than through reading(): this is the evaluator's hot path
            bytes = committed().conduits().get(conduitId);
        } catch (MVStoreException e) {
            throw damaged(file, e);
        }
        return bytes == null ? Optional.empty() : Optional.of(decoded(() -> ConduitCodec.decode(conduitId, bytes)));
    }

    /** The conduit that has this name; names are unique in the store. */
    public Optional<Conduit> findByName(String name) {
        StoreMaps maps = committed();
        String id = reading(() -> maps.names().get(name));
        byte[] bytes = id == null ? null : reading(() -> maps.conduits().get(id));
        return bytes == null ? Optional.empty() : Optional.of(decoded(() -> ConduitCodec.decode(id, bytes)));
    }

    public long conduitCount() {
        return reading(() -> committed().conduits().sizeAsLong());
    }

    /**
     * Every conduit in id order, read lazily from the version committed when this is called (later
     * commits do not show). The stream keeps that version's data on disk until it is closed, so
     * close it: {@code try (Stream<Conduit> all = store.conduits()) { ... }}. Reading it after the
     * store is closed fails.
     */
    public Stream<Conduit> conduits() {
        return streamCommitted(StoreMaps::conduits, ConduitCodec::decode);
    }

    /** The canonical text of the policy with this id. */
    public Optional<String> policyText(PolicyId id) {
        return Optional.ofNullable(reading(() -> committed().policies().get(id.value())));
    }

    /** Every stored policy by id. Policies are interned, so there are few and this is a copy. */
    public Map<PolicyId, String> policies() {
        Map<PolicyId, String> all = new TreeMap<>();
        reading(() -> {
            committed().policies().forEach((id, text) -> all.put(new PolicyId(id), text));
            return all;
        });
        return Collections.unmodifiableMap(all);
    }

    /** The committed facts, indexed in memory; read-only, changed only by committed batches. */
    public FactSource facts() {
        return factIndex;
    }

    /** The committed facts as stored on disk, read lazily like {@link #conduits()}; close it. */
    public Stream<Fact> storedFacts() {
        return streamCommitted(StoreMaps::facts, (key, unused) -> FactCodec.fact(key));
    }

    /** How many non-empty batches have been committed to this store since it was created. */
    public long commitCount() {
        return reading(() -> committed().commitCount());
    }

    /**
     * Rewrites the file without the space of superseded versions, for up to {@code maxMillis}: worth
     * it after a bulk load of many batches. Committed data is unaffected. Only for a store no one else is
     * reading: compaction moves chunks that a concurrent point read may be in the middle of ("Chunk N not
     * found"), and it does not erase superseded versions from the file ({@link #closeErasingSupersededVersions} does).
     */
    public void compact(int maxMillis) {
        synchronized (commitLock) {
            committed();
            wrote = true;
            mvStore.compactFile(maxMillis);
            // Compaction commits versions of its own; MVStore keeps only the last few, so the version
            // read so far may lose its chunks: read the current one (the same data) from now on.
            committed = live.atVersion(mvStore.getCurrentVersion());
        }
    }

    /**
     * Closes the file and releases its lock. Idempotent; a commit in progress finishes first. A store
     * that was only read is closed without writing (MVStore's housekeeping at close would rewrite the
     * file's header and could shrink it: on a damaged file, that destroys what is left).
     */
    @Override
    public void close() {
        synchronized (commitLock) {
            if (committed != null) {
                committed = null;
                if (wrote || mvStore.hasUnsavedChanges()) {
                    mvStore.close();
                } else {
                    mvStore.closeImmediately();
                }
                if (snapshotCopy != null) {
                    FileUtils.delete(snapshotCopy);
                }
            }
        }
    }

    /** Whether this store was opened for writing ({@link #open}); snapshots and read-only stores are not. */
    public boolean writable() {
        return writable;
    }

    /**
     * Closes the store and, if this opener committed anything, rewrites the file from its committed
     * data only ({@link ClosedFileRewrite}), so the bytes of superseded versions leave the disk: what
     * the owner of a data set that removes principals' data (a disguise) closes with.
     */
    public void closeErasingSupersededVersions() throws IOException {
        boolean changed;
        synchronized (commitLock) {
            changed = wrote && committed != null && snapshotCopy == null;
        }
        close();
        if (changed) {
            ClosedFileRewrite.rewrite(file);
        }
    }

    long commit(Batch batch) {
        synchronized (commitLock) {
            committed();
            batch.check(live);
            if (batch.isEmpty()) {
                return live.commitCount();
            }
            long count = live.commitCount() + 1;
            wrote = true;
            try {
                batch.applyTo(live);
                live.info().put(StoreMaps.COMMITS_KEY, count);
                beforeCommit.run();
                mvStore.commit();
            } catch (Error e) {
                rollBack(e);
                throw e;
            } catch (RuntimeException e) {
                rollBack(e);
                String outcome = committed == null
                        ? "; the store closed itself: reopen it to see whether the batch is durable"
                        : " and was rolled back";
                throw new PolicyStoreException("commit to policy store " + file + " failed" + outcome + ": "
                        + e.getMessage(), e);
            }
            syncOrClose();
            committed = live.atVersion(mvStore.getCurrentVersion());
            factIndex.update(batch.removedFacts(), batch.addedFacts());
            return count;
        }
    }

    private void syncOrClose() {
        try {
            mvStore.sync();
        } catch (RuntimeException e) {
            // The batch may or may not have reached the disk; only reopening can tell, so stop here.
            committed = null;
            mvStore.closeImmediately();
            throw new PolicyStoreException("could not sync policy store " + file + "; the last batch may be lost."
                    + " The store was closed: reopen it to see what is durable", e);
        }
    }

    private void rollBack(Throwable cause) {
        try {
            mvStore.rollback();
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
        if (mvStore.isClosed()) {
            // MVStore closes itself after a write error ("panic"); say so on the next call.
            committed = null;
        }
    }

    private <K, V, T> Stream<T> streamCommitted(Function<StoreMaps, MVMap<K, V>> map, BiFunction<K, V, T> decode) {
        StoreMaps maps;
        MVStore.TxCounter pin;
        // Pinned under the commit lock, so that the pinned version is the one the snapshot shows:
        // MVStore then keeps the chunks it needs on disk however long the stream is read.
        synchronized (commitLock) {
            maps = committed();
            pin = mvStore.registerVersionUsage();
        }
        return CursorStream.of(reading(() -> map.apply(maps).cursor(null)), decode, () -> {
            if (!mvStore.isClosed()) {
                mvStore.deregisterVersionUsage(pin);
            }
        }, e -> damaged(file, e));
    }

    /** Runs a read of the file; MVStore's complaint about the bytes it met becomes a damaged-store error. */
    private <T> T reading(Supplier<T> read) {
        try {
            return read.get();
        } catch (MVStoreException e) {
            throw damaged(file, e);
        }
    }

    /**
     * Decodes bytes MVStore returned: they passed its page checks, yet a changed byte inside a value still
     * breaks the decoder (a string length past the buffer's end), which is damage to the file too.
     */
    private <T> T decoded(Supplier<T> decode) {
        try {
            return decode.get();
        } catch (RuntimeException e) {
            throw PolicyStoreException.damaged(file, "a stored record does not decode (" + e + ")", e);
        }
    }

    private static PolicyStoreException damaged(Path file, MVStoreException e) {
        return PolicyStoreException.damaged(file, "MVStore cannot read it (" + e.getMessage() + ")", e);
    }

    private static long fileLength(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return -1; // absent (or unreadable, which opening reports)
        }
    }

    private StoreMaps committed() {
        StoreMaps maps = committed;
        if (maps == null) {
            throw new IllegalStateException("policy store " + file + " is closed");
        }
        return maps;
    }

    private static MVStore openMvStore(String name, Path file, boolean readOnly) {
        try {
            MVStore.Builder builder = new MVStore.Builder()
                    .fileName(name)
                    .autoCommitDisabled()
                    // Also no store when unsaved changes pile up: that would persist half a batch.
                    .autoCommitBufferSize(0);
            return (readOnly ? builder.readOnly() : builder).open();
        } catch (MVStoreException e) {
            String reason = switch (e.getErrorCode()) {
                case DataUtils.ERROR_FILE_LOCKED -> "it is locked: already open in this or another process";
                case DataUtils.ERROR_FILE_CORRUPT, DataUtils.ERROR_READING_FAILED, DataUtils.ERROR_CHUNK_NOT_FOUND,
                        DataUtils.ERROR_UNSUPPORTED_FORMAT -> null;
                default -> "the MVStore could not be opened";
            };
            if (reason == null) {
                throw PolicyStoreException.damaged(file, "it is not a readable MVStore file (" + e.getMessage() + ")", e);
            }
            if (e.getErrorCode() == DataUtils.ERROR_FILE_LOCKED) {
                // One line a user can act on, without MVStore's own text.
                throw new PolicyStoreException("cannot open policy store " + file + ": it is locked by another "
                        + "process, or elsewhere in this one (a running 'maat serve' or another maat command on this data directory): "
                        + "stop it first, or search through the running server", e);
            }
            throw new PolicyStoreException("cannot open policy store " + file + ": " + reason
                    + " (" + e.getMessage() + ")", e);
        }
    }

    private static FactIndex loadFacts(MVMap<String, String> facts) {
        FactIndex index = new FactIndex();
        List<Fact> slice = new ArrayList<>(LOAD_SLICE);
        for (Cursor<String, String> cursor = facts.cursor(null); cursor.hasNext(); ) {
            slice.add(FactCodec.fact(cursor.next()));
            if (slice.size() == LOAD_SLICE) {
                index.addAll(slice);
                slice.clear();
            }
        }
        index.addAll(slice);
        return index;
    }
}
