package org.maat.encdb.rewrite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.Catalog;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.Identifiers;

/**
 * Adjustable encryption: removes one layer of one onion for a whole column, inside H2, with
 * {@code UPDATE t SET c = MAAT_PEEL_RND(c, key, iv)} (RND to DET or OPE) or
 * {@code MAAT_PEEL_DET(c, key)} (DET to JOIN), sending H2 only the key of the layer removed, and
 * records the new layer in the catalog in the same transaction; then refreshes H2's statistics of
 * the table, so that its plans see the new layer's distinct values.
 */
public final class LayerPeeler {

    /** H2's error code for a command that needs admin rights (ErrorCode.NOT_ENOUGH_RIGHTS_FOR_1). */
    private static final int NOT_ENOUGH_RIGHTS = 90096;

    private final KeyRing keys;

    public LayerPeeler(KeyRing keys) {
        this.keys = keys;
    }

    /** Peels (or re-keys) as {@code request} says, unless another connection already did. */
    public void peel(Connection conn, Catalog catalog, PeelRequired request) throws SQLException {
        EncryptedColumn current = catalog.snapshot().table(request.column().table()).column(request.column().name());
        if (request.joinGroup() != null) {
            rejoin(conn, catalog, current, request.joinGroup());
            return;
        }
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
        refreshStatistics(conn, current.table());
    }

    /**
     * Recomputes H2's statistics of {@code table} from every row, after a peel committed. H2 chooses
     * indexes by each column's selectivity; computed over RND ciphertexts (every value distinct) it
     * says 100 where the DET or OPE layer now exposes, say, 19 distinct values, and H2 would keep
     * planning as if an equality on the column found one row. ANALYZE commits, so it runs only once
     * the peel's transaction has; it needs admin rights, and without them the peel stands and H2
     * keeps the statistics it had.
     */
    static void refreshStatistics(Connection conn, String table) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.execute("ANALYZE TABLE " + Identifiers.quote(table) + " SAMPLE_SIZE 0");
        } catch (SQLException e) {
            if (e.getErrorCode() != NOT_ENOUGH_RIGHTS) {
                throw e;
            }
        }
    }

    /**
     * Re-encrypts a column's JOIN layer (every row, on the client: H2 never holds both keys) under
     * another join group's key, so an equi-join with that group's columns becomes a ciphertext
     * comparison; recorded in the catalog in the same transaction. H2 learns equality across the
     * two columns, as the JOIN layer's leakage says.
     */
    private void rejoin(Connection conn, Catalog catalog, EncryptedColumn column, String group) throws SQLException {
        if (column.joinGroup().equals(group)) {
            return;
        }
        for (var t : catalog.snapshot().tables().values()) {
            for (EncryptedColumn c : t.columns()) {
                if (c != column && column.joinGroup().equals(c.joinGroup())) {
                    throw new SQLException("cannot move " + column.qualifiedName() + " into join group " + group
                            + ": " + c.qualifiedName() + " shares its JOIN key", "0A000");
                }
            }
        }
        ColumnCipher from = keys.cipher(column);
        EncryptedColumn moved = column.withJoinGroup(group);
        ColumnCipher to = keys.cipher(moved);
        String table = Identifiers.quote(column.table());
        String col = Identifiers.quote(column.physical(Onion.EQ));
        var snapshotTable = catalog.snapshot().table(column.table());
        catalog.putTables(conn, java.util.List.of(snapshotTable.with(moved)), c -> {
            try (PreparedStatement read = c.prepareStatement("SELECT _ROWID_, " + col + " FROM " + table
                    + " WHERE " + col + " IS NOT NULL");
                    PreparedStatement write = c.prepareStatement("UPDATE " + table + " SET " + col
                            + " = ? WHERE _ROWID_ = ?");
                    java.sql.ResultSet rs = read.executeQuery()) {
                int batch = 0;
                while (rs.next()) {
                    Object value = from.eqDecrypt(rs.getBytes(2), Layer.JOIN, null);
                    write.setBytes(1, to.eqEncrypt(value, Layer.JOIN, null));
                    write.setObject(2, rs.getObject(1));
                    write.addBatch();
                    if (++batch % 1000 == 0) {
                        write.executeBatch();
                    }
                }
                write.executeBatch();
            }
        });
        refreshStatistics(conn, column.table());
    }
}
