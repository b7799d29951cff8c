package org.maat.atrest.cipher.freestyle;

import org.bouncycastle.crypto.macs.Poly1305;
import org.bouncycastle.crypto.params.KeyParameter;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.BlockAuthenticationException;

/**
 * Freestyle (see {@link FreestyleEngine}) with a Poly1305 tag, as an at-rest block cipher. A sealed block is
 * {@code initHashes} init hashes, one hash per 64-byte block of plaintext, the ciphertext, and a 16-byte tag:
 * {@link #sealedLength} is exactly {@code initHashes + ceil(n / 64) + n + 16}. Every seal draws a fresh pepper and
 * fresh round counts from the thread's {@link java.security.SecureRandom}, so equal plaintexts seal differently.
 *
 * <p>The tag is RFC 8439's Poly1305 layout over the associated data and the body (both hash arrays and the
 * ciphertext), each padded to 16 bytes, then both lengths. Its one-time key is 32 bytes of Freestyle keystream from a
 * counter word no data block uses ({@link FreestyleEngine#oneTimeKey}); key and nonce are unique per call (the
 * caller's guarantee) and so is that keystream. It comes from the finished set-up rather than a cheap ChaCha20 block
 * on purpose: a key guess must pay for the pepper search before the tag can say it is wrong, which is the key-guessing
 * penalty Freestyle exists for. {@link #open} checks the tag before it decrypts; a wrong key fails in the pepper
 * search or at the tag, never with wrong bytes.
 */
public final class FreestylePoly1305 implements AtRestCipher {

    private static final int TAG = 16;
    private static final byte[] ZEROS = new byte[16];

    private final String name;
    private final int id;
    private final int strength;
    private final FreestyleConfig config;
    private final ThreadLocal<State> state;

    public FreestylePoly1305(String name, int id, int strength, FreestyleConfig config) {
        this.name = name;
        this.id = id;
        this.strength = strength;
        this.config = config;
        this.state = ThreadLocal.withInitial(() -> new State(config, new SecureRounds()));
    }

    /** One engine, MAC, generator and scratch per thread: all keep state within a call. */
    static final class State {
        final FreestyleEngine engine;
        final RoundSource random;
        final Poly1305 mac = new Poly1305();
        final byte[] oneTimeKey = new byte[32];
        final byte[] tag = new byte[TAG];
        final byte[] lengths = new byte[16];
        byte[] scratch = new byte[0];

        State(FreestyleConfig config, RoundSource random) {
            this.engine = new FreestyleEngine(config);
            this.random = random;
        }
    }

