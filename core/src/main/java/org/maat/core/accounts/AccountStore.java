package org.maat.core.accounts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Semaphore;
import org.maat.core.AtomicFile;
import org.maat.core.ReloadedFile;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataDirException;

/**
 * The password hashes of a data directory's accounts ({@code DATA/accounts}: one
 * {@code USER TAB ARGON2ID-PHC-STRING} line per account), read again whenever the file changes
 * ({@link ReloadedFile}), so a running front-end signs in no account the command line removed. Accounts may be
 * {@link #remove removed} and {@link #restore restored} (a disguise deleting and bringing back a
 * log-in): each change rewrites the file atomically ({@link AtomicFile}: a crash leaves the file
 * before or after it) and is seen by every thread using this store as soon as the call returns
 * (the map is copied on write and published at once). Changes go through one store per data
 * directory: two stores of one directory changing it would each overwrite the other's changes.
 *
 * <p>{@link #authenticate} takes about as long for an unknown user as for a wrong password, so a
 * caller cannot tell which principals have accounts by timing (removed ones included). At most one
 * verification per core runs at a time (each takes its hash's memory cost, 19 MiB by default), so a
 * burst of sign-ins queues rather than exhausting the heap. Thread-safe.
 */
public final class AccountStore {

    private final DataDir data;
    /** The accounts file as it is now: replaced whole on each change, never changed in place; readers take it once. */
    private final ReloadedFile<Map<String, String>> hashes;
    private final Semaphore verifying = new Semaphore(Runtime.getRuntime().availableProcessors());
    /**
     * Verified against when the user is unknown, so both failures cost one Argon2id evaluation. Fixed
     * at opening (a stored hash, so it costs what the stored ones cost); it stays in memory only, and
     * verifying against it never signs anyone in, even if its account was removed since.
     */
    private final String decoy;

    private AccountStore(DataDir data, ReloadedFile<Map<String, String>> hashes) {
        this.data = data;
        this.hashes = hashes;
        Map<String, String> now = hashes.current();
        this.decoy = now.isEmpty() ? PasswordHasher.standard().hash("decoy") : now.values().iterator().next();
    }

    /**
     * Reads the accounts of {@code data}, and reads them again whenever the file changes (another process, the
     * command line, removed or restored an account): a clear error naming the file and line when it is missing or
     * damaged.
     */
    public static AccountStore open(DataDir data) {
        return new AccountStore(data, new ReloadedFile<>(data.accounts(), AccountStore::parse));
    }

    private static Map<String, String> parse(Path file) {
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
        return Collections.unmodifiableMap(hashes);
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
        String hash = hashes.current().get(user);
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

    /** The principals that have an account now (a snapshot). */
    public Set<String> users() {
        return hashes.current().keySet();
    }

    /** {@code user}'s password hash (PHC string), if it has an account. */
    public Optional<String> hashOf(String user) {
        return Optional.ofNullable(hashes.current().get(user));
    }

    /**
     * Removes {@code user}'s account, durably, and returns its hash (to keep for {@link #restore}).
     * From the return on, no thread can sign in as {@code user}.
     *
     * @throws IllegalArgumentException if {@code user} has no account
     */
    public synchronized String remove(String user) throws IOException {
        Map<String, String> next = new TreeMap<>(hashes.current());
        String hash = next.remove(user);
        if (hash == null) {
            throw new IllegalArgumentException("no account " + user + " in " + data.accounts());
        }
        write(data, next);
        return hash;
    }

    /**
     * Gives {@code user} back its account with the password hash {@code hash}, durably.
     *
     * @throws IllegalStateException if {@code user} has an account (it was created again since)
     * @throws IllegalArgumentException if {@code user} or {@code hash} cannot be an account line
     */
    public synchronized void restore(String user, String hash) throws IOException {
        if (user == null || user.isEmpty() || user.contains("\t") || user.contains("\n") || user.startsWith("#")
                || hash == null || !hash.startsWith("$argon2id$") || hash.contains("\t") || hash.contains("\n")) {
            throw new IllegalArgumentException("cannot restore account '" + user + "': expected a user name and an "
                    + "$argon2id$ PHC string");
        }
        if (hashes.current().containsKey(user)) {
            throw new IllegalStateException("account " + user + " exists in " + data.accounts() + ": not restored");
        }
        Map<String, String> next = new TreeMap<>(hashes.current());
        next.put(user, hash);
        write(data, next);
    }
}
