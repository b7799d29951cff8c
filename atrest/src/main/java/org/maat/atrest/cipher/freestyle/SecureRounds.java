package org.maat.atrest.cipher.freestyle;

import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;

/**
 * Uniform integers from a {@link SecureRandom} of one thread's own (a DRBG, so threads share no lock), read a
 * buffer at a time: a sealed 4 KB block draws about a hundred of them.
 */
final class SecureRounds implements RoundSource {

    private final SecureRandom random;
    private final byte[] buffer = new byte[512];
    private int position = buffer.length;

    SecureRounds() {
        SecureRandom r;
        try {
            r = SecureRandom.getInstance("DRBG");
        } catch (NoSuchAlgorithmException e) {
            r = new SecureRandom();
        }
        random = r;
    }

    @Override
    public int below(int bound) {
        if (bound <= 0) {
            throw new IllegalArgumentException("bound " + bound);
        }
        int mask = bound == 1 ? 0 : -1 >>> Integer.numberOfLeadingZeros(bound - 1);
        while (true) {
            // Rejection on the smallest covering power of two: uniform, and fewer than two draws on average.
            int v = nextInt() & mask;
            if (v < bound) {
                return v;
            }
        }
    }

    private int nextInt() {
        if (position + 4 > buffer.length) {
            random.nextBytes(buffer);
            position = 0;
        }
        int v = (buffer[position] & 0xff) | (buffer[position + 1] & 0xff) << 8 | (buffer[position + 2] & 0xff) << 16
                | (buffer[position + 3] & 0xff) << 24;
        position += 4;
        return v;
    }
}
