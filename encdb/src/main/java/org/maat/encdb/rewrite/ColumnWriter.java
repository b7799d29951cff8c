package org.maat.encdb.rewrite;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.onion.Rnd;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.Identifiers;

/**
 * Writes one logical column's value into its physical columns: every onion at its current layer,
 * and a fresh IV when an onion is still at RND, so INSERT and UPDATE keep all onions of a row
 * consistent. A plaintext column is written as it is.
 */
final class ColumnWriter {

    private final EncryptedColumn column;
    private final ColumnCipher cipher;
    private final List<String> physical = new ArrayList<>();

    ColumnWriter(EncryptedColumn column, KeyRing keys) throws SQLException {
        this.column = column;
        this.cipher = column.plaintext() ? null : keys.cipher(column);
        if (column.plaintext()) {
            physical.add(column.plainColumn());
        } else {
            for (Onion o : column.onions()) {
                physical.add(Identifiers.quote(column.physical(o)));
            }
            if (column.needsIv()) {
                physical.add(Identifiers.quote(column.ivColumn()));
            }
        }
    }

    EncryptedColumn column() {
        return column;
    }

    /** Physical column names, in the order {@link #write} fills parameters. */
    List<String> physicalColumns() {
        return physical;
    }

    /** The stored (canonical) value, checking NOT NULL, length and range as H2 would. */
    Object stored(Object value) throws SQLException {
        if (value == null) {
            if (!column.nullable()) {
                throw new SQLException("NULL not allowed for column \"" + column.name() + "\"", "23502");
            }
            return null;
        }
        return column.type() == null ? value : column.type().toStored(value, column.qualifiedName());
    }

    /** Sets parameters {@code first ..} of {@code ps} to the physical values of {@code stored}. */
    void write(Object stored, PreparedStatement ps, int first) throws SQLException {
        int i = first;
        if (column.plaintext()) {
            ps.setObject(i, stored);
            return;
        }
        if (stored == null) {
            for (int k = 0; k < physical.size(); k++) {
                ps.setNull(i + k, Types.VARBINARY);
            }
            return;
        }
        byte[] iv = column.needsIv() ? Rnd.newIv() : null;
        for (Onion o : column.onions()) {
            Layer layer = column.layer(o);
            byte[] ct = switch (o) {
                case EQ -> cipher.eqEncrypt(stored, layer, iv);
                case ORD -> cipher.ordEncrypt(stored, layer, iv);
                case ADD -> cipher.add().encrypt(column.type().additiveValue(stored));
                case SEARCH -> cipher.search().encrypt(stored.toString());
            };
            ps.setBytes(i++, ct);
        }
        if (iv != null) {
            ps.setBytes(i, iv);
        }
    }
}
