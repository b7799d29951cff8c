package org.maat.core;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * What one stat of a file says about its version: size, modification time and file key (inode).
 * Two equal stamps do not prove an unchanged file when the modification time is recent: file systems
 * keep it at a coarse granularity (a kernel tick, up to 2 s on some), so a second write within the
 * same tick can leave size and time as they were. A stamp taken {@value #SETTLE_MILLIS} ms or more
 * after the file's last modification is <em>settled</em>: a later write changes its time.
 *
 * @param takenMillis the wall-clock time the stamp was taken
 */
public record FileStamp(boolean exists, long size, long modifiedNanos, Object key, long takenMillis) {

    /** Longer than any file system's timestamp granularity that Maat runs on. */
    public static final long SETTLE_MILLIS = 2_000;

    /** Stats {@code file} (one system call); a missing file is a stamp too. */
    public static FileStamp of(Path file) throws IOException {
        long now = System.currentTimeMillis();
        try {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return new FileStamp(true, a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS), a.fileKey(), now);
        } catch (NoSuchFileException e) {
            return new FileStamp(false, 0, 0, null, now);
        }
    }

    /** Whether {@code other} names the same version, as far as a stamp can tell. */
    public boolean sameAs(FileStamp other) {
        return other != null && exists == other.exists && size == other.size && modifiedNanos == other.modifiedNanos
                && Objects.equals(key, other.key);
    }

    /** Whether a write after this stamp was taken must change the modification time. */
    public boolean settled() {
        return takenMillis - TimeUnit.NANOSECONDS.toMillis(modifiedNanos) >= SETTLE_MILLIS;
    }
}
