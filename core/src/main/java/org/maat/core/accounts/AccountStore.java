package org.maat.core.accounts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Semaphore;
import org.maat.core.AtomicFile;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataDirException;

/**
 * The password hashes of a data directory's accounts ({@code DATA/accounts}: one
 * {@code USER TAB ARGON2ID-PHC-STRING} line per account), loaded once and read-only afterwards.
 * {@link #authenticate} takes about as long for an unknown user as for a wrong password, so a
 * caller cannot tell which principals have accounts by timing. At most one verification per core
 * runs at a time (each takes its hash's memory cost, 19 MiB by default), so a burst of sign-ins queues
 * rather than exhausting the heap. Thread-safe.
 */
public final class AccountStore {

    private final Map<String, String> hashes;
    private final Semaphore verifying = new Semaphore(Runtime.getRuntime().availableProcessors());
    /** Verified against when the user is unknown, so both failures cost one Argon2id evaluation. */
    private final String decoy;

    private AccountStore(Map<String, String> hashes) {
        this.hashes = Collections.unmodifiableMap(hashes);
        this.decoy = hashes.isEmpty() ? PasswordHasher.standard().hash("decoy")
                : hashes.values().iterator().next();
    }

    /** Reads the accounts of {@code data}; a clear error naming the file and line when it is missing or damaged. */
    public static AccountStore open(DataDir data) {
        Path file = data.accounts();
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new DataDirException(file + ": no accounts in this data directory; it was generated before "
                    + "accounts existed: run 'maat generate' again");
        } catch (IOException e) {
            throw new DataDirException(file + ": cannot read: " + e.getMessage());
        }
        Map<String, String> hashes = new TreeMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\t", -1);
            if (parts.length != 2 || parts[0].isEmpty() || !parts[1].startsWith("$argon2id$")) {
                throw new DataDirException(file + ", line " + (i + 1) + ": expected USER<TAB>$argon2id$... ");
            }
            if (hashes.put(parts[0], parts[1]) != null) {
                throw new DataDirException(file + ", line " + (i + 1) + ": account " + parts[0] + " appears twice");
            }
        }
        return new AccountStore(hashes);
    }

    /** Writes {@code hashes} (user to PHC string) as the accounts of {@code data}, atomically. */
    static void write(DataDir data, Map<String, String> hashes) throws IOException {
        StringBuilder text = new StringBuilder("# Maat accounts: user, Argon2id hash (PHC string). Never passwords.\n");
        new TreeMap<>(hashes).forEach((user, hash) -> text.append(user).append('\t').append(hash).append('\n'));
        AtomicFile.replace(data.accounts(), text);
    }

    /** Whether {@code user} has an account whose password is {@code password}. */
    public boolean authenticate(String user, String password) {
        if (user == null || password == null) {
            return false;
        }
        String hash = hashes.get(user);
        verifying.acquireUninterruptibly();
        try {
            if (hash == null) {
                PasswordHasher.verify(password, decoy);
                return false;
            }
            return PasswordHasher.verify(password, hash);
        } finally {
            verifying.release();
        }
    }

    /** The principals that have an account. */
    public Set<String> users() {
        return hashes.keySet();
    }
}
