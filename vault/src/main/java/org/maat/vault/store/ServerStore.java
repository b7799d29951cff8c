package org.maat.vault.store;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.h2.mvstore.DataUtils;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
import org.h2.mvstore.MVStoreTool;
import org.maat.vault.VaultException;

/**
 * One vault server's durable store ({@code DIR/server-I/store.mv.db}): four maps of JSON documents by key,
 * one per {@link Kind}. The documents' meaning belongs to the access-control and storage servers; this class
 * keeps them.
 *
 * <p>What it guarantees:
 * <ul>
 *   <li>Every write is committed and synced to disk (MVStore's {@code commit()} writes the chunk in the
 *       calling thread, {@code sync()} forces the file) before it returns: an acknowledged write survives
 *       SIGKILL and power loss. Writes are serialized; reads never wait for them.
 *   <li>A file that is not a vault store, or that MVStore cannot read, fails {@link #open} with a
 *       {@link VaultException} naming the file; it is never recreated or rewritten. Only a missing or empty
 *       file becomes a new store. The file stays locked against other openers until {@link #close}.
 * </ul>
 * Thread-safe.
 */
public final class ServerStore implements AutoCloseable {

    /** The kinds of document a server keeps, each in its own map. */
    public enum Kind {
        /** ACS: verifier id -> verifier. */
        VERIFIERS("verifiers"),
        /** ACS: object -> permissions (action -> verifier ids). */
        PERMISSIONS("permissions"),
        /** SS: collection name -> its ACSs and quorum. */
        COLLECTIONS("collections"),
        /** SS: "collection/secret" -> the stored share record. */
        SECRETS("secrets");

        private final String mapName;

        Kind(String mapName) {
            this.mapName = mapName;
        }
    }

    private static final String INFO = "vaultStore";
    private static final String FORMAT_KEY = "format";
    private static final String FORMAT = "1";
    /** A file this large is compacted when opened (it grows a few KB per write). */
    static final long COMPACT_ABOVE_BYTES = 64L << 20;

    private final Path file;
    private final MVStore mvStore;
    private final Map<Kind, MVMap<String, String>> maps;
    private final Object writeLock = new Object();

    private ServerStore(Path file, MVStore mvStore, Map<Kind, MVMap<String, String>> maps) {
        this.file = file;
        this.mvStore = mvStore;
        this.maps = maps;
    }

    /**
     * Opens the store in {@code file}, creating it (and its directory) if the file is missing or empty.
     *
     * @throws VaultException naming the file if it is locked, damaged or not a vault store
     */
    public static ServerStore open(Path file) {
        return open(file, null);
    }

    /**
     * Like {@link #open(Path)}, with MVStore told to keep the file space of replaced chunks for only
     * {@code retention} before it may reuse it (null: MVStore's 45 s). This store never reuses that space (see
     * {@link #openMvStore}); a test sets 0 to show that holds from the first write rather than after 45 s.
     */
    static ServerStore open(Path file, java.time.Duration retention) {
        if (length(file) > COMPACT_ABOVE_BYTES) {
            compact(file);
        }
        boolean create = length(file) <= 0;
        if (create && file.getParent() != null) {
            try {
                Files.createDirectories(file.getParent());
            } catch (java.io.IOException e) {
                throw new VaultException("cannot create the directory of store " + file + ": " + e.getMessage(), e);
            }
        }
        MVStore mvStore = openMvStore(file);
        if (retention != null) {
            mvStore.setRetentionTime((int) Math.min(Integer.MAX_VALUE, retention.toMillis()));
        }
        try {
            Set<String> names = new TreeSet<>(mvStore.getMapNames());
            if (!create && !names.contains(INFO)) {
                throw damaged(file, names.isEmpty() ? "MVStore finds no maps in it (cut short or overwritten?)"
                        : "it is an MVStore file of something else (maps " + names + ")", null);
            }
            MVMap<String, String> info = mvStore.openMap(INFO);
            Map<Kind, MVMap<String, String>> maps = new EnumMap<>(Kind.class);
            for (Kind kind : Kind.values()) {
                if (!create && !names.contains(kind.mapName)) {
                    throw damaged(file, "its map '" + kind.mapName + "' is missing", null);
                }
                maps.put(kind, mvStore.openMap(kind.mapName));
            }
            if (create) {
                info.put(FORMAT_KEY, FORMAT);
                mvStore.commit();
                mvStore.sync();
            } else if (!FORMAT.equals(info.get(FORMAT_KEY))) {
                throw new VaultException("cannot open vault store " + file + ": its format is " + info.get(FORMAT_KEY)
                        + " and this version of Maat reads format " + FORMAT);
            }
            return new ServerStore(file, mvStore, maps);
        } catch (MVStoreException e) {
            mvStore.closeImmediately();
            throw damaged(file, "MVStore cannot read it (" + e.getMessage() + ")", e);
        } catch (RuntimeException | Error e) {
            mvStore.closeImmediately();
            throw e;
        }
    }

