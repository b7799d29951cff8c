package org.maat.atrest.cipher;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * HChaCha20 (draft-irtf-cfrg-xchacha, section 2.2): from a 256-bit key and a 128-bit nonce, a 256-bit subkey.
 * It is the ChaCha20 block function on (constants, key, nonce) without the final addition, keeping words 0-3 and
 * 12-15. XChaCha20 is ChaCha20 under {@code HChaCha20(key, nonce[0, 16))} with the nonce {@code 0^4 ||
 * nonce[16, 24)}: a 192-bit nonce, long enough to draw at random with no fear of two draws meeting. The volume
 * derives its per-block keys this way for every cipher (its 20 rounds are the derivation's, whatever the cipher).
 * Stateless and thread-safe.
 */
public final class HChaCha20 {

    /** Length of the nonce part the subkey is derived from. */
    public static final int NONCE_BYTES = 16;

    private static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private HChaCha20() {
    }

    /** Writes HChaCha20({@code key}, {@code nonce[at, at + 16)}) into {@code out[0, 32)}. */
    public static void subkey(byte[] key, byte[] nonce, int at, byte[] out) {
        if (key.length != AtRestCipher.KEY_BYTES || out.length < 32) {
            throw new IllegalArgumentException("HChaCha20 takes a 32-byte key and a 32-byte output");
        }
        int x0 = 0x61707865, x1 = 0x3320646e, x2 = 0x79622d32, x3 = 0x6b206574;
        int x4 = (int) LE_INT.get(key, 0), x5 = (int) LE_INT.get(key, 4), x6 = (int) LE_INT.get(key, 8);
        int x7 = (int) LE_INT.get(key, 12), x8 = (int) LE_INT.get(key, 16), x9 = (int) LE_INT.get(key, 20);
        int x10 = (int) LE_INT.get(key, 24), x11 = (int) LE_INT.get(key, 28);
        int x12 = (int) LE_INT.get(nonce, at), x13 = (int) LE_INT.get(nonce, at + 4);
        int x14 = (int) LE_INT.get(nonce, at + 8), x15 = (int) LE_INT.get(nonce, at + 12);
        for (int r = 0; r < 10; r++) {
            x0 += x4; x12 = Integer.rotateLeft(x12 ^ x0, 16); x8 += x12; x4 = Integer.rotateLeft(x4 ^ x8, 12);
            x0 += x4; x12 = Integer.rotateLeft(x12 ^ x0, 8); x8 += x12; x4 = Integer.rotateLeft(x4 ^ x8, 7);
            x1 += x5; x13 = Integer.rotateLeft(x13 ^ x1, 16); x9 += x13; x5 = Integer.rotateLeft(x5 ^ x9, 12);
            x1 += x5; x13 = Integer.rotateLeft(x13 ^ x1, 8); x9 += x13; x5 = Integer.rotateLeft(x5 ^ x9, 7);
            x2 += x6; x14 = Integer.rotateLeft(x14 ^ x2, 16); x10 += x14; x6 = Integer.rotateLeft(x6 ^ x10, 12);
            x2 += x6; x14 = Integer.rotateLeft(x14 ^ x2, 8); x10 += x14; x6 = Integer.rotateLeft(x6 ^ x10, 7);
            x3 += x7; x15 = Integer.rotateLeft(x15 ^ x3, 16); x11 += x15; x7 = Integer.rotateLeft(x7 ^ x11, 12);
            x3 += x7; x15 = Integer.rotateLeft(x15 ^ x3, 8); x11 += x15; x7 = Integer.rotateLeft(x7 ^ x11, 7);

            x0 += x5; x15 = Integer.rotateLeft(x15 ^ x0, 16); x10 += x15; x5 = Integer.rotateLeft(x5 ^ x10, 12);
            x0 += x5; x15 = Integer.rotateLeft(x15 ^ x0, 8); x10 += x15; x5 = Integer.rotateLeft(x5 ^ x10, 7);
            x1 += x6; x12 = Integer.rotateLeft(x12 ^ x1, 16); x11 += x12; x6 = Integer.rotateLeft(x6 ^ x11, 12);
            x1 += x6; x12 = Integer.rotateLeft(x12 ^ x1, 8); x11 += x12; x6 = Integer.rotateLeft(x6 ^ x11, 7);
            x2 += x7; x13 = Integer.rotateLeft(x13 ^ x2, 16); x8 += x13; x7 = Integer.rotateLeft(x7 ^ x8, 12);
            x2 += x7; x13 = Integer.rotateLeft(x13 ^ x2, 8); x8 += x13; x7 = Integer.rotateLeft(x7 ^ x8, 7);
            x3 += x4; x14 = Integer.rotateLeft(x14 ^ x3, 16); x9 += x14; x4 = Integer.rotateLeft(x4 ^ x9, 12);
            x3 += x4; x14 = Integer.rotateLeft(x14 ^ x3, 8); x9 += x14; x4 = Integer.rotateLeft(x4 ^ x9, 7);
        }
        LE_INT.set(out, 0, x0);
        LE_INT.set(out, 4, x1);
        LE_INT.set(out, 8, x2);
        LE_INT.set(out, 12, x3);
        LE_INT.set(out, 16, x12);
        LE_INT.set(out, 20, x13);
        LE_INT.set(out, 24, x14);
        LE_INT.set(out, 28, x15);
    }
}
