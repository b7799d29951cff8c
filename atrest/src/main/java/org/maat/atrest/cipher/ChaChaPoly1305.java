package org.maat.atrest.cipher;

import java.security.MessageDigest;
import org.bouncycastle.crypto.engines.ChaChaEngine;
import org.bouncycastle.crypto.macs.Poly1305;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * ChaCha with a chosen number of rounds (Bouncy Castle's {@link ChaChaEngine}) in the RFC 8439 AEAD
 * construction: the Poly1305 key is the first 32 bytes of keystream block 0, the data is encrypted from
 * block 1, and the tag covers the associated data and the ciphertext, each padded to 16 bytes, then both
 * lengths. With 20 rounds this is exactly RFC 8439's ChaCha20-Poly1305, which the tests check against the
 * RFC's vector: the 12-byte nonce's first 4 bytes are the high word of the original ChaCha's 64-bit block
 * counter, its last 8 bytes the original's IV.
 */
final class ChaChaPoly1305 implements AtRestCipher {

    private static final int TAG = 16;

    private final String name;
    private final int id;
    private final int rounds;
    private final int strength;
    private final ThreadLocal<State> state;

    ChaChaPoly1305(String name, int id, int rounds, int strength) {
        this.name = name;
        this.id = id;
        this.rounds = rounds;
        this.strength = strength;
        this.state = ThreadLocal.withInitial(() -> new State(rounds));
    }

    /** One engine and one MAC per thread: both keep state between init and doFinal. */
    private static final class State {
        final ChaChaEngine engine;
        final Poly1305 mac = new Poly1305();
        final byte[] polyKey = new byte[64];
        final byte[] tag = new byte[TAG];

        State(int rounds) {
            engine = new ChaChaEngine(rounds);
        }
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

    @Override
    public double rounds() {
        return rounds;
    }

    @Override
    public double randomization() {
        return 0;
    }

    @Override
    public int sealedLength(int plainLength) {
        return plainLength + TAG;
    }

    @Override
    public int seal(byte[] key, byte[] nonce, byte[] aad, byte[] plain, int offset, int length, byte[] out,
            int outOffset) {
        State s = start(key, nonce);
        s.engine.processBytes(plain, offset, length, out, outOffset);
        tag(s, aad, out, outOffset, length);
        System.arraycopy(s.tag, 0, out, outOffset + length, TAG);
        return length + TAG;
    }

    @Override
    public int open(byte[] key, byte[] nonce, byte[] aad, byte[] sealed, int offset, int sealedLength, byte[] out,
            int outOffset) throws BlockAuthenticationException {
        int length = sealedLength - TAG;
        if (length < 0) {
            throw new BlockAuthenticationException(name + ": sealed block of " + sealedLength
                    + " bytes is shorter than its tag");
        }
        State s = start(key, nonce);
        tag(s, aad, sealed, offset, length);
        if (!MessageDigest.isEqual(s.tag, java.util.Arrays.copyOfRange(sealed, offset + length, offset + sealedLength))) {
            throw new BlockAuthenticationException(name + ": block fails its Poly1305 tag");
        }
        s.engine.processBytes(sealed, offset, length, out, outOffset);
        return length;
    }

    /** Keys the engine at keystream block 0, takes the Poly1305 key from it, and leaves it at block 1. */
    private State start(byte[] key, byte[] nonce) {
        if (key.length != KEY_BYTES || nonce.length != NONCE_BYTES) {
            throw new IllegalArgumentException(name + " takes a " + KEY_BYTES + "-byte key and a " + NONCE_BYTES
                    + "-byte nonce, not " + key.length + " and " + nonce.length);
        }
        State s = state.get();
        byte[] iv = java.util.Arrays.copyOfRange(nonce, 4, 12);
        s.engine.init(true, new ParametersWithIV(new KeyParameter(key), iv));
        long counterHigh = (nonce[0] & 0xffL) | (nonce[1] & 0xffL) << 8 | (nonce[2] & 0xffL) << 16
                | (nonce[3] & 0xffL) << 24;
        if (counterHigh != 0) {
            // The counter is 64 bits; seekTo counts bytes, 64 per keystream block.
            if (counterHigh >= 1L << 25) {
                throw new IllegalArgumentException(name + ": nonce word " + counterHigh + " is past 2^25");
            }
            s.engine.seekTo((counterHigh << 32) * 64);
        }
        java.util.Arrays.fill(s.polyKey, (byte) 0);
        s.engine.processBytes(s.polyKey, 0, 64, s.polyKey, 0);
        s.mac.init(new KeyParameter(s.polyKey, 0, 32));
        return s;
    }

    private static final byte[] ZEROS = new byte[16];

    private static void tag(State s, byte[] aad, byte[] cipherText, int offset, int length) {
        s.mac.update(aad, 0, aad.length);
        s.mac.update(ZEROS, 0, (16 - aad.length % 16) % 16);
        s.mac.update(cipherText, offset, length);
        s.mac.update(ZEROS, 0, (16 - length % 16) % 16);
        byte[] lengths = new byte[16];
        putLittleEndian(lengths, 0, aad.length);
        putLittleEndian(lengths, 8, length);
        s.mac.update(lengths, 0, 16);
        s.mac.doFinal(s.tag, 0);
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
