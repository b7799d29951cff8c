package org.maat.core.accounts;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.maat.core.data.DataDir;

/**
 * Creates accounts with random passwords for a list of principals: their Argon2id hashes to
 * {@code DATA/accounts} ({@link AccountStore}) and the clear logins to {@code DATA/logins.txt}
 * ({@link GeneratedLogins}). Passwords come from {@link SecureRandom}, never from the population's
 * seed, so knowing how a data directory was generated does not give its passwords.
 */
public final class AccountGenerator {

    /** No look-alike characters (0/O, 1/l/I), so a printed password can be typed back. */
    private static final String ALPHABET = "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    private static final int PASSWORD_LENGTH = 14;

    private final PasswordHasher hasher;
    private final SecureRandom random = new SecureRandom();

    public AccountGenerator(PasswordHasher hasher) {
        this.hasher = hasher;
    }

    /** Writes accounts for {@code principals} into {@code data}, replacing any, with no roles; returns their logins. */
    public List<Login> generate(DataDir data, List<String> principals) throws IOException {
        return generate(data, principals, Map.of());
    }

    /**
     * Writes accounts for {@code principals} into {@code data}, replacing any, and the {@code roles} they hold
     * ({@link AccountRoles}); returns their logins.
     */
    public List<Login> generate(DataDir data, List<String> principals, Map<String, Set<String>> roles)
            throws IOException {
        List<Login> logins = new ArrayList<>(principals.size());
        for (String p : principals) {
            logins.add(new Login(p, password()));
        }
        // Argon2id is the slow part; spread it over the cores.
        Map<String, String> hashes = new ConcurrentHashMap<>();
        logins.parallelStream().forEach(l -> hashes.put(l.user(), hasher.hash(l.password())));
        GeneratedLogins.write(data, logins);
        AccountStore.write(data, hashes);
        AccountRoles.write(data, roles);
        return logins;
    }

    private String password() {
        StringBuilder s = new StringBuilder(PASSWORD_LENGTH);
        for (int i = 0; i < PASSWORD_LENGTH; i++) {
            s.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return s.toString();
    }
}
