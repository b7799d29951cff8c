package org.maat.disguise.crypto;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Locale;

/**
 * A phrase a user can write down instead of keeping a key file: 32 base32 characters in eight groups
 * ({@code K7QM-2XRD-...}), 28 random (140 bits) and 4 check characters (20 bits of SHA-256 over the
 * others), so a mistyped or reordered phrase is refused as mistyped (one in a million slips through,
 * and then gives another key, which opens nothing). The private key is derived from the whole phrase
 * with HPKE's DeriveKeyPair (RFC 9180 section 7.1.3), so the same phrase always gives the same key
 * pair. Case, spaces and dashes do not matter when it is typed back. Maat never stores the phrase.
 */
public final class RecoveryPhrase {

    private static final char[] ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ0123456789".toCharArray();
    private static final int CHARACTERS = 32;
    private static final int CHECK_CHARACTERS = 4;
    private static final int GROUP = 4;
    private static final byte[] LABEL = "maat-disguise-recovery-1:".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String normalized;

    private RecoveryPhrase(String normalized) {
        this.normalized = normalized;
    }

    public static RecoveryPhrase generate() {
        StringBuilder s = new StringBuilder(CHARACTERS);
        for (int i = 0; i < CHARACTERS - CHECK_CHARACTERS; i++) {
            s.append(ALPHABET[RANDOM.nextInt(ALPHABET.length)]);
        }
        return new RecoveryPhrase(s.append(check(s)).toString());
    }

    /** Four base32 characters from the first 20 bits of SHA-256 over the random characters. */
    private static String check(CharSequence random) {
        byte[] h;
        try {
            h = java.security.MessageDigest.getInstance("SHA-256")
                    .digest(random.toString().getBytes(StandardCharsets.US_ASCII));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
        int bits = ((h[0] & 0xff) << 12) | ((h[1] & 0xff) << 4) | ((h[2] & 0xff) >>> 4);
        char[] c = new char[CHECK_CHARACTERS];
        for (int i = CHECK_CHARACTERS - 1; i >= 0; i--) {
            c[i] = ALPHABET[bits & 31];
            bits >>>= 5;
        }
        return new String(c);
    }

    /** Reads a phrase as typed; a clear error (never echoing it) when it has the wrong length or letters. */
    public static RecoveryPhrase parse(String typed) {
        String s = (typed == null ? "" : typed).replaceAll("[\\s-]", "").toUpperCase(Locale.ROOT);
        if (s.length() != CHARACTERS) {
            throw new IllegalArgumentException("a recovery phrase has " + CHARACTERS + " letters and digits, not " + s.length());
        }
        for (int i = 0; i < s.length(); i++) {
            if (new String(ALPHABET).indexOf(s.charAt(i)) < 0) {
                throw new IllegalArgumentException("a recovery phrase has no '" + s.charAt(i)
                        + "' (it uses A-Z without I, L, O, U, and 0-9)");
            }
        }
        String random = s.substring(0, CHARACTERS - CHECK_CHARACTERS);
        if (!check(random).equals(s.substring(CHARACTERS - CHECK_CHARACTERS))) {
            throw new IllegalArgumentException("the recovery phrase is mistyped: its check characters do not match "
                    + "(look for a wrong character or two groups swapped)");
        }
        return new RecoveryPhrase(s);
    }

    /** The phrase in groups of four, as shown to the user. */
    public String text() {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < normalized.length(); i += GROUP) {
            if (i > 0) {
                s.append('-');
            }
            s.append(normalized, i, i + GROUP);
        }
        return s.toString();
    }

    public PrivateKey privateKey() {
        byte[] phrase = normalized.getBytes(StandardCharsets.US_ASCII);
        byte[] ikm = new byte[LABEL.length + phrase.length];
        System.arraycopy(LABEL, 0, ikm, 0, LABEL.length);
        System.arraycopy(phrase, 0, ikm, LABEL.length, phrase.length);
        return PrivateKey.of(Hpke.suite().deriveKeyPair(ikm));
    }

    @Override
    public String toString() {
        return "recovery phrase (hidden)";
    }
}
