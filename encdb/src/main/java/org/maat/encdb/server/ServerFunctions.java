package org.maat.encdb.server;

import java.util.Arrays;
import org.maat.encdb.onion.Det;
import org.maat.encdb.onion.PaillierPublicKey;
import org.maat.encdb.onion.Rnd;
import org.maat.encdb.onion.Swp;

/**
 * The functions the encrypted layer registers in H2 with {@code CREATE ALIAS}, run inside H2 on
 * ciphertexts: peeling a layer with a key the driver sends when a query first needs the layer below,
 * SEARCH matching, and HOM arithmetic with the public modulus. For example:
 * <pre>
 * CREATE ALIAS MAAT_PEEL_RND FOR "org.maat.encdb.server.ServerFunctions.peelRnd";
 * UPDATE EMPLOYEES SET SALARY_ORD = MAAT_PEEL_RND(SALARY_ORD, ?, SALARY_IV);
 * </pre>
 *
 * <p>Every function returns SQL NULL for a NULL ciphertext, and fails (which aborts the statement, so
 * a peel never half-applies inside a transaction) on a ciphertext that is not under the given key.
 * None keeps a key beyond the call except a per-thread copy of the last one, so a long UPDATE does not
 * redo the key schedule for every row.
 */
public final class ServerFunctions {

    private static final ThreadLocal<KeyedRnd> RND = new ThreadLocal<>();
    private static final ThreadLocal<KeyedDet> DET = new ThreadLocal<>();
    private static final ThreadLocal<KeyedModulus> HOM = new ThreadLocal<>();

    private ServerFunctions() {
    }

    /** RND layer off: the plaintext under the row's IV, i.e. the next layer's ciphertext. */
    public static byte[] peelRnd(byte[] ct, byte[] key, byte[] iv) {
        if (ct == null) {
            return null;
        }
        KeyedRnd cached = RND.get();
        if (cached == null || !Arrays.equals(cached.key, key)) {
            cached = new KeyedRnd(key.clone(), new Rnd(key));
            RND.set(cached);
        }
        return cached.rnd.decrypt(ct, iv);
    }

    /** DET layer off: exposes the JOIN layer, whose key is shared by the columns of a join group. */
    public static byte[] peelDet(byte[] ct, byte[] key) {
        if (ct == null) {
            return null;
        }
        KeyedDet cached = DET.get();
        if (cached == null || !Arrays.equals(cached.key, key)) {
            cached = new KeyedDet(key.clone(), new Det(key));
            DET.set(cached);
        }
        return cached.det.decrypt(ct);
    }

    /** Whether a SEARCH ciphertext holds the token's word; false for NULL. */
    public static boolean swpMatch(byte[] ciphertext, byte[] token) {
        return ciphertext != null && Swp.matches(ciphertext, token);
    }

    /** HOM ciphertext of the sum: {@code c1 * c2 mod n^2}; NULL if either is NULL, as SQL's + is. */
    public static byte[] homAdd(byte[] c1, byte[] c2, byte[] nSquared) {
        if (c1 == null || c2 == null) {
            return null;
        }
        return publicKey(nSquared).add(c1, c2);
    }

    /** HOM ciphertext of {@code k} times the plaintext: {@code c^k mod n^2}. */
    public static byte[] homMultiply(byte[] c, long k, byte[] nSquared) {
        if (c == null) {
            return null;
        }
        return publicKey(nSquared).multiply(c, k);
    }

    /**
     * The bytes of an onion value as H2 hands it to a Java aggregate: {@code byte[]} for VARBINARY, a
     * {@link java.sql.Blob} for the BLOB columns of the Add and Search onions; NULL stays null.
     */
    static byte[] bytes(Object value) throws java.sql.SQLException {
        if (value == null || value instanceof byte[]) {
            return (byte[]) value;
        }
        if (value instanceof java.sql.Blob b) {
            long n = b.length();
            if (n > Integer.MAX_VALUE) {
                throw new java.sql.SQLException("onion value of " + n + " bytes is too long");
            }
            return b.getBytes(1, (int) n);
        }
        throw new java.sql.SQLException("not an onion value: " + value.getClass().getName());
    }

    /** The public key for {@code n^2}, kept per thread: deriving n and the reduction constant costs more than an addition. */
    static PaillierPublicKey publicKey(byte[] nSquared) {
        KeyedModulus cached = HOM.get();
        if (cached == null || !Arrays.equals(cached.nSquared, nSquared)) {
            cached = new KeyedModulus(nSquared.clone(), PaillierPublicKey.fromNSquared(nSquared));
            HOM.set(cached);
        }
        return cached.key;
    }

    private record KeyedModulus(byte[] nSquared, PaillierPublicKey key) {
    }

    private record KeyedRnd(byte[] key, Rnd rnd) {
    }

    private record KeyedDet(byte[] key, Det det) {
    }
}
