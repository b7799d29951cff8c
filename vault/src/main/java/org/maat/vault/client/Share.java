package org.maat.vault.client;

import org.maat.vault.Sha256;

/**
 * One Shamir share of a secret as one storage server holds it: its x-coordinate {@code index} (1..n), the
 * threshold {@code k} and share count {@code n} of the split, and the share bytes (as long as the shared
 * value: the secret plus its 16-byte check), and the id of the put that stored it (shares of one split share
 * it). The array is not copied; nothing in this package changes it.
 */
public record Share(int index, int k, int n, byte[] bytes, String put) {

    /** A share of no particular put (Shares.split's; a put gives its shares its id). */
    public Share(int index, int k, int n, byte[] bytes) {
        this(index, k, n, bytes, "");
    }

    public Share {
        put = put == null ? "" : put;
        if (k < 1 || n < k || n > 255 || index < 1 || index > n) {
            throw new IllegalArgumentException("share index " + index + " of a " + k + "-of-" + n
                    + " split: need 1 <= k <= n <= 255 and 1 <= index <= n");
        }
    }

    /** The hex SHA-256 of the share bytes: the {@code digest} stored beside it (PROTOCOL.md, Shares). */
    public String digest() {
        return Sha256.hex(bytes);
    }

    /** This share as stored by the put {@code id}. */
    public Share ofPut(String id) {
        return new Share(index, k, n, bytes, id);
    }

    @Override
    public String toString() {
        // Never the share bytes: a log line must not carry material towards the secret.
        return "share " + index + " of " + k + "-of-" + n;
    }
}
