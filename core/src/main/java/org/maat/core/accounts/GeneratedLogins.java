package org.maat.core.accounts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataDirException;

/**
 * The test logins {@code maat generate} created, in clear, in {@code DATA/logins.txt} (one
 * {@code USER TAB PASSWORD} line each), readable by the file's owner only (mode 0600 where the file
 * system has POSIX permissions). Demos and benchmarks sign in with them; a real deployment deletes
 * the file and keeps {@link AccountStore}'s hashes.
 */
public final class GeneratedLogins {

    private GeneratedLogins() {
    }

    /** Every generated login of {@code data}, in file order; a clear error if the file is missing or damaged. */
    public static List<Login> read(DataDir data) {
        Path file = data.logins();
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new DataDirException(file + ": no generated logins in this data directory (generated before "
                    + "accounts existed, or the file was deleted)");
        } catch (IOException e) {
            throw new DataDirException(file + ": cannot read: " + e.getMessage());
        }
        List<Login> logins = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\t", -1);
            if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
                throw new DataDirException(file + ", line " + (i + 1) + ": expected USER<TAB>PASSWORD");
            }
            logins.add(new Login(parts[0], parts[1]));
        }
        return logins;
    }

    /** The generated login of {@code user}, if it has one. */
    public static Optional<Login> of(DataDir data, String user) {
        return read(data).stream().filter(l -> l.user().equals(user)).findFirst();
    }

    /**
     * Drops {@code user}'s line, if the file exists and has one (an account deleted or anonymized must not
     * stay named in clear here); idempotent, atomic. The user's password is not kept anywhere: an account
     * restored later signs in with the password its hash was made from, which the user knows.
     */
    public static void forget(DataDir data, String user) throws IOException {
        if (!Files.exists(data.logins())) {
            return;
        }
        List<Login> logins = read(data);
        if (logins.removeIf(l -> l.user().equals(user))) {
            write(data, logins);
        }
    }

    /** Writes {@code logins} atomically; the file is created owner-only before any password is written. */
    static void write(DataDir data, List<Login> logins) throws IOException {
        Path target = data.logins();
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.deleteIfExists(tmp);
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(tmp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(tmp);
        }
        StringBuilder text = new StringBuilder("# Maat generated test logins (user, password). Keep private.\n");
        for (Login l : logins) {
            text.append(l.user()).append('\t').append(l.password()).append('\n');
        }
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }
}
