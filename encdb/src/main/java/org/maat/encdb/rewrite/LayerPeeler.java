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
     * Re-encrypts the JOIN layer of {@code column} and of every column that shares its JOIN key (every row,
     * on the client: H2 never holds both keys) under another join group's key, so an equi-join with that
     * group's columns becomes a ciphertext comparison; recorded in the catalog in the same transaction.
     * The two groups become one: H2 learns equality across all their columns, as the JOIN layer's leakage
     * says (a join of two groups' columns already lets it match values through them). Moving the whole
     * group keeps the joins that made it comparisons. A group with a column bound by a key constraint, or
     * one not at JOIN, does not move.
     */
    private void rejoin(Connection conn, Catalog catalog, EncryptedColumn column, String group) throws SQLException {
        if (column.joinGroup().equals(group)) {
            return;
        }
        java.util.List<EncryptedColumn> members = new java.util.ArrayList<>();
        for (var t : catalog.snapshot().tables().values()) {
            for (EncryptedColumn c : t.columns()) {
                if (c.plaintext() || !column.joinGroup().equals(c.joinGroup())) {
                    continue;
                }
                if (!c.qualifiedName().equals(column.qualifiedName()) && (c.pinned() != null || c.layer(Onion.EQ) != Layer.JOIN)) {
                    throw new SQLException("cannot move " + column.qualifiedName() + " into join group " + group
                            + ": " + c.qualifiedName() + " shares its JOIN key and " + (c.pinned() != null
                                    ? "is bound by " + c.pinned() : "is not at JOIN"), "0A000");
                }
                members.add(c);
            }
        }
        java.util.Map<String, org.maat.encdb.schema.EncryptedTable> changed = new java.util.LinkedHashMap<>();
        for (EncryptedColumn c : members) {
            changed.merge(c.table(), catalog.snapshot().table(c.table()).with(c.withJoinGroup(group)),
                    (a, b) -> a.with(c.withJoinGroup(group)));
        }
        catalog.putTables(conn, new java.util.ArrayList<>(changed.values()), c -> {
            for (EncryptedColumn m : members) {
                rekey(c, m, keys.cipher(m), keys.cipher(m.withJoinGroup(group)));
            }
        });
        for (String table : changed.keySet()) {
            refreshStatistics(conn, table);
        }
    }

    /** Re-encrypts every JOIN ciphertext of {@code column} from {@code from}'s key to {@code to}'s. */
    private static void rekey(Connection c, EncryptedColumn column, ColumnCipher from, ColumnCipher to)
            throws SQLException {
        String table = Identifiers.quote(column.table());
        String col = Identifiers.quote(column.physical(Onion.EQ));
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
    }
}
