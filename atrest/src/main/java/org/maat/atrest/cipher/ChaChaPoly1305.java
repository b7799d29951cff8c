package org.maat.atrest.cipher;

/**
 * ChaCha with a chosen number of rounds ({@link ChaChaKeystream}) in the RFC 8439 AEAD construction: the Poly1305
 * key is the first 32 bytes of keystream block 0, the data is encrypted from block 1, and the tag covers the
 * associated data and the ciphertext, each padded to 16 bytes, then both lengths. With 20 rounds this is exactly
 * RFC 8439's ChaCha20-Poly1305 with our 12-byte nonce as its nonce, which the tests check against the RFC's vectors,
 * the JDK's own implementation and Bouncy Castle's {@code ChaChaEngine} and {@code Poly1305}; ChaCha8 and ChaCha12 are the same construction with fewer rounds, pinned by
 * known answers from the Bouncy Castle implementation this class replaced (blocks on disk open unchanged).
 *
 * <p>Hand-written rather than Bouncy Castle's {@code ChaChaEngine} and {@code Poly1305} because a 4 KB block paid
 * as much for their per-call set-up (parameter objects, copies) and their MAC as for the keystream; see
 * {@link ChaChaKeystream} and {@link Poly1305}. Nothing is allocated per call.
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

    /** One keystream, one MAC and the scratch for their keys and tags per thread: all keep state within a call. */
    private static final class State {
        final ChaChaKeystream stream;
        final Poly1305 mac = new Poly1305();
        final byte[] polyKey = new byte[32];
        final byte[] tag = new byte[TAG];

        State(int rounds) {
            stream = new ChaChaKeystream(rounds);
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
        s.stream.xor(plain, offset, length, out, outOffset);
        tag(s, aad, out, outOffset, length, out, outOffset + length);
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
        tag(s, aad, sealed, offset, length, s.tag, 0);
        if (!equalInConstantTime(s.tag, sealed, offset + length)) {
            throw new BlockAuthenticationException(name + ": block fails its Poly1305 tag");
        }
        s.stream.xor(sealed, offset, length, out, outOffset);
        return length;
    }

    /** Keys the stream at keystream block 0, takes the Poly1305 key from it, and leaves it at block 1. */
    private State start(byte[] key, byte[] nonce) {
        if (key.length != KEY_BYTES || nonce.length != NONCE_BYTES) {
            throw new IllegalArgumentException(name + " takes a " + KEY_BYTES + "-byte key and a " + NONCE_BYTES
                    + "-byte nonce, not " + key.length + " and " + nonce.length);
        }
        // The volume's nonces start with four zero bytes (XChaCha's layout); a first word past 2^25 is a caller's bug.
        if ((nonce[3] & 0xff) > 1) {
            throw new IllegalArgumentException(name + ": nonce word " + ((nonce[0] & 0xffL) | (nonce[1] & 0xffL) << 8
                    | (nonce[2] & 0xffL) << 16 | (nonce[3] & 0xffL) << 24) + " is past 2^25");
        }
        State s = state.get();
        s.stream.init(key, nonce, 0);
        java.util.Arrays.fill(s.polyKey, (byte) 0);
        // Block 0's first 32 bytes; XOR over zeros of 32 bytes moves the stream past the whole block.
        s.stream.xor(s.polyKey, 0, 32, s.polyKey, 0);
        s.mac.init(s.polyKey, 0);
        return s;
    }

    private static void tag(State s, byte[] aad, byte[] cipherText, int offset, int length, byte[] tag,
            int tagOffset) {
        s.mac.padded(aad, 0, aad.length);
        s.mac.padded(cipherText, offset, length);
        s.mac.lengths(aad.length, length);
        s.mac.finish(tag, tagOffset);
    }

    private static boolean equalInConstantTime(byte[] tag, byte[] sealed, int at) {
        int difference = 0;
        for (int i = 0; i < TAG; i++) {
            difference |= tag[i] ^ sealed[at + i];
        }
        return difference == 0;
    }

    @Override
    public String toString() {
        return name;
    }
}
