package org.maat.encdb.rewrite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.Catalog;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.Identifiers;

/**
 * Adjustable encryption: removes one layer of one onion for a whole column, inside H2, with
 * {@code UPDATE t SET c = MAAT_PEEL_RND(c, key, iv)} (RND to DET or OPE) or
 * {@code MAAT_PEEL_DET(c, key)} (DET to JOIN), sending H2 only the key of the layer removed, and
 * records the new layer in the catalog in the same transaction.
 */
public final class LayerPeeler {

    private final KeyRing keys;

    public LayerPeeler(KeyRing keys) {
        this.keys = keys;
    }

    /** Peels as {@code request} says, unless another connection already did. */
    public void peel(Connection conn, Catalog catalog, PeelRequired request) throws SQLException {
        EncryptedColumn current = catalog.snapshot().table(request.column().table()).column(request.column().name());
        Onion onion = request.onion();
        if (current.reached(onion, request.target())) {
            return;
        }
        Layer from = current.layer(onion);
        Layer to = onion.layers().get(onion.layers().indexOf(from) + 1);
        ColumnCipher cipher = keys.cipher(current);
        String table = Identifiers.quote(current.table());
        String col = Identifiers.quote(current.physical(onion));
        String sql;
        byte[] key;
        if (from == Layer.RND) {
            sql = "UPDATE " + table + " SET " + col + " = MAAT_PEEL_RND(" + col + ", ?, "
                    + Identifiers.quote(current.ivColumn()) + ") WHERE " + col + " IS NOT NULL";
            key = onion == Onion.EQ ? cipher.eqRndKey() : cipher.ordRndKey();
        } else if (from == Layer.DET && to == Layer.JOIN) {
            sql = "UPDATE " + table + " SET " + col + " = MAAT_PEEL_DET(" + col + ", ?) WHERE " + col + " IS NOT NULL";
            key = cipher.detKey();
        } else {
            throw new IllegalStateException("no peel from " + from + " to " + to);
        }
        catalog.setLayer(conn, current, onion, to, c -> {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setBytes(1, key);
                ps.executeUpdate();
            }
        });
    }
}