    /**
     * Rewrites the store in {@code file} with only its live documents (MVStore's offline compaction: a new file
     * written beside it, then renamed over it, so a kill during it leaves the old file as it was). The file
     * grows by a chunk per write, since space is never reused; {@link #open} does this when it is large. A store
     * that cannot be compacted (locked, damaged) is left for {@link #open} to report.
     */
    static void compact(Path file) {
        try {
            MVStoreTool.compact(file.toString(), false);
        } catch (RuntimeException e) {
            // open() names the problem (locked by a running server, damaged) with its own message
        }
    }

    public Path file() {
        return file;
    }

    /** The document of {@code key}, as last committed. */
    public Optional<String> get(Kind kind, String key) {
        return reading(() -> Optional.ofNullable(maps.get(kind).get(key)));
    }

    /** Stores {@code value} unless {@code key} has a document; true if it stored it. Durable on return. */
    public boolean putIfAbsent(Kind kind, String key, String value) {
        synchronized (writeLock) {
            if (reading(() -> maps.get(kind).containsKey(key))) {
                return false;
            }
            write(() -> maps.get(kind).put(key, value));
            return true;
        }
    }

    /** Stores {@code value} as {@code key}'s document; returns the one it replaced. Durable on return. */
    public Optional<String> put(Kind kind, String key, String value) {
        synchronized (writeLock) {
            return Optional.ofNullable(write(() -> maps.get(kind).put(key, value)));
        }
    }

    /**
     * Replaces {@code key}'s document only if it is still {@code expected} (null: absent) by {@code value}
     * (null: removes it); true if it did. Durable on return.
     */
    public boolean replace(Kind kind, String key, String expected, String value) {
        synchronized (writeLock) {
            String current = reading(() -> maps.get(kind).get(key));
            if (!java.util.Objects.equals(current, expected)) {
                return false;
            }
            if (java.util.Objects.equals(current, value)) {
                return true;
            }
            write(() -> value == null ? maps.get(kind).remove(key) : maps.get(kind).put(key, value));
            return true;
        }
    }

    /** Removes {@code key}'s document; true if there was one. Durable on return. */
    public boolean remove(Kind kind, String key) {
        synchronized (writeLock) {
            if (!reading(() -> maps.get(kind).containsKey(key))) {
                return false;
            }
            write(() -> maps.get(kind).remove(key));
            return true;
        }
    }

    /** How many documents of {@code kind} there are. */
    public long count(Kind kind) {
        return reading(() -> maps.get(kind).sizeAsLong());
    }

    @Override
    public void close() {
        synchronized (writeLock) {
            if (!mvStore.isClosed()) {
                mvStore.close();
            }
        }
    }

    /** Applies one change, commits and syncs it; the caller holds writeLock. */
    private <T> T write(Supplier<T> change) {
        T result;
        try {
            result = change.get();
            mvStore.commit();
        } catch (MVStoreException e) {
            rollBack();
            throw new VaultException("cannot write vault store " + file + ": " + e.getMessage(), e);
        }
        try {
            mvStore.sync();
        } catch (MVStoreException e) {
            // The change may or may not be on disk; reopening tells, so stop writing here.
            mvStore.closeImmediately();
            throw new VaultException("could not sync vault store " + file + "; the store closed itself: restart the "
                    + "server to see what is durable (" + e.getMessage() + ")", e);
        }
        return result;
    }

    private void rollBack() {
        try {
            mvStore.rollback();
        } catch (RuntimeException ignored) {
            // the write failed already; its error is the one to report
        }
    }

    private <T> T reading(Supplier<T> read) {
        try {
            return read.get();
        } catch (MVStoreException e) {
            throw damaged(file, "MVStore cannot read it (" + e.getMessage() + ")", e);
        }
    }

    private static MVStore openMvStore(Path file) {
        try {
            MVStore store = new MVStore.Builder()
                    .fileName(file.toString())
                    // Nothing written behind the caller's back: every commit is the caller's, synced.
                    .autoCommitDisabled()
                    .open();
            // Every chunk appended, none written into space freed by older ones: with reuse on (MVStore's
            // default), once freed space is older than the retention time, a SIGKILL right after a few synced
            // commits may leave them where reopening does not look, and those acknowledged writes are gone
            // (ServerStoreCrashIT). The cost is a file that grows by a chunk per write, a few KB.
            store.setReuseSpace(false);
            return store;
        } catch (MVStoreException e) {
            if (e.getErrorCode() == DataUtils.ERROR_FILE_LOCKED) {
                throw new VaultException("cannot open vault store " + file + ": it is locked, already open in this or "
                        + "another process (is the server running?)", e);
            }
            throw damaged(file, "it is not a readable MVStore file (" + e.getMessage() + ")", e);
        }
    }

    private static VaultException damaged(Path file, String why, Throwable cause) {
        return new VaultException("damaged vault store " + file + ": " + why
                + "; it was left as it is: restore it from a backup or move it away", cause);
    }

    private static long length(Path file) {
        try {
            return Files.isRegularFile(file) ? Files.size(file) : -1;
        } catch (java.io.IOException e) {
            throw new VaultException("cannot read vault store " + file + ": " + e.getMessage(), e);
        }
    }
}
