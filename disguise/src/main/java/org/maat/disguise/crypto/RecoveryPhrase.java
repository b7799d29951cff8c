package org.maat.disguise.crypto;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.Locale;

/**
 * A phrase a user can write down instead of keeping a key file: 160 random bits as 32 base32
 * characters in eight groups ({@code K7QM-2XRD-...}). The private key is derived from it with HPKE's
 * DeriveKeyPair (RFC 9180 section 7.1.3), so the same phrase always gives the same key pair. Case,
 * spaces and dashes do not matter when it is typed back; a mistyped phrase gives another key, which
 * opens nothing. Maat never stores the phrase.
 */
public final class RecoveryPhrase {

    private static final char[] ALPHABET = "ABCDEFGHJKMNPQRSTVWXYZ0123456789".toCharArray();
    private static final int CHARACTERS = 32;
    private static final int GROUP = 4;
    private static final byte[] LABEL = "maat-disguise-recovery-1:".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom RANDOM = new SecureRandom();

    private final String normalized;

    private RecoveryPhrase(String normalized) {
        this.normalized = normalized;
    }

    public static RecoveryPhrase generate() {
        StringBuilder s = new StringBuilder(CHARACTERS);
        for (int i = 0; i < CHARACTERS; i++) {
            s.append(ALPHABET[RANDOM.nextInt(ALPHABET.length)]);
        }
        return new RecoveryPhrase(s.toString());
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
