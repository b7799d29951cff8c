package org.maat.vault;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * SHA-256 as the vault uses it: share digests (written by the client, checked by the storage server and the
 * reader), the check value inside a shared secret, and certificate fingerprints. One place, so that the
 * parties can never disagree about how a digest is spelled.
 */
public final class Sha256 {

    private Sha256() {
    }

    public static byte[] of(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }

    /** Lower-case hex, the form the protocol and vault.json write. */
    public static String hex(byte[] bytes) {
        return HexFormat.of().formatHex(of(bytes));
    }
}
