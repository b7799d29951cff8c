package org.maat.encdb.rewrite;

/**
 * Choices the rewriter leaves to the deployment.
 *
 * @param homArithmetic compute {@code col + v} and {@code col * k} in the select list inside H2 on the
 *     Add onion (CryptDB's way: one Paillier decryption per row, about a millisecond each) instead of
 *     on the client from the decrypted value (exact, and what the driver does by default)
 */
public record RewriteOptions(boolean homArithmetic) {

    public static final RewriteOptions DEFAULT = new RewriteOptions(false);
}
