package org.maat.core.accounts;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.maat.core.AtomicFile;
import org.maat.core.ReloadedFile;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataDirException;

/**
 * The roles a data directory's accounts hold ({@code DATA/roles}: one {@code USER TAB ROLE[,ROLE...]}
 * line per account that has any), read again whenever the file changes ({@link ReloadedFile}). A role is what a web route may require beyond signing in:
 * {@value #HR} opens the ERP pages that show salaries and phone numbers or change rows. A directory
 * without the file (generated before roles existed) grants no role to anyone. A role names a principal,
 * not an account: an account removed by a disguise cannot sign in, so its role is not used.
 */
public final class AccountRoles {

    /** Human resources: reads salaries and phone numbers on the ERP pages, and inserts, updates, deletes employees. */
    public static final String HR = "hr";
    private static final Pattern ROLE = Pattern.compile("[a-z][a-z0-9-]{0,31}");

    /** The roles as they are now: the file's, read again whenever it changes; or none. */
    private final Supplier<Map<String, Set<String>>> roles;

    private AccountRoles(Supplier<Map<String, Set<String>>> roles) {
        this.roles = roles;
    }

    /** No role for anyone. */
    public static AccountRoles none() {
        return new AccountRoles(Map::of);
    }

    /**
     * Reads the roles of {@code data}, and reads them again whenever the file changes (the command line withdrew or
     * reinstated an account's roles); none when the file is absent; a clear error naming the file and line when
     * damaged.
     */
    public static AccountRoles open(DataDir data) {
        return new AccountRoles(new ReloadedFile<>(data.roles(), AccountRoles::parse)::current);
    }

    private static Map<String, Set<String>> parse(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            return Map.of();
        } catch (IOException e) {
            throw new DataDirException(file + ": cannot read: " + e.getMessage());
        }
        Map<String, Set<String>> roles = new TreeMap<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\t", -1);
            if (parts.length != 2 || parts[0].isEmpty() || parts[1].isEmpty()) {
                throw new DataDirException(file + ", line " + (i + 1) + ": expected USER<TAB>ROLE[,ROLE...]");
            }
            Set<String> held = new LinkedHashSet<>();
            for (String role : parts[1].split(",", -1)) {
                if (!ROLE.matcher(role).matches()) {
                    throw new DataDirException(file + ", line " + (i + 1) + ": '" + role + "' is not a role name "
                            + "(lower-case letters, digits and '-')");
                }
                held.add(role);
            }
            if (roles.put(parts[0], Collections.unmodifiableSet(held)) != null) {
                throw new DataDirException(file + ", line " + (i + 1) + ": account " + parts[0] + " appears twice");
            }
        }
        return Collections.unmodifiableMap(roles);
    }

    /** Writes {@code roles} (user to its roles) as the roles of {@code data}, atomically. */
    static void write(DataDir data, Map<String, Set<String>> roles) throws IOException {
        StringBuilder text = new StringBuilder("# Maat account roles: user, roles separated by ','.\n");
        new TreeMap<>(roles).forEach((user, held) -> {
            if (!held.isEmpty()) {
                text.append(user).append('\t').append(String.join(",", held)).append('\n');
            }
        });
        AtomicFile.replace(data.roles(), text);
    }

    /**
     * Takes {@code user}'s line out of the roles of {@code data}, durably (the whole file rewritten aside and
     * renamed over it, {@link AtomicFile}: a crash leaves it before or after), and returns the roles it held,
     * in order; empty, and the file left untouched, when the user holds none. A disguise removing a log-in
     * calls it, so the file no longer names the principal. Not safe against another writer of the same file.
     */
    public static List<String> withdraw(DataDir data, String user) throws IOException {
        Map<String, Set<String>> all = new TreeMap<>(parse(data.roles()));
        Set<String> held = all.remove(user);
        if (held == null) {
            return List.of();
        }
        write(data, all);
        return List.copyOf(held);
    }

    /**
     * Gives {@code user} back the {@code roles} a {@link #withdraw} returned, durably; does nothing when
     * {@code roles} is empty or the user holds exactly them already (a roll-forward running twice).
     *
     * @throws IllegalStateException if {@code user} holds other roles (given since)
     * @throws IllegalArgumentException if {@code user} or a role cannot be written on a roles line
     */
    public static void reinstate(DataDir data, String user, List<String> roles) throws IOException {
        if (roles.isEmpty()) {
            return;
        }
        if (user == null || user.isEmpty() || user.contains("\t") || user.contains("\n") || user.startsWith("#")
                || !roles.stream().allMatch(r -> r != null && ROLE.matcher(r).matches())) {
            throw new IllegalArgumentException("cannot restore the roles of '" + user + "': " + roles);
        }
        Map<String, Set<String>> all = new TreeMap<>(parse(data.roles()));
        Set<String> now = all.get(user);
        Set<String> back = new LinkedHashSet<>(roles);
        if (now != null) {
            if (List.copyOf(now).equals(List.copyOf(back))) {
                return;
            }
            throw new IllegalStateException(user + " holds roles " + now + " in " + data.roles() + ": not restored");
        }
        all.put(user, back);
        write(data, all);
    }

    /** The roles {@code user} holds (empty for an unknown user). */
    public Set<String> of(String user) {
        return user == null ? Set.of() : roles.get().getOrDefault(user, Set.of());
    }
}
