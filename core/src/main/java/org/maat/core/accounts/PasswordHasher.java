package org.maat.core.accounts;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import org.bouncycastle.crypto.generators.Argon2BytesGenerator;
import org.bouncycastle.crypto.params.Argon2Parameters;

/**
 * Argon2id password hashing (RFC 9106, Bouncy Castle's implementation) in the PHC string format
 * {@code $argon2id$v=19$m=MEMORY_KB,t=ITERATIONS,p=LANES$SALT$HASH} (unpadded Base64), so a stored
 * hash carries its own cost parameters and verifies after the defaults change. Each hash gets a fresh
 * random 16-byte salt; verification compares in constant time. Thread-safe.
 *
 * @param memoryKb memory cost in KiB
 * @param iterations passes over the memory
 * @param lanes parallelism
 */
public record PasswordHasher(int memoryKb, int iterations, int lanes) {

    private static final int SALT_BYTES = 16;
    private static final int HASH_BYTES = 32;
    private static final String PREFIX = "$argon2id$v=19$";
    private static final Base64.Encoder B64 = Base64.getEncoder().withoutPadding();
    private static final Base64.Decoder B64D = Base64.getDecoder();
    private static final SecureRandom RANDOM = new SecureRandom();

    public PasswordHasher {
        if (memoryKb < 8 * lanes || iterations < 1 || lanes < 1) {
            throw new IllegalArgumentException("Argon2id needs iterations >= 1, lanes >= 1 and memory >= 8 KiB per lane, not m="
                    + memoryKb + ", t=" + iterations + ", p=" + lanes);
        }
    }

    /** OWASP's recommended Argon2id setting: 19 MiB, 2 iterations, 1 lane. */
    public static PasswordHasher standard() {
        return new PasswordHasher(19 * 1024, 2, 1);
    }

    /** The PHC string of {@code password} under a fresh salt. */
    public String hash(String password) {
        byte[] salt = new byte[SALT_BYTES];
        RANDOM.nextBytes(salt);
        byte[] hash = derive(password, salt, memoryKb, iterations, lanes, HASH_BYTES);
        return PREFIX + "m=" + memoryKb + ",t=" + iterations + ",p=" + lanes + "$" + B64.encodeToString(salt) + "$"
                + B64.encodeToString(hash);
    }

    /**
     * Whether {@code password} matches {@code encoded}, under the parameters {@code encoded} names.
     *
     * @throws IllegalArgumentException if {@code encoded} is not an Argon2id PHC string
     */
    public static boolean verify(String password, String encoded) {
        if (!encoded.startsWith(PREFIX)) {
            throw new IllegalArgumentException("not an Argon2id v19 hash: it must start with " + PREFIX);
        }
        String[] parts = encoded.substring(PREFIX.length()).split("\\$", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException("an Argon2id hash has parameters, salt and hash separated by '$'");
        }
        int m = 0;
        int t = 0;
        int p = 0;
        for (String kv : parts[0].split(",", -1)) {
            String[] pair = kv.split("=", 2);
            if (pair.length != 2) {
                throw new IllegalArgumentException("bad Argon2id parameter '" + kv + "'");
            }
            int value;
            try {
                value = Integer.parseInt(pair[1]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad Argon2id parameter '" + kv + "'");
            }
            switch (pair[0]) {
                case "m" -> m = value;
                case "t" -> t = value;
                case "p" -> p = value;
                default -> throw new IllegalArgumentException("unknown Argon2id parameter '" + pair[0] + "'");
            }
        }
        new PasswordHasher(m, t, p); // checks the parameters
        byte[] salt;
        byte[] expected;
        try {
            salt = B64D.decode(parts[1]);
            expected = B64D.decode(parts[2]);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the salt or hash of an Argon2id hash is not Base64");
        }
        byte[] actual = derive(password, salt, m, t, p, expected.length);
        return MessageDigest.isEqual(actual, expected);
    }

    private static byte[] derive(String password, byte[] salt, int m, int t, int p, int length) {
        Argon2Parameters params = new Argon2Parameters.Builder(Argon2Parameters.ARGON2_id)
                .withVersion(Argon2Parameters.ARGON2_VERSION_13)
                .withSalt(salt)
                .withMemoryAsKB(m)
                .withIterations(t)
                .withParallelism(p)
                .build();
        Argon2BytesGenerator generator = new Argon2BytesGenerator();
        generator.init(params);
        byte[] pw = password.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[length];
        try {
            generator.generateBytes(pw, out);
        } finally {
            Arrays.fill(pw, (byte) 0);
        }
        return out;
    }
}
