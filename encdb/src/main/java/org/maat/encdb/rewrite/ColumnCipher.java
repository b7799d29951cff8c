package org.maat.encdb.rewrite;

import java.nio.ByteBuffer;
import java.sql.SQLException;
import java.util.Arrays;
import org.bouncycastle.crypto.params.KeyParameter;
import org.maat.encdb.key.KeyDerivation;
import org.maat.encdb.onion.Det;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.LayerCipher;
import org.maat.encdb.onion.Rnd;
import org.maat.encdb.schema.ColumnType;
import org.maat.encdb.schema.EncryptedColumn;

/**
 * The key material of one encrypted column and the onion operations on its values: Eq =
 * RND(DET(JOIN(v))), Ord = RND(OPE(v)), Add = HOM(v), Search = SWP(words(v)), each encrypted to or
 * decrypted from a given layer. Keys come from the master key by HKDF with labels naming the column,
 * onion and layer ({@code EMPLOYEES.SALARY/ORD/OPE}); the JOIN key is named by the join group, so
 * every column of a group shares it. Thread-safe; the deterministic layers of recently used values
 * are memoized (bounded, least recently used forgotten first), so repeated values cost one map lookup.
 */
public final class ColumnCipher {

    private final EncryptedColumn column;
    private final ColumnType type;
    private final byte[] eqRndKey;
    private final LayerCipher.Randomized eqRnd;
    private final byte[] detKey;
    private final LayerCipher.Deterministic det;
    private final LayerCipher.Deterministic join;
    private final byte[] ordRndKey;
    private final LayerCipher.Randomized ordRnd;
    private final OrderCipher order;
    private final AddCipher add;
    private final SearchCipher search;
    // ERP columns repeat values heavily; each memo holds the last 32K to 64K distinct values used.
    private final BoundedMemo<Object, Deterministic> byValue = new BoundedMemo<>(MEMO_GENERATION);
    private final BoundedMemo<Siv, Object> byDet = new BoundedMemo<>(MEMO_GENERATION);
    private final BoundedMemo<Siv, Object> byJoin = new BoundedMemo<>(MEMO_GENERATION);

    private static final int MEMO_GENERATION = 1 << 15;

    ColumnCipher(EncryptedColumn column, KeyDerivation keys, AddCipher add) throws SQLException {
        this.column = column;
        this.type = column.type();
        String label = column.qualifiedName();
        this.eqRndKey = keys.derive(label + "/EQ/RND", 32);
        this.eqRnd = new Rnd(new KeyParameter(eqRndKey));
        this.detKey = keys.derive(label + "/EQ/DET", 64);
        this.det = new Det(new KeyParameter(detKey));
        this.join = new Det(new KeyParameter(keys.derive("JOIN/" + column.joinGroup(), 64)));
        this.ordRndKey = keys.derive(label + "/ORD/RND", 32);
        this.ordRnd = new Rnd(new KeyParameter(ordRndKey));
        this.order = column.has(org.maat.encdb.onion.Onion.ORD)
                ? new OrderCipher(label, type, keys.derive(label + "/ORD/OPE", 32)) : null;
        this.add = add;
        this.search = column.search() == null ? null
                : new SearchCipher(column.search(), keys.derive(label + "/SEARCH/SWP", 32));
    }

    public EncryptedColumn column() {
        return column;
    }

    /** The deterministic layers of one value: its JOIN and DET ciphertexts. */
    private record Deterministic(byte[] join, byte[] det) {
    }

    /**
     * A DET or JOIN (AES-SIV) ciphertext as a memo key. Only authentic ciphertexts are memoized, and each
     * starts with its 16-byte synthetic IV, an AES-CMAC (PRF) output: its first 8 bytes are as good a hash
     * as the whole value's and cost 8 reads instead of one per byte. Equal only if every byte is equal.
     */
    private static final class Siv {
        private final byte[] ciphertext;
        private final int hash;

        Siv(byte[] ciphertext) {
            this.ciphertext = ciphertext;
            this.hash = ciphertext.length >= 8 ? firstInt(ciphertext, 0) ^ firstInt(ciphertext, 4)
                    : Arrays.hashCode(ciphertext);
        }

        private static int firstInt(byte[] b, int off) {
            return (b[off] & 0xff) << 24 | (b[off + 1] & 0xff) << 16 | (b[off + 2] & 0xff) << 8 | (b[off + 3] & 0xff);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Siv other && Arrays.equals(ciphertext, other.ciphertext);
        }
    }

    /** Eq onion ciphertext of a stored (canonical) value at {@code layer}. */
    public byte[] eqEncrypt(Object stored, Layer layer, byte[] iv) {
        Deterministic d = byValue.get(stored);
        if (d == null) {
            byte[] j = join.encrypt(type.encode(stored));
            d = new Deterministic(j, det.encrypt(j));
            byValue.put(stored, d);
        }
        return switch (layer) {
            case JOIN -> d.join().clone();
            case DET -> d.det().clone();
            default -> eqRnd.encrypt(d.det(), iv);
        };
    }

    /** Inverse of {@link #eqEncrypt}. */
    public Object eqDecrypt(byte[] ct, Layer layer, byte[] iv) {
        byte[] inner = layer == Layer.RND ? eqRnd.decrypt(ct, iv) : ct;
        BoundedMemo<Siv, Object> memo = layer == Layer.JOIN ? byJoin : byDet;
        Object v = memo.get(new Siv(inner));
        if (v == null) {
            byte[] j = layer == Layer.JOIN ? inner : det.decrypt(inner);
            v = type.decode(join.decrypt(j));
            // The caller's array (DET, JOIN) may be reused after we return; the memo keeps its own copy.
            memo.put(new Siv(inner == ct ? ct.clone() : inner), v);
        }
        return fresh(v);
    }

    /** java.sql.Date and Timestamp are mutable: the application gets its own copy. */
    private static Object fresh(Object v) {
        if (v instanceof java.sql.Date d) {
            return new java.sql.Date(d.getTime());
        }
        if (v instanceof java.sql.Timestamp t) {
            java.sql.Timestamp c = new java.sql.Timestamp(t.getTime());
            c.setNanos(t.getNanos());
            return c;
        }
        return v;
    }

    /** Ord onion ciphertext (8-byte big-endian OPE, under RND when {@code layer} is RND). */
    public byte[] ordEncrypt(Object stored, Layer layer, byte[] iv) throws SQLException {
        byte[] ope = ByteBuffer.allocate(8).putLong(order.encrypt(stored)).array();
        return layer == Layer.RND ? ordRnd.encrypt(ope, iv) : ope;
    }

    /** The value behind an OPE ciphertext (what MIN/MAX return). */
    public Object ordDecrypt(byte[] ope) throws SQLException {
        return order.decrypt(ByteBuffer.wrap(ope).getLong());
    }

    public OrderCipher order() {
        return order;
    }

    public AddCipher add() {
        return add;
    }

    public SearchCipher search() {
        return search;
    }

    /** Key of the Eq onion's RND layer: what {@code MAAT_PEEL_RND} needs to expose DET. */
    byte[] eqRndKey() {
        return eqRndKey.clone();
    }

    /** Key of the DET layer: what {@code MAAT_PEEL_DET} needs to expose JOIN. */
    byte[] detKey() {
        return detKey.clone();
    }

    /** Key of the Ord onion's RND layer: what {@code MAAT_PEEL_RND} needs to expose OPE. */
    byte[] ordRndKey() {
        return ordRndKey.clone();
    }
}
