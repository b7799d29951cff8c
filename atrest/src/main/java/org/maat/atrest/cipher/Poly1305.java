package org.maat.atrest.cipher;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Poly1305 (RFC 8439, section 2.5) in the layout its AEAD construction feeds it: every input is a run of bytes
 * zero-padded to a multiple of 16 ({@link #padded}), then the 16-byte block of both lengths ({@link #lengths}), so
 * no partial block is ever buffered. The accumulator is five 26-bit limbs and each 16-byte block costs a 5x5
 * multiplication of longs (poly1305-donna's 32-bit scheme); nothing is allocated after construction.
 *
 * <p>Mutable and not thread-safe: one instance per thread, keyed with {@link #init} for every message. The
 * arithmetic has no data-dependent branch.
 */
final class Poly1305 {

    private static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long M26 = 0x3ffffff;
    private static final long HIBIT = 1L << 24;

    private long r0, r1, r2, r3, r4;
    private long h0, h1, h2, h3, h4;
    private int pad0, pad1, pad2, pad3;
    private final byte[] block = new byte[16];

    /** Keys the MAC with the one-time 32-byte key {@code key[offset..offset+32)}: r (clamped), then s. */
    void init(byte[] key, int offset) {
        r0 = uint(key, offset) & 0x3ffffff;
        r1 = (uint(key, offset + 3) >>> 2) & 0x3ffff03;
        r2 = (uint(key, offset + 6) >>> 4) & 0x3ffc0ff;
        r3 = (uint(key, offset + 9) >>> 6) & 0x3f03fff;
        r4 = (uint(key, offset + 12) >>> 8) & 0x00fffff;
        pad0 = (int) LE_INT.get(key, offset + 16);
        pad1 = (int) LE_INT.get(key, offset + 20);
        pad2 = (int) LE_INT.get(key, offset + 24);
        pad3 = (int) LE_INT.get(key, offset + 28);
        h0 = h1 = h2 = h3 = h4 = 0;
    }

    /** Absorbs {@code length} bytes, the last block zero-padded to 16 bytes (RFC 8439's pad16). */
    void padded(byte[] m, int offset, int length) {
        int full = length & ~15;
        blocks(m, offset, full);
        int rest = length - full;
        if (rest > 0) {
            java.util.Arrays.fill(block, rest, 16, (byte) 0);
            System.arraycopy(m, offset + full, block, 0, rest);
            blocks(block, 0, 16);
        }
    }

    /** Absorbs the block of the two lengths, each as a little-endian 64-bit number. */
    void lengths(long first, long second) {
        absorb((int) first, (int) (first >>> 32), (int) second, (int) (second >>> 32));
    }

    /** Writes the 16-byte tag to {@code out[offset..offset+16)}. */
    void finish(byte[] out, int offset) {
        long c;
        long g0, g1, g2, g3, g4;
        long a0 = h0, a1 = h1, a2 = h2, a3 = h3, a4 = h4;
        c = a1 >>> 26; a1 &= M26;
        a2 += c; c = a2 >>> 26; a2 &= M26;
        a3 += c; c = a3 >>> 26; a3 &= M26;
        a4 += c; c = a4 >>> 26; a4 &= M26;
        a0 += c * 5; c = a0 >>> 26; a0 &= M26;
        a1 += c;
        // h - p = h + 5 - 2^130: keep it when it does not go below zero (h >= p).
        g0 = a0 + 5; c = g0 >>> 26; g0 &= M26;
        g1 = a1 + c; c = g1 >>> 26; g1 &= M26;
        g2 = a2 + c; c = g2 >>> 26; g2 &= M26;
        g3 = a3 + c; c = g3 >>> 26; g3 &= M26;
        g4 = a4 + c - (1L << 26);
        long keep = (g4 >>> 63) - 1; // all ones when g4 >= 0
        a0 = (a0 & ~keep) | (g0 & keep);
        a1 = (a1 & ~keep) | (g1 & keep);
        a2 = (a2 & ~keep) | (g2 & keep);
        a3 = (a3 & ~keep) | (g3 & keep);
        a4 = (a4 & ~keep) | (g4 & keep);
        long w0 = (a0 | a1 << 26) & 0xffffffffL;
        long w1 = (a1 >>> 6 | a2 << 20) & 0xffffffffL;
        long w2 = (a2 >>> 12 | a3 << 14) & 0xffffffffL;
        long w3 = (a3 >>> 18 | a4 << 8) & 0xffffffffL;
        long f = w0 + (pad0 & 0xffffffffL);
        LE_INT.set(out, offset, (int) f);
        f = w1 + (pad1 & 0xffffffffL) + (f >>> 32);
        LE_INT.set(out, offset + 4, (int) f);
        f = w2 + (pad2 & 0xffffffffL) + (f >>> 32);
        LE_INT.set(out, offset + 8, (int) f);
        f = w3 + (pad3 & 0xffffffffL) + (f >>> 32);
        LE_INT.set(out, offset + 12, (int) f);
    }

    /** Absorbs {@code length} bytes, a multiple of 16, as full blocks. */
    private void blocks(byte[] m, int offset, int length) {
        long a0 = h0, a1 = h1, a2 = h2, a3 = h3, a4 = h4;
        final long k0 = r0, k1 = r1, k2 = r2, k3 = r3, k4 = r4;
        final long s1 = k1 * 5, s2 = k2 * 5, s3 = k3 * 5, s4 = k4 * 5;
        for (int end = offset + length; offset < end; offset += 16) {
            long t0 = uint(m, offset);
            long t1 = uint(m, offset + 4);
            long t2 = uint(m, offset + 8);
            long t3 = uint(m, offset + 12);
            a0 += t0 & M26;
            a1 += (t0 >>> 26 | t1 << 6) & M26;
            a2 += (t1 >>> 20 | t2 << 12) & M26;
            a3 += (t2 >>> 14 | t3 << 18) & M26;
            a4 += t3 >>> 8 | HIBIT;
            long d0 = a0 * k0 + a1 * s4 + a2 * s3 + a3 * s2 + a4 * s1;
            long d1 = a0 * k1 + a1 * k0 + a2 * s4 + a3 * s3 + a4 * s2;
            long d2 = a0 * k2 + a1 * k1 + a2 * k0 + a3 * s4 + a4 * s3;
            long d3 = a0 * k3 + a1 * k2 + a2 * k1 + a3 * k0 + a4 * s4;
            long d4 = a0 * k4 + a1 * k3 + a2 * k2 + a3 * k1 + a4 * k0;
            long c = d0 >>> 26; a0 = d0 & M26;
            d1 += c; c = d1 >>> 26; a1 = d1 & M26;
            d2 += c; c = d2 >>> 26; a2 = d2 & M26;
            d3 += c; c = d3 >>> 26; a3 = d3 & M26;
            d4 += c; c = d4 >>> 26; a4 = d4 & M26;
            a0 += c * 5; c = a0 >>> 26; a0 &= M26;
            a1 += c;
        }
        h0 = a0; h1 = a1; h2 = a2; h3 = a3; h4 = a4;
    }

    private void absorb(int w0, int w1, int w2, int w3) {
        LE_INT.set(block, 0, w0);
        LE_INT.set(block, 4, w1);
        LE_INT.set(block, 8, w2);
        LE_INT.set(block, 12, w3);
        blocks(block, 0, 16);
    }

    private static long uint(byte[] b, int at) {
        return (int) LE_INT.get(b, at) & 0xffffffffL;
    }
}
