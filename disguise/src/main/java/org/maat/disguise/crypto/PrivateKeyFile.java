package org.maat.disguise.crypto;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * The user's private key in a file of one line, its text form ({@link PrivateKey#toText()}). Written
 * owner-only and never over an existing file: the user keeps it, and losing it loses what their
 * disguises hold.
 */
public final class PrivateKeyFile {

    private PrivateKeyFile() {
    }

    /** Writes {@code key} to a new file; fails, naming it, if the file exists. */
    public static void write(Path file, PrivateKey key) throws IOException {
        try {
            Files.writeString(file, key.toText() + "\n", StandardCharsets.US_ASCII, StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE);
        } catch (FileAlreadyExistsException e) {
            throw new FileAlreadyExistsException(file.toString(), null, "a key file is never overwritten");
        }
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the user's own directory protects it
        }
    }

    /** Reads a key file; errors name the file and what is wrong, never its content. */
    public static PrivateKey read(Path file) throws IOException {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.US_ASCII);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString(), null, "no such key file");
        }
        try {
            return PrivateKey.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IOException(file + ": " + e.getMessage());
        }
    }
}
