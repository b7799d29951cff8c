package org.maat.atrest.cipher.freestyle;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Freestyle itself, unauthenticated, as the authors' reference implementation computes it (arun-babu/freestyle
 * @ 4435eae, freestyle.c; ISC licence): a ChaCha state whose first constant carries the parameters, a set-up that
 * adds a random pepper and derives eight random words from the round counts of {@code initHashes} warm-up blocks
 * (their hashes travel with the ciphertext; a decryptor searches the peppers until every hash is met), and per
 * 64-byte block a random round count in [min, max] whose end the decryptor finds by a one-byte hash emitted by the
 * encryptor. Written from the reference, not translated: the ChaCha core works on 16 local ints.
 *
 * <p>Mutable and not thread-safe: one engine per thread, set up afresh for every message with {@link #initEncrypt}
 * or {@link #initDecrypt}; nothing is allocated after construction.
 */
final class FreestyleEngine {

    private static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    /** The reference's "sane values" for the warm-up blocks of the set-up (freestyle_randomsetup_encrypt). */
    private static final int INIT_MIN = 8;
    private static final int INIT_MAX = 32;
    private static final int INIT_INTERVAL = 1;
    private static final int INIT_PRECOMPUTED = 4;

    private static final int COUNTER = 12;

    private final int min;
    private final int max;
    private final int interval;
    private final int precomputed;
    private final int pepperBits;
    private final int initHashes;
    private final int parameterWord;

    private final int[] input = new int[16];
    private final int[] rand = new int[8];
    private final int[] initRounds = new int[FreestyleConfig.MAX_INIT_HASHES];
    private final int[] collidedRounds = new int[FreestyleConfig.MAX_INIT_HASHES];
    private final int[] keystream = new int[16];
    private final byte[] keystreamBytes = new byte[64];
    /** Which one-byte hashes this block has emitted: a slot equal to {@link #stamp} is taken. */
    private final int[] hashTaken = new int[256];
    private int stamp;
    private int initialCounter;
    /** The hash the last encrypting {@link #block} ended on. */
    private int lastHash;

    FreestyleEngine(FreestyleConfig config) {
        min = config.minRounds();
        max = config.maxRounds();
        interval = config.hashInterval();
        precomputed = config.precomputedRounds();
        pepperBits = config.pepperBits();
        initHashes = config.initHashes();
        // 8 + 8 + 6 + 6 + 4 bits, XORed into constant 0 (freestyle_roundsetup).
        parameterWord = (min & 0xff) << 24 | (max & 0xff) << 16 | (pepperBits & 0x3f) << 10
                | (initHashes & 0x3f) << 4 | (precomputed & 0x0f);
    }

    /**
     * Sets up to encrypt under {@code key} and {@code iv}: draws the pepper and the warm-up round counts from
     * {@code random} and writes the {@code initHashes} hashes the decryptor needs to {@code initHash}.
     */
    void initEncrypt(byte[] key, byte[] iv, RoundSource random, byte[] initHash, int hashOffset) {
        setUp(key, iv);
        int pepper = random.below(1 << pepperBits);
        precompute(INIT_PRECOMPUTED);
        input[0] += pepper;
        for (int i = 0; i < initHashes; i++) {
            int rounds = roundCount(random, INIT_MIN, INIT_MAX, INIT_INTERVAL);
            block(INIT_MIN, rounds, INIT_INTERVAL, INIT_PRECOMPUTED, -1, false);
            initRounds[i] = rounds;
            initHash[hashOffset + i] = (byte) lastHash;
            input[COUNTER]++;
        }
        input[0] -= pepper;
        // A smaller pepper that also meets every hash is what the decryptor will find first: use its round counts.
        for (int p = 0; p < pepper; p++) {
            if (searchInitRounds(initHash, hashOffset, collidedRounds)) {
                System.arraycopy(collidedRounds, 0, initRounds, 0, initHashes);
                break;
            }
            input[0]++;
        }
        finishSetUp();
    }

    /**
     * Sets up to decrypt under {@code key} and {@code iv}, given the encryptor's init hashes: tries every pepper
     * from 0 up. Returns false when none meets every hash (the wrong key, nonce or hashes), after trying them all.
     */
    boolean initDecrypt(byte[] key, byte[] iv, byte[] initHash, int hashOffset) {
        setUp(key, iv);
        precompute(INIT_PRECOMPUTED);
        int peppers = 1 << pepperBits;
        for (int p = 0; p < peppers; p++) {
            if (searchInitRounds(initHash, hashOffset, initRounds)) {
                finishSetUp();
                return true;
            }
            input[0]++;
        }
        return false;
    }

    /**
     * Encrypts {@code length} bytes, one random round count per 64-byte block, writing one hash per block to
     * {@code hashes}; block i uses the counter word of the set-up plus i.
     */
    void encrypt(byte[] in, int inOffset, int length, byte[] out, int outOffset, byte[] hashes, int hashOffset,
            RoundSource random) {
        for (int done = 0, b = 0; done < length; done += 64, b++) {
            input[COUNTER] = initialCounter + b;
            int rounds = roundCount(random, min, max, interval);
            block(min, rounds, interval, precomputed, -1, true);
            hashes[hashOffset + b] = (byte) lastHash;
            xor(in, inOffset + done, out, outOffset + done, Math.min(64, length - done));
        }
        input[COUNTER] = initialCounter;
    }

    /** Decrypts what {@link #encrypt} wrote; false when a block's hash is never met within maxRounds. */
    boolean decrypt(byte[] in, int inOffset, int length, byte[] out, int outOffset, byte[] hashes, int hashOffset) {
        for (int done = 0, b = 0; done < length; done += 64, b++) {
            input[COUNTER] = initialCounter + b;
            if (block(min, max, interval, precomputed, hashes[hashOffset + b] & 0xff, true) == 0) {
                input[COUNTER] = initialCounter;
                return false;
            }
            xor(in, inOffset + done, out, outOffset + done, Math.min(64, length - done));
        }
        input[COUNTER] = initialCounter;
        return true;
    }

    /**
     * Writes 32 bytes of keystream that no data block uses to {@code out}: the block at counter word (set-up's
     * counter - 1), which blocks 0 .. 2^32 - 2 never reach, run for exactly maxRounds rounds. Maat's addition, for
     * a one-time Poly1305 key that only the finished set-up (pepper search included) yields.
     */
    void oneTimeKey(byte[] out, int outOffset) {
        input[COUNTER] = initialCounter - 1;
        block(min, max, interval, precomputed, -1, true);
        input[COUNTER] = initialCounter;
        System.arraycopy(keystreamBytes, 0, out, outOffset, 32);
    }

    private static int roundCount(RoundSource random, int lo, int hi, int step) {
        // The reference's freestyle_random_round_number: lo + uniform(hi - lo + step), down to a multiple of step.
        int r = lo + random.below(hi - lo + step);
        return step * (r / step);
    }

    /** Runs the warm-up blocks as a decryptor, from the set-up's counter; true when every init hash is met. */
    private boolean searchInitRounds(byte[] initHash, int hashOffset, int[] rounds) {
        input[COUNTER] = initialCounter;
        for (int i = 0; i < initHashes; i++) {
            int r = block(INIT_MIN, INIT_MAX, INIT_INTERVAL, INIT_PRECOMPUTED, initHash[hashOffset + i] & 0xff, false);
            if (r == 0) {
                return false;
            }
            rounds[i] = r;
            input[COUNTER]++;
        }
        return true;
    }

    private void setUp(byte[] key, byte[] iv) {
        input[0] = 0x61707865; // "expand 32-byte k"
        input[1] = 0x3320646e;
        input[2] = 0x79622d32;
        input[3] = 0x6b206574;
        for (int i = 0; i < 8; i++) {
            input[4 + i] = (int) LE_INT.get(key, 4 * i);
        }
        input[COUNTER] = 0;
        for (int i = 0; i < 3; i++) {
            input[13 + i] = (int) LE_INT.get(iv, 4 * i);
        }
        input[0] ^= parameterWord;
        java.util.Arrays.fill(rand, 0);
        java.util.Arrays.fill(initRounds, 0);
    }

    /** Derives the eight random words from the warm-up round counts and folds them into the state. */
    private void finishSetUp() {
        for (int i = 0; i < 8; i++) {
            int t1 = 0;
            int t2 = 0;
            t1 += initRounds[7 * i];
            t2 = Integer.rotateLeft(t2 ^ t1, 16);
            t2 += initRounds[7 * i + 1];
            t1 = Integer.rotateLeft(t1 ^ t2, 12);
            t1 += initRounds[7 * i + 2];
            t2 = Integer.rotateLeft(t2 ^ t1, 8);
            t2 += initRounds[7 * i + 3];
            t1 = Integer.rotateLeft(t1 ^ t2, 7);
            t1 += initRounds[7 * i + 4];
            t2 = Integer.rotateLeft(t2 ^ t1, 16);
            t2 += initRounds[7 * i + 5];
            t1 = Integer.rotateLeft(t1 ^ t2, 12);
            t1 += initRounds[7 * i + 6];
            t2 = Integer.rotateLeft(t2 ^ t1, 8);
            t2 += initRounds[7 * i];
            t1 = Integer.rotateLeft(t1 ^ t2, 7);
            rand[i] = t1;
        }
        input[COUNTER] = initialCounter;
        input[1] ^= rand[1];
        input[2] ^= rand[2];
        input[3] ^= rand[3];
        input[4] ^= rand[4];
        input[5] ^= rand[5];
        input[6] ^= rand[6];
        input[7] ^= rand[7];
        precompute(precomputed);
    }

    /** Applies rounds 1..n to the state itself (odd: column, even: diagonal) and takes its counter word as start. */
    private void precompute(int n) {
        int[] x = input;
        for (int r = 1; r <= n; r++) {
            if ((r & 1) != 0) {
                quarter(x, 0, 4, 8, 12);
                quarter(x, 1, 5, 9, 13);
                quarter(x, 2, 6, 10, 14);
                quarter(x, 3, 7, 11, 15);
            } else {
                quarter(x, 0, 5, 10, 15);
                quarter(x, 1, 6, 11, 12);
                quarter(x, 2, 7, 8, 13);
                quarter(x, 3, 4, 9, 14);
            }
        }
        initialCounter = input[COUNTER];
    }

    private static void quarter(int[] x, int a, int b, int c, int d) {
        x[a] += x[b];
        x[d] = Integer.rotateLeft(x[d] ^ x[a], 16);
        x[c] += x[d];
        x[b] = Integer.rotateLeft(x[b] ^ x[c], 12);
        x[a] += x[b];
        x[d] = Integer.rotateLeft(x[d] ^ x[a], 8);
        x[c] += x[d];
        x[b] = Integer.rotateLeft(x[b] ^ x[c], 7);
    }

    /**
     * One Freestyle block from the current state (freestyle_xcrypt_block): rounds {@code from + 1} on, a hash at
     * every round r >= {@code lo} with r % {@code step} == 0, bumped past the values this block already emitted.
     * Encrypting ({@code expected} < 0) runs exactly {@code limit} rounds, leaves the final hash in
     * {@link #lastHash} and returns {@code limit}; decrypting stops at the round whose hash is {@code expected} and
     * returns it, or returns 0 when no round up to {@code limit} has it. With {@code wantKeystream}, the keystream
     * (state after the rounds plus the input) is left in {@link #keystream} and {@link #keystreamBytes}.
     */
    private int block(int lo, int limit, int step, int from, int expected, boolean wantKeystream) {
        int[] in = input;
        int x0 = in[0], x1 = in[1], x2 = in[2], x3 = in[3], x4 = in[4], x5 = in[5], x6 = in[6], x7 = in[7];
        int x8 = in[8], x9 = in[9], x10 = in[10], x11 = in[11], x12 = in[12] ^ rand[0], x13 = in[13];
        int x14 = in[14], x15 = in[15];
        int taken = nextStamp();
        int hash = 0;
        int r = from + 1;
        for (; r <= limit; r++) {
            if ((r & 1) != 0) {
                x0 += x4; x12 = Integer.rotateLeft(x12 ^ x0, 16); x8 += x12; x4 = Integer.rotateLeft(x4 ^ x8, 12);
                x0 += x4; x12 = Integer.rotateLeft(x12 ^ x0, 8); x8 += x12; x4 = Integer.rotateLeft(x4 ^ x8, 7);
                x1 += x5; x13 = Integer.rotateLeft(x13 ^ x1, 16); x9 += x13; x5 = Integer.rotateLeft(x5 ^ x9, 12);
                x1 += x5; x13 = Integer.rotateLeft(x13 ^ x1, 8); x9 += x13; x5 = Integer.rotateLeft(x5 ^ x9, 7);
                x2 += x6; x14 = Integer.rotateLeft(x14 ^ x2, 16); x10 += x14; x6 = Integer.rotateLeft(x6 ^ x10, 12);
                x2 += x6; x14 = Integer.rotateLeft(x14 ^ x2, 8); x10 += x14; x6 = Integer.rotateLeft(x6 ^ x10, 7);
                x3 += x7; x15 = Integer.rotateLeft(x15 ^ x3, 16); x11 += x15; x7 = Integer.rotateLeft(x7 ^ x11, 12);
                x3 += x7; x15 = Integer.rotateLeft(x15 ^ x3, 8); x11 += x15; x7 = Integer.rotateLeft(x7 ^ x11, 7);
            } else {
                x0 += x5; x15 = Integer.rotateLeft(x15 ^ x0, 16); x10 += x15; x5 = Integer.rotateLeft(x5 ^ x10, 12);
                x0 += x5; x15 = Integer.rotateLeft(x15 ^ x0, 8); x10 += x15; x5 = Integer.rotateLeft(x5 ^ x10, 7);
                x1 += x6; x12 = Integer.rotateLeft(x12 ^ x1, 16); x11 += x12; x6 = Integer.rotateLeft(x6 ^ x11, 12);
                x1 += x6; x12 = Integer.rotateLeft(x12 ^ x1, 8); x11 += x12; x6 = Integer.rotateLeft(x6 ^ x11, 7);
                x2 += x7; x13 = Integer.rotateLeft(x13 ^ x2, 16); x8 += x13; x7 = Integer.rotateLeft(x7 ^ x8, 12);
                x2 += x7; x13 = Integer.rotateLeft(x13 ^ x2, 8); x8 += x13; x7 = Integer.rotateLeft(x7 ^ x8, 7);
                x3 += x4; x14 = Integer.rotateLeft(x14 ^ x3, 16); x9 += x14; x4 = Integer.rotateLeft(x4 ^ x9, 12);
                x3 += x4; x14 = Integer.rotateLeft(x14 ^ x3, 8); x9 += x14; x4 = Integer.rotateLeft(x4 ^ x9, 7);
            }
            if (r >= lo && r % step == 0) {
                hash = hash(x3, x6, x9, x12, hash, r);
                while (hashTaken[hash] == taken) {
                    hash = (hash + 1) & 0xff;
                }
                hashTaken[hash] = taken;
                if (hash == expected) {
                    break;
                }
            }
        }
        if (expected >= 0 && r > limit) {
            return 0;
        }
        lastHash = hash;
        if (wantKeystream) {
            int[] k = keystream;
            k[0] = x0 + in[0]; k[1] = x1 + in[1]; k[2] = x2 + in[2]; k[3] = x3 + in[3];
            k[4] = x4 + in[4]; k[5] = x5 + in[5]; k[6] = x6 + in[6]; k[7] = x7 + in[7];
            k[8] = x8 + in[8]; k[9] = x9 + in[9]; k[10] = x10 + in[10]; k[11] = x11 + in[11];
            k[12] = x12 + in[12]; k[13] = x13 + in[13]; k[14] = x14 + in[14]; k[15] = x15 + in[15];
            for (int i = 0; i < 16; i++) {
                LE_INT.set(keystreamBytes, 4 * i, k[i]);
            }
        }
        return expected >= 0 ? r : limit;
    }

    /** The reference's freestyle_hash: an add-rotate-xor of four state words, the round and the previous hash. */
    private static int hash(int s3, int s6, int s9, int s12, int previous, int round) {
        int t1 = round;
        int t2 = previous;
        t1 += s3;
        t2 = Integer.rotateLeft(t2 ^ t1, 16);
        t2 += s6;
        t1 = Integer.rotateLeft(t1 ^ t2, 12);
        t1 += s9;
        t2 = Integer.rotateLeft(t2 ^ t1, 8);
        t2 += s12;
        t1 = Integer.rotateLeft(t1 ^ t2, 7);
        return t1 & 0xff;
    }

    private int nextStamp() {
        if (++stamp == Integer.MAX_VALUE) {
            java.util.Arrays.fill(hashTaken, 0);
            stamp = 1;
        }
        return stamp;
    }

    private void xor(byte[] in, int inOffset, byte[] out, int outOffset, int n) {
        if (n == 64) {
            for (int i = 0; i < 16; i++) {
                LE_INT.set(out, outOffset + 4 * i, (int) LE_INT.get(in, inOffset + 4 * i) ^ keystream[i]);
            }
        } else {
            for (int i = 0; i < n; i++) {
                out[outOffset + i] = (byte) (in[inOffset + i] ^ keystreamBytes[i]);
            }
        }
    }
}
