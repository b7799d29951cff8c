package org.maat.atrest.file;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The configuration as this process last read it, read again when {@code atrest.json} changes (another
 * process's switch): the file's identity, modification time and size are checked at most every
 * {@value #CHECK_MILLIS} ms, so the check costs one stat now and then on the hot path. {@link #current} never
 * returns null: it reads one immutable snapshot (configuration and the file stamp it came from) that a refresh
 * replaces whole, and a refresh that finds the file missing for a moment (a writer between unlink and rename on
 * a file system without atomic replace) keeps the previous snapshot.
 *
 * <p>Every read is authenticated under the volume key ({@link VolumeConfig#read}): a configuration not written by
 * the key holder is an error, and the snapshot before it stays. Once this process has read (or written) a
 * configuration allowing no plaintext files, it never allows them again, even if an older authenticated
 * {@code atrest.json} is put back: {@code endPlaintext} is one-way for a running volume. Every write takes a
 * generation past every one this process read or wrote, and past the file's ({@link VolumeConfig#generation}),
 * and a configuration of a lower generation than one this process has read or written is refused, an error naming
 * the file (its snapshot stays, and so does the error until the file is right again): a copy of the file from
 * before a switch, put back while the volume runs, undoes nothing. A process started after such a rollback cannot
 * know it (nothing outside the files records it).
 */
public final class ConfigFile {

    static final long CHECK_MILLIS = 50;

    /** One read of the file: never changed, only replaced. */
    private static final class Snapshot {
        final VolumeConfig config;
        /** The file's identity, mtime and size when read; null: read again at the next check. */
        final Object stamp;
        final long checkedAt;

        Snapshot(VolumeConfig config, Object stamp, long checkedAt) {
            this.config = config;
            this.stamp = stamp;
            this.checkedAt = checkedAt;
        }
    }

    private final Path file;
    private final VolumeKey key;
    /** Whether a configuration allowing no plaintext files was seen: one-way, whatever is read later. */
    private volatile boolean plaintextEnded;
    /** The highest generation this process read or wrote: a lower one is an older copy put back. */
    private volatile long highestGeneration;
    /** Final, so a thread given this object by a race still sees the first snapshot, never null. */
    private final AtomicReference<Snapshot> snapshot;

    /** The configuration in {@code file}, authenticated under {@code key}. */
    public ConfigFile(Path file, VolumeKey key) throws IOException {
        this.file = file;
        this.key = key;
        Object stamp = stamp(file);
        this.snapshot = new AtomicReference<>(new Snapshot(read(), stamp, System.nanoTime()));
    }

    /** The file, authenticated, with plaintext files kept ended once this process saw them end. */
    private VolumeConfig read() throws IOException {
        VolumeConfig c = VolumeConfig.read(file, key);
        if (c.generation < highestGeneration) {
            throw new IOException(file + ": an older at-rest configuration (generation " + c.generation + ") than one"
                    + " this volume has read or written (generation " + highestGeneration + "): put back from a copy"
                    + " while the volume is open: refused");
        }
        highestGeneration = c.generation;
        if (!c.plaintextAllowed) {
            plaintextEnded = true;
        }
        return plaintextEnded && c.plaintextAllowed ? c.withoutPlaintext() : c;
    }

    public Path path() {
        return file;
    }

    /** The configuration, at most {@value #CHECK_MILLIS} ms stale; never null. */
    public VolumeConfig current() throws IOException {
        Snapshot s = snapshot.get();
        if (System.nanoTime() - s.checkedAt > CHECK_MILLIS * 1_000_000) {
            return refresh();
        }
        return s.config;
    }

    /** Checks the file now and reads it again if it changed. */
    public synchronized VolumeConfig refresh() throws IOException {
        Snapshot s = snapshot.get();
        Object now;
        try {
            now = stamp(file);
        } catch (NoSuchFileException beingReplaced) {
            return s.config; // checked again at the next call: the stamp is left as it was
        }
        if (s.stamp == null || !s.stamp.equals(now)) {
            // Read before replacing: a failed read leaves the previous snapshot in place.
            s = new Snapshot(read(), now, System.nanoTime());
        } else {
            s = new Snapshot(s.config, s.stamp, System.nanoTime());
        }
        snapshot.set(s);
        return s.config;
    }

    /**
     * Writes {@code config} atomically, as the generation after both the highest this process has seen and the
     * file's (another process's write it has not read yet), and makes it current here.
     */
    public synchronized void write(VolumeConfig config) throws IOException {
        long onDisk;
        try {
            onDisk = VolumeConfig.read(file, key).generation;
        } catch (IOException unreadable) {
            onDisk = 0; // damaged or missing: replaced by this write
        }
        config.withGeneration(Math.max(highestGeneration, onDisk) + 1).write(file, key);
        Snapshot s = snapshot.get();
        snapshot.set(new Snapshot(s.config, null, s.checkedAt)); // read it again now
        refresh();
    }

    /** rename() gives a new inode; mtime and size catch writes in place. */
    private static Object stamp(Path file) throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        return List.of(String.valueOf(a.fileKey()), a.lastModifiedTime(), a.size());
    }
}
