package org.maat.vault.client;

import java.io.IOException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import org.maat.vault.Sha256;
import java.util.List;
import java.util.Optional;
import org.bouncycastle.crypto.threshold.ShamirSecretSplitter;
import org.bouncycastle.crypto.threshold.ShamirSplitSecret;
import org.bouncycastle.crypto.threshold.ShamirSplitSecretShare;

/**
 * The vault's secret sharing: Shamir over GF(2^8) with the AES polynomial (Bouncy Castle's
 * {@link ShamirSecretSplitter}) applied to {@code secret || SHA-256(secret)[0..16)}. The check value is
 * shared with the secret, so fewer than k shares reveal nothing about either, while k shares that combine
 * to a value whose check fails are known to contain a wrong share (a false pass has probability 2^-128
 * for a share that was damaged without knowledge of the others).
 */
public final class Shares {

    /** Bytes of SHA-256 appended to the secret before splitting. */
    public static final int CHECK_LENGTH = 16;

    private Shares() {}

    /** Splits {@code secret} into n shares (indices 1..n), any k of which recover it. */
    public static List<Share> split(byte[] secret, int k, int n, SecureRandom random) {
        if (secret.length == 0) {
            throw new IllegalArgumentException("cannot split an empty secret");
        }
        if (k < 1 || n < k || n > 255) {
            throw new IllegalArgumentException("cannot split " + k + "-of-" + n + ": need 1 <= k <= n <= 255");
        }
        byte[] value = withCheck(secret);
        try {
            ShamirSecretSplitter splitter = new ShamirSecretSplitter(ShamirSecretSplitter.Algorithm.AES,
                    ShamirSecretSplitter.Mode.Table, value.length, random);
            ShamirSplitSecretShare[] parts = splitter.resplit(value, k, n).getSecretShares();
            List<Share> shares = new ArrayList<>(n);
            for (int i = 0; i < parts.length; i++) {
                // resplit evaluates the polynomial at x = 1..n in order.
                shares.add(new Share(i + 1, k, n, parts[i].getEncoded()));
            }
            return shares;
        } catch (IOException e) {
            throw new IllegalStateException("Bouncy Castle's shares are in memory and encode without I/O", e);
        } finally {
            Arrays.fill(value, (byte) 0);
        }
    }

    /**
     * Combines exactly k shares of one split (distinct indices, equal lengths) and returns the secret if
     * the check value inside matches, or empty if it does not (one share at least is wrong).
     */
    public static Optional<byte[]> combine(List<Share> shares) {
        ShamirSplitSecretShare[] parts = new ShamirSplitSecretShare[shares.size()];
        for (int i = 0; i < parts.length; i++) {
            parts[i] = new ShamirSplitSecretShare(shares.get(i).bytes(), shares.get(i).index());
        }
        byte[] value;
        try {
            value = new ShamirSplitSecret(ShamirSecretSplitter.Algorithm.AES, ShamirSecretSplitter.Mode.Table, parts)
                    .getSecret();
        } catch (IOException e) {
            throw new IllegalStateException("Bouncy Castle's shares are in memory and combine without I/O", e);
        }
        try {
            if (value.length <= CHECK_LENGTH) {
                return Optional.empty();
            }
            byte[] secret = Arrays.copyOf(value, value.length - CHECK_LENGTH);
            byte[] check = Arrays.copyOfRange(value, value.length - CHECK_LENGTH, value.length);
            byte[] expected = Arrays.copyOf(Sha256.of(secret), CHECK_LENGTH);
            if (MessageDigest.isEqual(check, expected)) {
                return Optional.of(secret);
            }
            Arrays.fill(secret, (byte) 0);
            return Optional.empty();
        } finally {
            Arrays.fill(value, (byte) 0);
        }
    }

    private static byte[] withCheck(byte[] secret) {
        byte[] value = Arrays.copyOf(secret, secret.length + CHECK_LENGTH);
        System.arraycopy(Sha256.of(secret), 0, value, secret.length, CHECK_LENGTH);
        return value;
    }
}
