package org.maat.atrest.file;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;

/**
 * The configuration as this process last read it, read again when {@code atrest.json} changes (another
 * process's switch): the file's identity, modification time and size are checked at most every
 * {@value #CHECK_MILLIS} ms, so the check costs one stat now and then on the hot path.
 */
public final class ConfigFile {

    static final long CHECK_MILLIS = 50;

    private final Path file;
    private volatile VolumeConfig current;
    private volatile long checkedAt;
    private Object stamp;

    public ConfigFile(Path file) throws IOException {
        this.file = file;
        refresh();
    }

    public Path path() {
        return file;
    }

    /** The configuration, at most {@value #CHECK_MILLIS} ms stale. */
    public VolumeConfig current() throws IOException {
        if (System.nanoTime() - checkedAt > CHECK_MILLIS * 1_000_000) {
            refresh();
        }
        return current;
    }

    /** Checks the file now and reads it again if it changed. */
    public synchronized VolumeConfig refresh() throws IOException {
        BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
        // rename() gives a new inode; mtime and size catch writes in place.
        Object s = java.util.List.of(String.valueOf(a.fileKey()), a.lastModifiedTime(), a.size());
        if (current == null || stamp == null || !Objects.equals(s, stamp)) {
            current = VolumeConfig.read(file);
            stamp = s;
        }
        checkedAt = System.nanoTime();
        return current;
    }

    /** Writes {@code config} atomically and makes it current here. */
    public synchronized void write(VolumeConfig config) throws IOException {
        config.write(file);
        stamp = null; // read it again now (never null current: readers call current() without the lock)
        refresh();
    }
}