    /** The parameters this cipher runs Freestyle with. */
    public FreestyleConfig config() {
        return config;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int id() {
        return id;
    }

    @Override
    public int strength() {
        return strength;
    }

    /** (min + max) / 2: a block's round count is uniform over min, min + interval, ..., max. */
    @Override
    public double rounds() {
        return (config.minRounds() + config.maxRounds()) / 2.0;
    }

    /**
     * The bits of secret random choice an attacker must cover per message and block, normalized by Strong's:
     * (log2(round counts a block can take) + pepper bits) / (log2(5) + 12). Fast 0.70, Balanced 0.86, Strong 1.
     * (The init hashes' warm-up round counts add the same for every configuration, so they are left out.)
     */
    @Override
    public double randomization() {
        return randomBits(config) / randomBits(FreestyleConfig.STRONG);
    }

    private static double randomBits(FreestyleConfig c) {
        return Math.log(c.roundChoices()) / Math.log(2) + c.pepperBits();
    }

    @Override
    public int sealedLength(int plainLength) {
        return config.initHashes() + blocks(plainLength) + plainLength + TAG;
    }

    @Override
    public int seal(byte[] key, byte[] nonce, byte[] aad, byte[] plain, int offset, int length, byte[] out,
            int outOffset) {
        check(key, nonce);
        State s = state.get();
        if (plain == out && offset < outOffset + sealedLength(length) && outOffset < offset + length) {
            plain = copy(s, plain, offset, length);
            offset = 0;
        }
        int initHashes = config.initHashes();
        int blockHashes = outOffset + initHashes;
        int cipherText = blockHashes + blocks(length);
        s.engine.initEncrypt(key, nonce, s.random, out, outOffset);
        s.engine.oneTimeKey(s.oneTimeKey, 0);
        s.engine.encrypt(plain, offset, length, out, cipherText, out, blockHashes, s.random);
        int body = cipherText + length - outOffset;
        tag(s, aad, out, outOffset, body);
        System.arraycopy(s.tag, 0, out, outOffset + body, TAG);
        return body + TAG;
    }

    @Override
    public int open(byte[] key, byte[] nonce, byte[] aad, byte[] sealed, int offset, int sealedLength, byte[] out,
            int outOffset) throws BlockAuthenticationException {
        check(key, nonce);
        int length = plainLength(sealedLength);
        State s = state.get();
        if (!s.engine.initDecrypt(key, nonce, sealed, offset)) {
            throw new BlockAuthenticationException(name + ": no pepper meets the block's init hashes");
        }
        s.engine.oneTimeKey(s.oneTimeKey, 0);
        int body = sealedLength - TAG;
        tag(s, aad, sealed, offset, body);
        int diff = 0;
        for (int i = 0; i < TAG; i++) {
            diff |= s.tag[i] ^ sealed[offset + body + i];
        }
        if (diff != 0) {
            throw new BlockAuthenticationException(name + ": block fails its Poly1305 tag");
        }
        int blockHashes = offset + config.initHashes();
        int cipherText = blockHashes + blocks(length);
        byte[] source = sealed;
        if (sealed == out && outOffset < offset + sealedLength && offset < outOffset + length) {
            source = copy(s, sealed, offset, sealedLength);
            blockHashes -= offset;
            cipherText -= offset;
        }
        if (!s.engine.decrypt(source, cipherText, length, out, outOffset, source, blockHashes)) {
            // Unreachable once the tag holds (the hashes are the encryptor's); kept so no path returns wrong bytes.
            throw new BlockAuthenticationException(name + ": a block's round count is not found");
        }
        return length;
    }

    /** Inverts {@link #sealedLength}: n + ceil(n / 64) = sealed - initHashes - tag. */
    private int plainLength(int sealedLength) throws BlockAuthenticationException {
        int m = sealedLength - config.initHashes() - TAG;
        int n = m - (m + 64) / 65;
        if (m < 0 || n + blocks(n) != m) {
            throw new BlockAuthenticationException(name + ": no plaintext length seals to " + sealedLength + " bytes");
        }
        return n;
    }

    private static int blocks(int length) {
        return (length + 63) >>> 6;
    }

    private void check(byte[] key, byte[] nonce) {
        if (key.length != KEY_BYTES || nonce.length != NONCE_BYTES) {
            throw new IllegalArgumentException(name + " takes a " + KEY_BYTES + "-byte key and a " + NONCE_BYTES
                    + "-byte nonce, not " + key.length + " and " + nonce.length);
        }
    }

    private static byte[] copy(State s, byte[] from, int offset, int length) {
        if (s.scratch.length < length) {
            s.scratch = new byte[Math.max(length, 2 * s.scratch.length)];
        }
        System.arraycopy(from, offset, s.scratch, 0, length);
        return s.scratch;
    }

    private static void tag(State s, byte[] aad, byte[] body, int offset, int length) {
        Poly1305 mac = s.mac;
        mac.init(new KeyParameter(s.oneTimeKey));
        mac.update(aad, 0, aad.length);
        mac.update(ZEROS, 0, (16 - aad.length % 16) % 16);
        mac.update(body, offset, length);
        mac.update(ZEROS, 0, (16 - length % 16) % 16);
        putLittleEndian(s.lengths, 0, aad.length);
        putLittleEndian(s.lengths, 8, length);
        mac.update(s.lengths, 0, 16);
        mac.doFinal(s.tag, 0);
    }

    private static void putLittleEndian(byte[] b, int at, long v) {
        for (int i = 0; i < 8; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
