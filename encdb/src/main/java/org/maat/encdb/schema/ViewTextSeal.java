package org.maat.encdb.schema;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Seals the text of a view before the catalog stores it in H2, with AES-256-GCM under a key of its own (derived
 * from the master key for this one purpose) and a fresh 96-bit nonce per write. The driver expands views itself,
 * so the server never needs their text: a view's constants, select list and conditions are not in H2 in
 * plaintext; only its name and the length of its text are.
 *
 * <p>Guaranteed: a sealed text opens only under the key that sealed it, unaltered, and only as the text of the
 * view it was sealed for (the view's name is the associated data, so two views' texts cannot be swapped).
 * Text stored without the {@value #PREFIX} mark (a catalog written before views were sealed) is read as it is.
 */
public final class ViewTextSeal {

    static final String PREFIX = "maat-sealed-v1:";
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;

    private final SecretKeySpec key;
    private final SecureRandom random = new SecureRandom();

    /** {@code key}: 32 bytes used for nothing else. */
    public ViewTextSeal(byte[] key) {
        if (key.length != 32) {
            throw new IllegalArgumentException("a view text key is 32 bytes, not " + key.length);
        }
        this.key = new SecretKeySpec(key.clone(), "AES");
    }

    /** The stored form of {@code view}'s text. */
    String seal(String view, String text) throws SQLException {
        byte[] nonce = new byte[NONCE_BYTES];
        random.nextBytes(nonce);
        byte[] sealed = run(Cipher.ENCRYPT_MODE, view, nonce, text.getBytes(StandardCharsets.UTF_8));
        byte[] out = Arrays.copyOf(nonce, NONCE_BYTES + sealed.length);
        System.arraycopy(sealed, 0, out, NONCE_BYTES, sealed.length);
        return PREFIX + Base64.getEncoder().encodeToString(out);
    }

    /** {@code view}'s text from its stored form. */
    String open(String view, String stored) throws SQLException {
        if (!stored.startsWith(PREFIX)) {
            return stored;
        }
        byte[] in;
        try {
            in = Base64.getDecoder().decode(stored.substring(PREFIX.length()));
        } catch (IllegalArgumentException e) {
            in = new byte[0];
        }
        if (in.length < NONCE_BYTES) {
            throw new SQLException("the stored text of view " + view + " is damaged", "XX001");
        }
        byte[] text = run(Cipher.DECRYPT_MODE, view, Arrays.copyOf(in, NONCE_BYTES),
                Arrays.copyOfRange(in, NONCE_BYTES, in.length));
        return new String(text, StandardCharsets.UTF_8);
    }

    private byte[] run(int mode, String view, byte[] nonce, byte[] input) throws SQLException {
        try {
            Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
            c.init(mode, key, new GCMParameterSpec(TAG_BITS, nonce));
            c.updateAAD(view.getBytes(StandardCharsets.UTF_8));
            return c.doFinal(input);
        } catch (javax.crypto.AEADBadTagException e) {
            throw new SQLException("the stored text of view " + view + " does not open under this master key "
                    + "(another key, or altered)", "28000");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM unavailable", e);
        }
    }
}
