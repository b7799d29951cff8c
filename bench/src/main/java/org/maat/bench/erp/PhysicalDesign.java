package org.maat.bench.erp;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.CatalogSnapshot;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.EncryptedTable;

/**
 * What H2 plans with on one side of the ERP comparison, in the application's terms: the indexes of
 * the PUBLIC tables (an index on an encrypted column's Eq onion is an index on the column, one on
 * another onion is named after it, e.g. {@code SALARY/ORD}) and each column's selectivity (H2's
 * statistic, 1-100: distinct values per 100 rows; on the encrypted side, of the column's Eq onion and,
 * as {@code COLUMN/ORD}, of its Ord onion). Two sides compare like for like when their indexes are
 * the same and every column whose onion sits at a deterministic layer has the plaintext's selectivity.
 */
public final class PhysicalDesign {

    /**
     * Indexes as {@code TABLE(COL, ...)}, with {@code UNIQUE INDEX}/{@code PRIMARY KEY} where H2 says so,
     * sorted; a column can have two (a declared index beside the one H2 makes for a foreign key).
     */
    private final List<String> indexes;
    /** {@code TABLE.COLUMN} to H2's selectivity. */
    private final TreeMap<String, Integer> selectivity;
    /** {@code TABLE.COLUMN} to the layer its statistic was computed on (encrypted side only). */
    private final Map<String, Layer> layers;

    private PhysicalDesign(List<String> indexes, TreeMap<String, Integer> selectivity, Map<String, Layer> layers) {
        this.indexes = indexes;
        this.selectivity = selectivity;
        this.layers = layers;
    }

    /** The design of a plaintext H2 database. */
    public static PhysicalDesign plain(Connection h2) throws SQLException {
        return read(h2, (table, column) -> column);
    }

    /**
     * The design of an encrypted database, read on its H2 file ({@code server}) and named through the
     * driver's {@code catalog}.
     */
    public static PhysicalDesign encrypted(Connection server, CatalogSnapshot catalog) throws SQLException {
        Map<String, String> logical = new HashMap<>();
        Map<String, Layer> layers = new HashMap<>();
        for (EncryptedTable t : catalog.tables().values()) {
            for (EncryptedColumn c : t.columns()) {
                if (c.plaintext()) {
                    logical.put(t.name() + "." + c.name(), c.name());
                    continue;
                }
                for (Onion o : c.onions()) {
                    String name = o == Onion.EQ ? c.name() : c.name() + "/" + o;
                    logical.put(t.name() + "." + c.physical(o), name);
                    layers.put(t.name() + "." + name, c.layer(o));
                }
                logical.put(t.name() + "." + c.ivColumn(), null); // per-row IVs: no plaintext counterpart
            }
        }
        PhysicalDesign d = read(server, (table, column) -> logical.getOrDefault(table + "." + column,
                column + "(unknown)"));
        d.layers.putAll(layers);
        return d;
    }

    @FunctionalInterface
    private interface Naming {
        /** The logical name of a physical column, or null to leave it out. */
        String of(String table, String physicalColumn);
    }

    private static PhysicalDesign read(Connection h2, Naming naming) throws SQLException {
        List<String> indexes = new ArrayList<>();
        TreeMap<String, Integer> selectivity = new TreeMap<>();
        try (Statement st = h2.createStatement()) {
            try (ResultSet rs = st.executeQuery("SELECT I.TABLE_NAME, I.INDEX_NAME, I.INDEX_TYPE_NAME, C.COLUMN_NAME"
                    + " FROM INFORMATION_SCHEMA.INDEXES I JOIN INFORMATION_SCHEMA.INDEX_COLUMNS C"
                    + " ON I.TABLE_SCHEMA = C.TABLE_SCHEMA AND I.TABLE_NAME = C.TABLE_NAME AND I.INDEX_NAME = C.INDEX_NAME"
                    + " WHERE I.TABLE_SCHEMA = 'PUBLIC' ORDER BY I.TABLE_NAME, I.INDEX_NAME, C.ORDINAL_POSITION")) {
                Map<String, List<String>> columns = new TreeMap<>();
                Map<String, String> kinds = new HashMap<>();
                while (rs.next()) {
                    String key = rs.getString(1) + "\u0000" + rs.getString(2);
                    columns.computeIfAbsent(key, k -> new ArrayList<>())
                            .add(Objects.requireNonNullElse(naming.of(rs.getString(1), rs.getString(4)), "?"));
                    kinds.put(key, rs.getString(3));
                }
                for (Map.Entry<String, List<String>> e : columns.entrySet()) {
                    String table = e.getKey().substring(0, e.getKey().indexOf('\u0000'));
                    String kind = kinds.get(e.getKey());
                    indexes.add(table + "(" + String.join(", ", e.getValue()) + ")"
                            + (kind.equals("INDEX") ? "" : " " + kind));
                }
            }
            try (ResultSet rs = st.executeQuery("SELECT TABLE_NAME, COLUMN_NAME, SELECTIVITY FROM INFORMATION_SCHEMA.COLUMNS"
                    + " WHERE TABLE_SCHEMA = 'PUBLIC' AND SELECTIVITY IS NOT NULL")) {
                while (rs.next()) {
                    String name = naming.of(rs.getString(1), rs.getString(2));
                    if (name != null) {
                        selectivity.put(rs.getString(1) + "." + name, rs.getInt(3));
                    }
                }
            }
        }
        Collections.sort(indexes);
        return new PhysicalDesign(indexes, selectivity, new HashMap<>());
    }

    /** The indexes, as {@code TABLE(COL, ...) [UNIQUE INDEX|PRIMARY KEY]}. */
    public List<String> indexes() {
        return List.copyOf(indexes);
    }

    /** H2's selectivity of {@code TABLE.COLUMN} (an onion as {@code TABLE.COLUMN/ORD}), or null. */
    public Integer selectivity(String column) {
        return selectivity.get(column);
    }

    /**
     * How {@code encrypted} differs from this (plaintext) design, a line per difference: an index on one
     * side only, or a column whose statistic differs although its onion is deterministic (DET, JOIN, OPE:
     * as many distinct values as the plaintext). Empty when H2 sees the same design on both sides.
     * Columns still at RND are left out: their ciphertexts are all distinct, which is what H2 is told.
     * H2 counts distinct values approximately (by a hash of each), so selectivities 1 apart are the same.
     */
    public List<String> differences(PhysicalDesign encrypted) {
        List<String> out = new ArrayList<>();
        List<String> onlyPlain = new ArrayList<>(indexes);
        encrypted.indexes.forEach(onlyPlain::remove);
        List<String> onlyEncrypted = new ArrayList<>(encrypted.indexes);
        indexes.forEach(onlyEncrypted::remove);
        onlyPlain.forEach(ix -> out.add("index only on the plaintext side: " + ix));
        onlyEncrypted.forEach(ix -> out.add("index only on the encrypted side: " + ix));
        for (Map.Entry<String, Integer> e : selectivity.entrySet()) {
            for (String onion : List.of(e.getKey(), e.getKey() + "/" + Onion.ORD)) {
                Integer theirs = encrypted.selectivity.get(onion);
                Layer layer = encrypted.layers.get(onion);
                if (theirs != null && layer != null && layer != Layer.RND && Math.abs(theirs - e.getValue()) > 1) {
                    out.add("selectivity of " + onion + " (" + layer + "): " + theirs + ", plaintext " + e.getValue());
                }
            }
        }
        return out;
    }
}
