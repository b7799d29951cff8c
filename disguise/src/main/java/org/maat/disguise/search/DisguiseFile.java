package org.maat.disguise.search;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
import org.maat.disguise.store.StoreException;

/**
 * {@code DATA/disguise.db}: one H2 MVStore holding the sealed bags (by locator storage key), the
 * principals' public keys (by principal id), the roll-forward journal of search disguises, the watches of
 * {@link Departures} (random token to a party or document still in the data), their returns and the history lines
 * sealed to them ({@link ReturnMail}).
 *
 * <p>What it guarantees: every {@link #commit} is all or nothing and synced before it returns, so a
 * bag, a registry change and a journal entry written in one commit appear together after a crash or
 * not at all. {@link #erase()} rewrites the file from its live data only (a fresh file, synced, renamed
 * over the old one), so bytes of a deleted journal entry, bag or registry entry leave the file; a
 * commit that deleted something sensitive marks the file, and opening a marked file erases first, so
 * a crash between the delete and the rewrite still ends with the bytes gone.
 *
 * <p>Thread-safe: commits are serialized; reads see the last commit.
 */
final class DisguiseFile implements AutoCloseable {

    static final String BAGS = "bags";
    static final String PRINCIPALS = "principals";
    static final String JOURNAL = "journal";
    /** {@link Departures}' watches: random token to the id of a party still in the data (or empty, spent). */
    static final String WATCHES = "watches";
    /** {@link Departures}' returns: the token of a watch a disguise took with a document, to a public key. */
    static final String RETURNS = "returns";
    /** {@link ReturnMail}: the token of a taken watch to the history lines a reveal sealed to its return. */
    static final String MAIL = "mail";
    private static final String META = "meta";
    /** In {@link #META}: present while the file may hold bytes of something deleted. */
    private static final String NEEDS_ERASE = "needs-erase";
    private static final String[] MAPS = {BAGS, PRINCIPALS, JOURNAL, WATCHES, RETURNS, MAIL, META};

    private final Path file;
    private MVStore store;

    private DisguiseFile(Path file, MVStore store) {
        this.file = file;
        this.store = store;
    }

    /** Opens (creating if absent) the file; one left marked by an interrupted erase is erased now. */
    static DisguiseFile open(Path file) {
        DisguiseFile opened = new DisguiseFile(file, openStore(file));
        if (opened.meta().containsKey(NEEDS_ERASE)) {
            opened.erase();
        }
        return opened;
    }

    Path file() {
        return file;
    }

    synchronized Optional<byte[]> get(String map, String key) {
        return Optional.ofNullable(map(map).get(key));
    }

    synchronized Map<String, byte[]> all(String map) {
        return new LinkedHashMap<>(map(map));
    }

    synchronized long count(String map) {
        return map(map).sizeAsLong();
    }

    /**
     * Makes the changes {@code edits} records durable together: synced when this returns, none of
     * them after a crash before. A change that deletes anything marks the file for {@link #erase()}.
     */
    synchronized void commit(Consumer<Edit> edits) {
        Edit edit = new Edit();
        try {
            edits.accept(edit);
            if (edit.deleted) {
                meta().put(NEEDS_ERASE, new byte[] {1});
            }
            store.commit();
            store.sync();
        } catch (MVStoreException | IllegalStateException e) {
            rollBack(e);
            throw new StoreException("disguise store " + file + ": commit failed: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            rollBack(e);
            throw e;
        }
    }

    private void rollBack(RuntimeException cause) {
        try {
            store.rollback();
        } catch (RuntimeException e) {
            cause.addSuppressed(e);
        }
    }

    /**
     * Rewrites the file from its live maps: a sibling file gets a copy of every live entry, is synced,
     * and replaces this one atomically (then the directory is synced). Superseded versions (deleted
     * bags, journal entries, forgotten keys) are not copied, so their bytes leave the file.
     */
    synchronized void erase() {
        Path tmp = file.resolveSibling(file.getFileName() + ".rewrite");
        try {
            Files.deleteIfExists(tmp);
            MVStore copy = new MVStore.Builder().fileName(tmp.toString()).autoCommitDisabled().open();
            try {
                for (String name : MAPS) {
                    MVMap<String, byte[]> to = copy.openMap(name);
                    map(name).forEach((k, v) -> {
                        if (!(name.equals(META) && k.equals(NEEDS_ERASE))) {
                            to.put(k, v);
                        }
                    });
                }
                copy.commit();
                copy.sync();
            } finally {
                copy.close();
            }
            forceFile(tmp);
            store.closeImmediately();
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            forceDirectory(file.toAbsolutePath().getParent());
            store = openStore(file);
        } catch (IOException | MVStoreException e) {
            throw new StoreException("disguise store " + file + ": cannot rewrite it: " + e.getMessage(), e);
        }
    }

    private MVMap<String, byte[]> map(String name) {
        if (store == null || store.isClosed()) {
            throw new IllegalStateException("disguise store " + file + " is closed");
        }
        return store.openMap(name);
    }

    private MVMap<String, byte[]> meta() {
        return map(META);
    }

    @Override
    public synchronized void close() {
        if (store != null && !store.isClosed()) {
            store.close();
        }
    }

    /** The changes of one {@link #commit}. */
    final class Edit {
        private boolean deleted;

        void put(String map, String key, byte[] value) {
            map(map).put(key, value);
        }

        /** Puts a value that must be new; a value already there is refused. */
        void putNew(String map, String key, byte[] value) {
            if (map(map).putIfAbsent(key, value) != null) {
                throw new StoreException("disguise store " + file + ": " + map + " already holds " + key);
            }
        }

        void remove(String map, String key) {
            if (map(map).remove(key) != null) {
                deleted = true;
            }
        }
    }

    private static MVStore openStore(Path file) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            return new MVStore.Builder()
                    .fileName(file.toString())
                    .autoCommitDisabled()
                    .autoCommitBufferSize(0)
                    .open();
        } catch (IOException | MVStoreException e) {
            throw new StoreException("cannot open disguise store " + file + ": " + e.getMessage(), e);
        }
    }

    private static void forceFile(Path f) throws IOException {
        try (FileChannel c = FileChannel.open(f, StandardOpenOption.WRITE)) {
            c.force(true);
        }
    }

    private static void forceDirectory(Path dir) {
        try (FileChannel c = FileChannel.open(dir, StandardOpenOption.READ)) {
            c.force(true);
        } catch (IOException notSupported) {
            // some file systems cannot open a directory; the rename is still atomic
        }
    }
}
