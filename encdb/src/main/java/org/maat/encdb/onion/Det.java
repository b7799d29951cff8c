package org.maat.encdb.onion;

import java.security.MessageDigest;
import java.util.Arrays;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.macs.CMac;
import org.bouncycastle.crypto.modes.CTRModeCipher;
import org.bouncycastle.crypto.modes.SICBlockCipher;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.crypto.params.ParametersWithIV;

/**
 * The DET and JOIN layers: AES-SIV (RFC 5297), built from Bouncy Castle's {@link CMac} (S2V) and
 * {@link SICBlockCipher} (CTR). The ciphertext is the 16-byte synthetic IV followed by the CTR
 * encryption of the plaintext, so it is 16 bytes longer than the plaintext.
 *
 * <p>Guarantees deterministic authenticated encryption: equal plaintexts give equal ciphertexts (which
 * is what lets H2 evaluate {@code =}, {@code IN}, {@code GROUP BY} and equi-joins), and nothing else
 * is revealed beyond equality and length; a ciphertext altered or produced under another key is
 * rejected by {@link #decrypt}. The key is 32, 48 or 64 bytes (AES-128/192/256-SIV): the first half
 * keys S2V, the second half CTR, as RFC 5297 section 2.6 specifies. Instances are thread-safe.
 */
public final class Det implements LayerCipher.Deterministic {

    /** Length of the synthetic IV that prefixes every ciphertext. */
    public static final int SIV_LENGTH = 16;

    private static final byte[] ZERO_BLOCK = new byte[16];

    private final ThreadLocal<CMac> macs;
    private final ThreadLocal<CTRModeCipher> ciphers;
    /** S2V's first step, CMAC(K1, 0^128), is the same for every message. */
    private final byte[] macOfZero;

    /** An AES-SIV instance under a 32-, 48- or 64-byte key (64 for AES-256). */
    public Det(KeyParameter key) {
        this(key.getKey());
    }

    /** An AES-SIV instance under a 32-, 48- or 64-byte key (64 for AES-256). */
    public Det(byte[] key) {
        if (key == null || (key.length != 32 && key.length != 48 && key.length != 64)) {
            throw new IllegalArgumentException("DET (AES-SIV) key must be 32, 48 or 64 bytes, got "
                    + (key == null ? "null" : key.length));
        }
        int half = key.length / 2;
        byte[] macKey = Arrays.copyOfRange(key, 0, half);
        byte[] ctrKey = Arrays.copyOfRange(key, half, key.length);
        this.macs = ThreadLocal.withInitial(() -> {
            CMac mac = new CMac(AESEngine.newInstance());
            mac.init(new KeyParameter(macKey));
            return mac;
        });
        this.ciphers = ThreadLocal.withInitial(() -> {
            CTRModeCipher ctr = SICBlockCipher.newInstance(AESEngine.newInstance());
            ctr.init(true, new ParametersWithIV(new KeyParameter(ctrKey), new byte[16]));
            return ctr;
        });
        this.macOfZero = cmac(macs.get(), ZERO_BLOCK);
    }


    /** SIV || CTR(pt); equal plaintexts always give equal ciphertexts under one key. */
    @Override
    public byte[] encrypt(byte[] pt) {
        return encrypt(pt, new byte[0][]);
    }

    /** The plaintext of {@code ct}; fails if {@code ct} was not produced by this key unaltered. */
    @Override
    public byte[] decrypt(byte[] ct) {
        return decrypt(ct, new byte[0][]);
    }

    /** RFC 5297 encryption with associated data strings (the known-answer vectors use one). */
    byte[] encrypt(byte[] pt, byte[][] associatedData) {
        byte[] v = s2v(associatedData, pt);
        byte[] out = new byte[SIV_LENGTH + pt.length];
        System.arraycopy(v, 0, out, 0, SIV_LENGTH);
        ctr(v, pt, 0, pt.length, out, SIV_LENGTH);
        return out;
    }

    byte[] decrypt(byte[] ct, byte[][] associatedData) {
        if (ct == null || ct.length < SIV_LENGTH) {
            throw new IllegalArgumentException("DET ciphertext must be at least " + SIV_LENGTH + " bytes, got "
                    + (ct == null ? "null" : ct.length));
        }
        byte[] v = Arrays.copyOf(ct, SIV_LENGTH);
        byte[] pt = new byte[ct.length - SIV_LENGTH];
        ctr(v, ct, SIV_LENGTH, pt.length, pt, 0);
        if (!MessageDigest.isEqual(v, s2v(associatedData, pt))) {
            throw new IllegalArgumentException("DET ciphertext is not authentic under this key"
                    + " (another column's key, another layer, or altered bytes)");
        }
        return pt;
    }

    private void ctr(byte[] v, byte[] in, int inOff, int len, byte[] out, int outOff) {
        // RFC 5297 2.6: Q = V with the top bit of each of its last two 32-bit words cleared.
        byte[] q = v.clone();
        q[8] &= 0x7f;
        q[12] &= 0x7f;
        CTRModeCipher ctr = ciphers.get();
        ctr.init(true, new ParametersWithIV(null, q));
        ctr.processBytes(in, inOff, len, out, outOff);
    }

    /** S2V (RFC 5297 2.4) over the associated data strings and then the plaintext. */
    private byte[] s2v(byte[][] associatedData, byte[] pt) {
        CMac mac = macs.get();
        byte[] d = macOfZero.clone();
        for (byte[] ad : associatedData) {
            dbl(d);
            xorInto(d, cmac(mac, ad), 0);
        }
        if (pt.length >= 16) {
            // T = Sn xorend D, fed to CMAC without copying the unchanged prefix.
            int head = pt.length - 16;
            mac.update(pt, 0, head);
            byte[] tail = Arrays.copyOfRange(pt, head, pt.length);
            xorInto(tail, d, 0);
            mac.update(tail, 0, 16);
        } else {
            dbl(d);
            byte[] padded = new byte[16];
            System.arraycopy(pt, 0, padded, 0, pt.length);
            padded[pt.length] = (byte) 0x80;
            xorInto(d, padded, 0);
            mac.update(d, 0, 16);
        }
        byte[] out = new byte[16];
        mac.doFinal(out, 0);
        return out;
    }

    private static byte[] cmac(CMac mac, byte[] data) {
        mac.update(data, 0, data.length);
        byte[] out = new byte[16];
        mac.doFinal(out, 0);
        return out;
    }

    /** Doubling in GF(2^128) as RFC 5297 defines it, in place. */
    private static void dbl(byte[] block) {
        int carry = (block[0] & 0x80) != 0 ? 0x87 : 0;
        for (int i = 0; i < 15; i++) {
            block[i] = (byte) ((block[i] << 1) | ((block[i + 1] & 0xff) >>> 7));
        }
        block[15] = (byte) ((block[15] << 1) ^ carry);
    }

    private static void xorInto(byte[] target, byte[] source, int offset) {
        for (int i = 0; i < source.length; i++) {
            target[offset + i] ^= source[i];
        }
    }
}
