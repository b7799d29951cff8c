package org.maat.encdb.onion;

import java.util.Arrays;
import java.util.function.DoubleSupplier;
import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * The OPE layer: Boldyreva, Chenette, Lee and O'Neill's order-preserving encryption ("Order-preserving
 * symmetric encryption", EUROCRYPT 2009), with lazy sampling of a random order-preserving function from
 * the plaintext domain {@code [0, 2^plaintextBits)} into the ciphertext range
 * {@code [0, 2^ciphertextBits)}.
 *
 * <p>Encryption walks a binary search over the range: at each node it splits the range in half and
 * draws, from the hypergeometric distribution ({@link Hypergeometric}), how many domain points fall
 * into the lower half; the plaintext descends into the half that holds it until it is alone in its
 * domain interval, and its ciphertext is then a point of that range interval drawn uniformly. Every
 * draw takes its coins from a tape that is an AES-based pseudorandom function of the key and the node
 * (the range interval), so the function is fixed by the key: encryption is deterministic, the same key
 * gives the same ciphertexts in every instance and JVM, and decryption retraces the walk.
 *
 * <p>Guarantees: {@code a < b} if and only if {@code encrypt(a) < encrypt(b)}, so H2 can evaluate
 * range predicates, ORDER BY, MIN and MAX on ciphertexts stored as BIGINT ({@code ciphertextBits <= 63}
 * keeps them non-negative). Leaks: order and equality, and, as Boldyreva et al. (CRYPTO 2011) show,
 * roughly the upper half of each plaintext's bits to an observer of the ciphertexts. Decrypting a value
 * that is not a ciphertext under this key fails. Instances are thread-safe; recent results are kept in a
 * bounded memo cache, since ERP columns repeat values heavily.
 */
public final class Ope implements LayerCipher.OrderPreserving {

    /** Largest plaintext width: leaves 15 bits of expansion below BIGINT's 63 non-negative bits. */
    public static final int MAX_PLAINTEXT_BITS = 48;
    /** Largest ciphertext width: ciphertexts must stay non-negative as a signed BIGINT. */
    public static final int MAX_CIPHERTEXT_BITS = 63;
    /** Default size of the memo cache (entries, per direction). */
    public static final int DEFAULT_CACHE_ENTRIES = 1 << 16;

    private static final long LEAF = Long.MIN_VALUE;

    private final byte[] key;
    private final int plaintextBits;
    private final int ciphertextBits;
    private final long domainMax;
    private final long rangeMax;
    private final ThreadLocal<Tape> tapes;
    private final MemoCache encryptions;
    private final MemoCache decryptions;
    private final MemoCache splits;

    /** An OPE under a 32-byte key from {@code plaintextBits}-bit plaintexts to {@code ciphertextBits}-bit ciphertexts. */
    public Ope(KeyParameter key, int plaintextBits, int ciphertextBits) {
        this(key.getKey(), plaintextBits, ciphertextBits, DEFAULT_CACHE_ENTRIES);
    }

    /** An OPE under a 32-byte key from {@code plaintextBits}-bit plaintexts to {@code ciphertextBits}-bit ciphertexts. */
    public Ope(byte[] key32, int plaintextBits, int ciphertextBits) {
        this(key32, plaintextBits, ciphertextBits, DEFAULT_CACHE_ENTRIES);
    }

    /** As {@link #Ope(byte[], int, int)} with a memo cache of {@code cacheEntries} (a power of two, or 0 for none). */
    public Ope(byte[] key32, int plaintextBits, int ciphertextBits, int cacheEntries) {
        if (key32 == null || key32.length != 32) {
            throw new IllegalArgumentException("OPE key must be 32 bytes, got " + (key32 == null ? "null" : key32.length));
        }
        if (plaintextBits < 1 || plaintextBits > MAX_PLAINTEXT_BITS) {
            throw new IllegalArgumentException("OPE plaintextBits must be 1.." + MAX_PLAINTEXT_BITS + ", got " + plaintextBits);
        }
        if (ciphertextBits < plaintextBits || ciphertextBits > MAX_CIPHERTEXT_BITS) {
            throw new IllegalArgumentException("OPE ciphertextBits must be " + plaintextBits + ".." + MAX_CIPHERTEXT_BITS
                    + " (at least plaintextBits), got " + ciphertextBits);
        }
        if (cacheEntries < 0 || Integer.bitCount(cacheEntries) > 1) {
            throw new IllegalArgumentException("OPE cache size must be 0 or a power of two, got " + cacheEntries);
        }
        this.key = key32.clone();
        this.plaintextBits = plaintextBits;
        this.ciphertextBits = ciphertextBits;
        this.domainMax = (1L << plaintextBits) - 1;
        this.rangeMax = ciphertextBits == 63 ? Long.MAX_VALUE : (1L << ciphertextBits) - 1;
        this.tapes = ThreadLocal.withInitial(() -> new Tape(key));
        this.encryptions = new MemoCache(cacheEntries);
        this.decryptions = new MemoCache(cacheEntries);
        this.splits = new MemoCache(cacheEntries);
    }


    /** Plaintexts are {@code 0 .. 2^plaintextBits - 1}. */
    public int plaintextBits() {
        return plaintextBits;
    }

    /** Ciphertexts are {@code 0 .. 2^ciphertextBits - 1}. */
    public int ciphertextBits() {
        return ciphertextBits;
    }

    /** The ciphertext of {@code pt}, which must lie in {@code [0, 2^plaintextBits)}. */
    @Override
    public long encrypt(long pt) {
        if (pt < 0 || pt > domainMax) {
            throw new IllegalArgumentException("OPE plaintext " + pt + " is outside [0, 2^" + plaintextBits + ")");
        }
        long cached = encryptions.get(pt);
        if (cached != MemoCache.MISSING) {
            return cached;
        }
        Tape tape = tapes.get();
        long dlo = 0;
        long dhi = domainMax;
        long rlo = 0;
        long rhi = rangeMax;
        while (dlo != dhi) {
            long lowerHalf = (rhi - rlo) / 2 + 1; // ceil(N/2) points of the range go left
            long left = split(tape, dlo, dhi, rlo, rhi, lowerHalf);
            if (pt < dlo + left) {
                dhi = dlo + left - 1;
                rhi = rlo + lowerHalf - 1;
            } else {
                dlo = dlo + left;
                rlo = rlo + lowerHalf;
            }
        }
        long ct = leaf(tape, pt, rlo, rhi);
        encryptions.put(pt, ct);
        decryptions.put(ct, pt);
        return ct;
    }

    /** The plaintext of {@code ct}; fails if {@code ct} is not the ciphertext of any plaintext under this key. */
    @Override
    public long decrypt(long ct) {
        if (ct < 0 || ct > rangeMax) {
            throw new IllegalArgumentException("OPE ciphertext " + ct + " is outside [0, 2^" + ciphertextBits + ")");
        }
        long cached = decryptions.get(ct);
        if (cached != MemoCache.MISSING) {
            return cached;
        }
        Tape tape = tapes.get();
        long dlo = 0;
        long dhi = domainMax;
        long rlo = 0;
        long rhi = rangeMax;
        while (dlo != dhi) {
            long lowerHalf = (rhi - rlo) / 2 + 1;
            long left = split(tape, dlo, dhi, rlo, rhi, lowerHalf);
            if (ct < rlo + lowerHalf) {
                if (left == 0) {
                    throw notACiphertext(ct);
                }
                dhi = dlo + left - 1;
                rhi = rlo + lowerHalf - 1;
            } else {
                if (left == dhi - dlo + 1) {
                    throw notACiphertext(ct);
                }
                dlo = dlo + left;
                rlo = rlo + lowerHalf;
            }
        }
        if (leaf(tape, dlo, rlo, rhi) != ct) {
            throw notACiphertext(ct);
        }
        decryptions.put(ct, dlo);
        encryptions.put(dlo, ct);
        return dlo;
    }

    private IllegalArgumentException notACiphertext(long ct) {
        return new IllegalArgumentException("value " + ct + " is not an OPE ciphertext under this key"
                + " (another column's key, another layer, or altered data)");
    }

    /**
     * How many of the domain points {@code dlo..dhi} the random order-preserving function maps into the
     * lower {@code lowerHalf} points of {@code rlo..rhi}: a hypergeometric draw with coins bound to the node.
     */
    private long split(Tape tape, long dlo, long dhi, long rlo, long rhi, long lowerHalf) {
        // A node is identified by its range interval: the range is always halved the same way, and the
        // domain interval at a node is itself a function of the key. Nodes near the root are shared by
        // every encryption, so their draws are memoised.
        long nodeKey = rlo * 0x9E3779B97F4A7C15L ^ rhi;
        long cached = splits.get(nodeKey, rlo, rhi);
        if (cached != MemoCache.MISSING) {
            return cached;
        }
        long white = dhi - dlo + 1;
        long black = (rhi - rlo - white) + 1; // range points no plaintext maps to
        tape.start(rlo, rhi);
        long left = Hypergeometric.sample(white, black, lowerHalf, tape);
        splits.put(nodeKey, rlo, rhi, left);
        return left;
    }

    /** The ciphertext of the only plaintext {@code pt} of a node: a uniform point of {@code rlo..rhi}. */
    private static long leaf(Tape tape, long pt, long rlo, long rhi) {
        // Leaf tapes are keyed by (plaintext, node) and flagged so they never coincide with a split's tape.
        tape.start(pt, rhi | LEAF);
        long n = rhi - rlo + 1; // at most 2^62: the root is never a leaf since plaintextBits >= 1
        long bits;
        long value;
        do {
            bits = tape.nextLong() >>> 1;
            value = bits % n;
        } while (bits - value + (n - 1) < 0); // reject the top partial block, for uniformity
        return rlo + value;
    }

    /**
     * The coin tape: AES-256 in counter mode under a tape key, started at a block that is an AES-256
     * pseudorandom function of the node under a separate node key. One per thread.
     */
    private static final class Tape implements DoubleSupplier {
        private final BlockCipher nodePrf = AESEngine.newInstance();
        private final BlockCipher stream = AESEngine.newInstance();
        private final byte[] counter = new byte[16];
        private final byte[] block = new byte[16];
        private int used = 16;

        Tape(byte[] key) {
            nodePrf.init(true, new KeyParameter(key));
            // The tape key is the PRF at two points no node maps to (a node's first word is never -1).
            byte[] tapeKey = new byte[32];
            byte[] probe = new byte[16];
            Arrays.fill(probe, (byte) 0xff);
            nodePrf.processBlock(probe, 0, tapeKey, 0);
            probe[15] = (byte) 0xfe;
            nodePrf.processBlock(probe, 0, tapeKey, 16);
            stream.init(true, new KeyParameter(tapeKey));
        }

        void start(long a, long b) {
            byte[] in = new byte[16];
            putLong(in, 0, a);
            putLong(in, 8, b);
            nodePrf.processBlock(in, 0, counter, 0);
            used = 16;
        }

        long nextLong() {
            if (used == 16) {
                stream.processBlock(counter, 0, block, 0);
                incrementCounter();
                used = 0;
            }
            long v = 0;
            for (int i = 0; i < 8; i++) {
                v = (v << 8) | (block[used + i] & 0xff);
            }
            used += 8;
            return v;
        }

        private void incrementCounter() {
            int i = 15;
            while (i >= 0 && ++counter[i] == 0) {
                i--; // the byte wrapped: carry into the next one
            }
        }

        /** A uniform double in the open interval (0, 1) from 53 bits of the tape. */
        @Override
        public double getAsDouble() {
            return ((nextLong() >>> 11) + 0.5) * 0x1.0p-53;
        }

        private static void putLong(byte[] out, int off, long v) {
            for (int i = 7; i >= 0; i--) {
                out[off + i] = (byte) v;
                v >>>= 8;
            }
        }
    }

    /**
     * A bounded, lock-free, direct-mapped memo: each key has one slot, a newer entry replaces an older
     * one. Entries are immutable objects with final fields, so a racy read sees either a whole entry or
     * none; a lost write only costs a recomputation.
     */
    private static final class MemoCache {
        static final long MISSING = Long.MIN_VALUE;

        private record Entry(long key, long extra, long value) {
        }

        private final Entry[] slots;
        private final int mask;

        MemoCache(int entries) {
            this.slots = new Entry[entries];
            this.mask = entries - 1;
        }

        long get(long key) {
            return get(key, key, 0);
        }

        void put(long key, long value) {
            put(key, key, 0, value);
        }

        long get(long hash, long key, long extra) {
            if (slots.length == 0) {
                return MISSING;
            }
            Entry e = slots[index(hash)];
            return e != null && e.key == key && e.extra == extra ? e.value : MISSING;
        }

        void put(long hash, long key, long extra, long value) {
            if (slots.length != 0) {
                slots[index(hash)] = new Entry(key, extra, value);
            }
        }

        /** MurmurHash3's finalizer: node keys differ only in high bits, which a multiply alone leaves clustered. */
        private int index(long hash) {
            long h = hash;
            h ^= h >>> 33;
            h *= 0xff51afd7ed558ccdL;
            h ^= h >>> 33;
            h *= 0xc4ceb9fe1a85ec53L;
            h ^= h >>> 33;
            return (int) h & mask;
        }
    }
}
