package org.maat.encdb.rewrite;

import java.nio.ByteBuffer;
import java.sql.SQLException;
import org.maat.encdb.key.KeyDerivation;
import org.maat.encdb.onion.Det;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Rnd;
import org.maat.encdb.schema.ColumnType;
import org.maat.encdb.schema.EncryptedColumn;

/**
 * The key material of one encrypted column and the onion operations on its values: Eq =
 * RND(DET(JOIN(v))), Ord = RND(OPE(v)), Add = HOM(v), Search = SWP(words(v)), each encrypted to or
 * decrypted from a given layer. Keys come from the master key by HKDF with labels naming the column,
 * onion and layer ({@code EMPLOYEES.SALARY/ORD/OPE}); the JOIN key is named by the join group, so
 * every column of a group shares it. Immutable and thread-safe.
 */
public final class ColumnCipher {

    private final EncryptedColumn column;
    private final ColumnType type;
    private final byte[] eqRndKey;
    private final Rnd eqRnd;
    private final byte[] detKey;
    private final Det det;
    private final Det join;
    private final byte[] ordRndKey;
    private final Rnd ordRnd;
    private final OrderCipher order;
    private final AddCipher add;
    private final SearchCipher search;

    ColumnCipher(EncryptedColumn column, KeyDerivation keys, AddCipher add) throws SQLException {
        this.column = column;
        this.type = column.type();
        String label = column.qualifiedName();
        this.eqRndKey = keys.derive(label + "/EQ/RND", 32);
        this.eqRnd = new Rnd(eqRndKey);
        this.detKey = keys.derive(label + "/EQ/DET", 64);
        this.det = new Det(detKey);
        this.join = new Det(keys.derive("JOIN/" + column.joinGroup(), 64));
        this.ordRndKey = keys.derive(label + "/ORD/RND", 32);
        this.ordRnd = new Rnd(ordRndKey);
        this.order = column.has(org.maat.encdb.onion.Onion.ORD)
                ? new OrderCipher(type, keys.derive(label + "/ORD/OPE", 32)) : null;
        this.add = add;
        this.search = column.search() == null ? null
                : new SearchCipher(column.search(), keys.derive(label + "/SEARCH/SWP", 32));
    }

    public EncryptedColumn column() {
        return column;
    }

    /** Eq onion ciphertext of a stored (canonical) value at {@code layer}. */
    public byte[] eqEncrypt(Object stored, Layer layer, byte[] iv) {
        byte[] ct = join.encrypt(type.encode(stored));
        if (layer == Layer.JOIN) {
            return ct;
        }
        ct = det.encrypt(ct);
        return layer == Layer.DET ? ct : eqRnd.encrypt(ct, iv);
    }

    /** Inverse of {@link #eqEncrypt}. */
    public Object eqDecrypt(byte[] ct, Layer layer, byte[] iv) {
        byte[] pt = ct;
        if (layer == Layer.RND) {
            pt = eqRnd.decrypt(pt, iv);
        }
        if (layer == Layer.RND || layer == Layer.DET) {
            pt = det.decrypt(pt);
        }
        return type.decode(join.decrypt(pt));
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
