package org.maat.core.shard;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.Set;

/**
 * The secret a front-end and its shard servers share, so that a shard answers only the front-end
 * ({@link ShardRequestAuth}): 256 random bits, written as 64 hex digits. It travels in a file only
 * its owner may read (mode 0600; a file others may read is refused, as ssh refuses a readable key) or
 * in the environment variable {@value #ENVIRONMENT}; never on a command line, where {@code ps} shows it.
 * {@link #toString} never shows it. Immutable.
 */
public final class ShardSecret {

    /** The environment variable {@code maat shard} reads the secret from when no file is given. */
    public static final String ENVIRONMENT = "MAAT_SHARD_SECRET";
    private static final int BYTES = 32;
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Set<PosixFilePermission> OWNER_ONLY = EnumSet.of(PosixFilePermission.OWNER_READ,
            PosixFilePermission.OWNER_WRITE);

    private final byte[] key;

    private ShardSecret(byte[] key) {
        this.key = key;
    }

    /** A fresh random secret. */
    public static ShardSecret generate() {
        byte[] key = new byte[BYTES];
        RANDOM.nextBytes(key);
        return new ShardSecret(key);
    }

    /**
     * Reads 64 hex digits (surrounding white space ignored).
     *
     * @param where names the source in the error, e.g. a file or {@value #ENVIRONMENT}
     * @throws IllegalArgumentException saying what is wrong, without echoing the text
     */
    public static ShardSecret parse(String text, String where) {
        String hex = text == null ? "" : text.strip();
        if (hex.length() != 2 * BYTES) {
            throw new IllegalArgumentException(where + ": a shard secret is " + 2 * BYTES + " hex digits, not "
                    + hex.length() + " characters");
        }
        try {
            return new ShardSecret(HexFormat.of().parseHex(hex));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": a shard secret is " + 2 * BYTES + " hex digits (0-9, a-f)");
        }
    }

    /**
     * Reads the secret in {@code file}.
     *
     * @throws IOException if it cannot be read, is malformed, or others than its owner may read or write it
     */
    public static ShardSecret read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException("no shard secret file at " + file);
        }
        PosixFileAttributeView posix = Files.getFileAttributeView(file, PosixFileAttributeView.class);
        if (posix != null) {
            Set<PosixFilePermission> permissions = posix.readAttributes().permissions();
            if (!OWNER_ONLY.containsAll(permissions)) {
                throw new IOException("shard secret file " + file + " has mode "
                        + PosixFilePermissions.toString(permissions) + "; others may read it: chmod 600 " + file);
            }
        }
        try {
            return parse(Files.readString(file, StandardCharsets.US_ASCII), file.toString());
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Reads {@code file}, or, when there is none, writes a fresh secret there (mode 0600) and returns it. */
    public static ShardSecret readOrCreate(Path file) throws IOException {
        if (!Files.exists(file)) {
            ShardSecret fresh = generate();
            try {
                fresh.writeNew(file);
                return fresh;
            } catch (FileAlreadyExistsException raced) {
                // another process made it first: use theirs
            }
        }
        return read(file);
    }

    /** Writes this secret to a new file that only its owner may read (mode 0600 where POSIX). */
    public void writeNew(Path file) throws IOException {
        byte[] text = (HexFormat.of().formatHex(key) + "\n").getBytes(StandardCharsets.US_ASCII);
        if (file.getFileSystem().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
        } else {
            Files.createFile(file);
        }
        Files.write(file, text);
    }

    byte[] key() {
        return key.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ShardSecret other && MessageDigest.isEqual(key, other.key);
    }

    @Override
    public int hashCode() {
        return 0; // no hint of the key
    }

    @Override
    public String toString() {
        return "ShardSecret[hidden]";
    }
}
