package org.maat.keys;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The default {@link KeySource}: a file holding exactly the 32 raw bytes of a key.
 *
 * <p>{@link #createIfAbsent(Path)} never overwrites an existing key (losing one loses the database):
 * a new key is written to a temporary file in the same directory, made owner-only ({@code rw-------})
 * where the file system supports POSIX permissions, forced to disk, and then linked into place in one
 * step that fails if another process got there first, in which case that process's key is used. A
 * reader therefore sees either no file or a complete key, never a partial one.
 *
 * <p>Every failure is a {@link KeyUnavailableException} whose message names the file and what is wrong
 * (missing, unreadable, wrong size). Opening a key that group or others may read logs a warning.
 */
public final class KeyFile implements KeySource {

    /** Length of a key file in bytes (AES-256 strength). */
    public static final int KEY_LENGTH = 32;

    private static final Logger LOG = LoggerFactory.getLogger(KeyFile.class);
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private final Path file;
    private final byte[] key;

    private KeyFile(Path file, byte[] key) {
        this.file = file;
        this.key = key;
    }

    /** Reads an existing key file; fails with a message naming the file if it is missing, unreadable or not 32 bytes. */
    public static KeyFile open(Path file) {
        Path absolute = file.toAbsolutePath();
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(absolute);
        } catch (NoSuchFileException e) {
            throw new KeyUnavailableException("key file " + absolute + " does not exist", e);
        } catch (AccessDeniedException e) {
            throw new KeyUnavailableException("key file " + absolute + " is not readable (permission denied)", e);
        } catch (IOException e) {
            throw new KeyUnavailableException("key file " + absolute + " cannot be read: " + e, e);
        }
        if (bytes.length != KEY_LENGTH) {
            Arrays.fill(bytes, (byte) 0);
            throw new KeyUnavailableException("key file " + absolute + " holds " + bytes.length
                    + " bytes, expected exactly " + KEY_LENGTH + " (a raw AES-256 key); is it the right file?");
        }
        warnIfShared(absolute);
        return new KeyFile(absolute, bytes);
    }

    /** Opens the key file, first creating it with 32 fresh {@link SecureRandom} bytes if it does not exist. */
    public static KeyFile createIfAbsent(Path file) {
        Path absolute = file.toAbsolutePath();
        if (Files.exists(absolute)) {
            return open(absolute);
        }
        Path dir = absolute.getParent();
        byte[] key = new byte[KEY_LENGTH];
        new SecureRandom().nextBytes(key);
        Path temp = null;
        try {
            Files.createDirectories(dir);
            temp = createOwnerOnlyTemp(dir, absolute.getFileName().toString());
            try (var channel = FileChannel.open(temp, StandardOpenOption.WRITE)) {
                channel.write(ByteBuffer.wrap(key));
                channel.force(true);
            }
            publish(temp, absolute);
        } catch (FileAlreadyExistsException raced) {
            // Another process created the key between our check and our link: theirs wins.
            Arrays.fill(key, (byte) 0);
            return open(absolute);
        } catch (IOException e) {
            Arrays.fill(key, (byte) 0);
            throw new KeyUnavailableException("cannot create key file " + absolute + ": " + e, e);
        } finally {
            if (temp != null) {
                try {
                    Files.deleteIfExists(temp);
                } catch (IOException ignored) {
                    // A leftover temporary file holds no published key; nothing reads it.
                }
            }
        }
        return new KeyFile(absolute, key);
    }

    /** Like ssh with a private key, say so when others can read the key; refusing would strand a database. */
    private static void warnIfShared(Path file) {
        try {
            if (Files.getFileStore(file).supportsFileAttributeView("posix")) {
                Set<PosixFilePermission> perms = Files.getPosixFilePermissions(file);
                if (!OWNER_ONLY.containsAll(perms)) {
                    LOG.warn("key file {} has permissions {}; only its owner should read it (chmod 600)", file,
                            PosixFilePermissions.toString(perms));
                }
            }
        } catch (IOException e) {
            LOG.debug("cannot read the permissions of key file {}: {}", file, e.toString());
        }
    }

    private static Path createOwnerOnlyTemp(Path dir, String name) throws IOException {
        boolean posix = dir.getFileSystem().supportedFileAttributeViews().contains("posix");
        FileAttribute<?>[] attrs = posix
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(OWNER_ONLY)}
                : new FileAttribute<?>[0];
        return Files.createTempFile(dir, "." + name + ".", ".tmp", attrs);
    }

    /** Makes the complete temporary file visible under its final name without replacing an existing one. */
    private static void publish(Path temp, Path target) throws IOException {
        try {
            Files.createLink(target, temp);
        } catch (UnsupportedOperationException noHardLinks) {
            // Without hard links an atomic rename is the best available; it cannot refuse to replace,
            // so re-check first (the race window is the rename alone).
            if (Files.exists(target)) {
                throw new FileAlreadyExistsException(target.toString());
            }
            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
        }
    }

    /** The file this key was read from or written to. */
    public Path file() {
        return file;
    }

    @Override
    public byte[] key() {
        return key.clone();
    }

    @Override
    public String describe() {
        return "key file " + file;
    }

    @Override
    public String toString() {
        return describe();
    }
}
