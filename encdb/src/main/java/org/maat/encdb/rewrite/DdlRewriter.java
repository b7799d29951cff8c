package org.maat.encdb.rewrite;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import net.sf.jsqlparser.statement.alter.Alter;
import net.sf.jsqlparser.statement.alter.AlterExpression;
import net.sf.jsqlparser.statement.create.index.CreateIndex;
import net.sf.jsqlparser.statement.create.table.CheckConstraint;
import net.sf.jsqlparser.statement.create.table.ColumnDefinition;
import net.sf.jsqlparser.statement.create.table.CreateTable;
import net.sf.jsqlparser.statement.create.table.ForeignKeyIndex;
import net.sf.jsqlparser.statement.create.table.Index;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.CatalogSnapshot;
import org.maat.encdb.schema.ColumnType;
import org.maat.encdb.schema.EncryptedColumn;
import org.maat.encdb.schema.EncryptedTable;
import org.maat.encdb.schema.Identifiers;

/**
 * Translates CREATE TABLE, ALTER TABLE ADD CONSTRAINT ... FOREIGN KEY and CREATE INDEX onto the
 * physical schema and decides each column's onions:
 * <ul>
 *   <li>every column not annotated {@code maat:plaintext} gets Eq;</li>
 *   <li>INTEGER, BIGINT, NUMERIC and DATE columns get Ord (exact order-preserving encoding);</li>
 *   <li>numeric columns that are not part of a key get Add (HOM);</li>
 *   <li>text columns get Search ({@code keyword} unless annotated {@code substring(m,n)} or {@code none}).</li>
 * </ul>
 * H2 enforces keys on deterministic ciphertexts, so a PRIMARY KEY or UNIQUE column's Eq onion starts
 * at DET, and both sides of a FOREIGN KEY start at JOIN under one join group key; the layer report
 * names the constraint that fixed them.
 */
final class DdlRewriter {

    private static final Pattern TYPE = Pattern.compile(
            "^\\s*([A-Za-z_][A-Za-z0-9_ ]*?)\\s*(?:\\(\\s*(\\d+)\\s*(?:,\\s*(\\d+)\\s*)?\\))?\\s*$");
    private static final Pattern REFERENCES = Pattern.compile(
            "REFERENCES\\s+(\\S+?)\\s*\\(\\s*([^)]+)\\)", Pattern.CASE_INSENSITIVE);

    private final CatalogSnapshot catalog;
    private final KeyRing keys;

    DdlRewriter(CatalogSnapshot catalog, KeyRing keys) {
        this.catalog = catalog;
        this.keys = keys;
    }

    /** A key constraint on a new or existing table, in logical column names. */
    private record Key(String kind, String name, List<String> columns, String refTable, List<String> refColumns,
            String actions) {
    }

    DdlPlan createTable(CreateTable ct) throws SQLException {
        String name = Identifiers.normalize(ct.getTable().getName());
        if (catalog.table(name) != null || catalog.view(name) != null) {
            if (ct.isIfNotExists()) {
                return new DdlPlan(List.of(), c -> { });
            }
            throw new SQLException("Table \"" + name + "\" already exists", "42S01");
        }
        if (ct.getSelect() != null || ct.getLikeTable() != null) {
            throw Unsupported.construct("CREATE TABLE ... AS SELECT / LIKE");
        }
        List<Key> keys = new ArrayList<>();
        Map<String, ColumnDefinition> defs = new LinkedHashMap<>();
        Map<String, Boolean> notNull = new LinkedHashMap<>();
        Map<String, ColumnAnnotation> notes = new LinkedHashMap<>();
        for (ColumnDefinition cd : ct.getColumnDefinitions()) {
            String col = Identifiers.normalize(cd.getColumnName());
            defs.put(col, cd);
            List<String> specs = cd.getColumnSpecs() == null ? List.of() : cd.getColumnSpecs();
            String joined = String.join(" ", specs);
            String upper = joined.toUpperCase(Locale.ROOT);
            notNull.put(col, upper.contains("NOT NULL") || upper.contains("PRIMARY KEY"));
            String comment = null;
            for (int i = 0; i + 1 < specs.size(); i++) {
                if (specs.get(i).equalsIgnoreCase("COMMENT")) {
                    comment = specs.get(i + 1);
                }
            }
            notes.put(col, ColumnAnnotation.parse(comment, name + "." + col));
            if (upper.contains("PRIMARY KEY")) {
                keys.add(new Key("PRIMARY KEY", null, List.of(col), null, null, ""));
            } else if (upper.matches(".*\\bUNIQUE\\b.*")) {
                keys.add(new Key("UNIQUE", null, List.of(col), null, null, ""));
            }
            Matcher m = REFERENCES.matcher(joined);
            if (m.find()) {
                keys.add(new Key("FOREIGN KEY", null, List.of(col), Identifiers.normalize(m.group(1)),
                        names(List.of(m.group(2).split(","))), ""));
            }
        }
        if (ct.getIndexes() != null) {
            for (Index ix : ct.getIndexes()) {
                if (ix instanceof CheckConstraint) {
                    throw Unsupported.construct("CHECK constraint " + ix + " (H2 cannot evaluate it over ciphertext)");
                }
                keys.add(key(ix));
            }
        }
        // Columns in keys and the layers the keys pin.
        Map<String, String> pinned = new LinkedHashMap<>();
        Map<String, Layer> pinLayer = new LinkedHashMap<>();
        Map<String, String> groups = new LinkedHashMap<>();
        List<EncryptedTable> otherChanges = new ArrayList<>();
        List<String[]> referencedPeels = new ArrayList<>();
        for (Key k : keys) {
            for (String c : k.columns()) {
                if (!defs.containsKey(c)) {
                    throw new SQLException("Column \"" + c + "\" not found in " + k.kind(), "42S22");
                }
                if (k.kind().equals("PRIMARY KEY")) {
                    notNull.put(c, true);
                }
                pinned.merge(c, k.kind() + (k.name() == null ? "" : " " + k.name()), (a, b) -> a + ", " + b);
                pinLayer.merge(c, k.kind().equals("FOREIGN KEY") ? Layer.JOIN : Layer.DET,
                        (a, b) -> a == Layer.JOIN || b == Layer.JOIN ? Layer.JOIN : Layer.DET);
            }
        }
        for (Key k : keys) {
            if (!k.kind().equals("FOREIGN KEY")) {
                continue;
            }
            for (int i = 0; i < k.columns().size(); i++) {
                String refCol = k.refColumns().get(i);
                String group;
                if (k.refTable().equals(name)) {
                    if (!defs.containsKey(refCol)) {
                        throw new SQLException("Column \"" + refCol + "\" not found", "42S22");
                    }
                    pinLayer.put(refCol, Layer.JOIN);
                    group = groups.getOrDefault(refCol, name + "." + refCol);
                    groups.put(refCol, group);
                } else {
                    EncryptedTable ref = catalog.table(k.refTable());
                    if (ref == null) {
                        throw new SQLException("Table \"" + k.refTable() + "\" not found", "42S02");
                    }
                    EncryptedColumn rc = ref.column(refCol);
                    if (rc == null) {
                        throw new SQLException("Column \"" + k.refTable() + "." + refCol + "\" not found", "42S22");
                    }
                    if (!rc.plaintext() && rc.layer(Onion.EQ) != Layer.JOIN) {
                        referencedPeels.add(new String[] {ref.name(), rc.name()});
                        EncryptedTable base = otherChanges.stream().filter(t -> t.name().equals(ref.name()))
                                .findFirst().orElse(ref);
                        otherChanges.remove(base);
                        otherChanges.add(base.with(rc.withLayer(Onion.EQ, Layer.JOIN)
                                .withPinned(rc.pinned() + ", referenced by " + name + "." + k.columns().get(i))));
                    }
                    group = rc.joinGroup();
                }
                groups.put(k.columns().get(i), group);
            }
        }
        List<EncryptedColumn> columns = new ArrayList<>();
        List<String> physical = new ArrayList<>();
        int ordinal = 0;
        for (Map.Entry<String, ColumnDefinition> e : defs.entrySet()) {
            String col = e.getKey();
            ColumnDefinition cd = e.getValue();
            ColumnAnnotation note = notes.get(col);
            boolean nullable = !notNull.get(col);
            String upper = String.join(" ", cd.getColumnSpecs() == null ? List.of() : cd.getColumnSpecs())
                    .toUpperCase(Locale.ROOT);
            if (note.plaintext()) {
                ColumnType type;
                try {
                    type = columnType(cd);
                } catch (SQLException unknownType) {
                    type = null;
                }
                columns.add(new EncryptedColumn(name, col, ordinal, type, nullable, true, Map.of(),
                        null, null, pinned.get(col)));
                physical.add(Identifiers.quote(col) + " " + cd.getColDataType() + (nullable ? "" : " NOT NULL")
                        + defaultClause(cd));
                ordinal++;
                continue;
            }
            if (upper.contains("DEFAULT") && !upper.contains("DEFAULT NULL") || upper.contains("AUTO_INCREMENT")
                    || upper.contains("IDENTITY") || upper.contains("GENERATED") || upper.contains("CHECK")) {
                throw Unsupported.onColumn(name + "." + col, "DEFAULT, IDENTITY, GENERATED or CHECK "
                        + "(annotate it COMMENT 'maat:plaintext' to keep it)");
            }
            ColumnType type = columnType(cd);
            boolean key = pinned.containsKey(col);
            EnumMap<Onion, Layer> layers = new EnumMap<>(Onion.class);
            layers.put(Onion.EQ, pinLayer.getOrDefault(col, Layer.RND));
            if (OrderCipher.supports(type) && allowed(note, Onion.ORD)) {
                layers.put(Onion.ORD, Layer.RND);
            }
            if (type.isExactNumber() && !key && allowed(note, Onion.ADD)) {
                layers.put(Onion.ADD, Layer.HOM);
            }
            String search = null;
            if (type.isText() && allowed(note, Onion.SEARCH) && !"none".equals(note.search())) {
                search = note.search() == null ? "keyword" : note.search();
                layers.put(Onion.SEARCH, Layer.SEARCH);
            }
            if (note.onions() != null && !note.onions().contains(Onion.EQ)) {
                throw new SQLException("column " + name + "." + col + ": the EQ onion cannot be left out", "42000");
            }
            EncryptedColumn c = new EncryptedColumn(name, col, ordinal, type, nullable, false, layers,
                    groups.getOrDefault(col, name + "." + col), search, pinned.get(col));
            columns.add(c);
            String nn = nullable ? "" : " NOT NULL";
            for (Onion o : c.onions()) {
                physical.add(Identifiers.quote(c.physical(o)) + " " + physicalType(o) + nn);
            }
            if (c.needsIv()) {
                physical.add(Identifiers.quote(c.ivColumn()) + " BINARY(16)");
            }
            ordinal++;
        }
        EncryptedTable table = new EncryptedTable(name, columns);
        Map<String, EncryptedTable> tables = new LinkedHashMap<>();
        otherChanges.forEach(t -> tables.put(t.name(), t));
        tables.put(name, table);
        for (Key k : keys) {
            physical.add(constraint(k, table, tables));
        }
        String ddl = "CREATE TABLE " + Identifiers.quote(name) + " (" + String.join(", ", physical) + ")";
        List<EncryptedTable> changed = new ArrayList<>(otherChanges);
        changed.add(table);
        return new DdlPlan(changed, conn -> {
            for (String[] peel : referencedPeels) {
                peelDetToJoin(conn, catalog.table(peel[0]).column(peel[1]));
            }
            try (Statement st = conn.createStatement()) {
                st.execute(ddl);
            }
        });
    }

    /** {@code ALTER TABLE t ADD [CONSTRAINT n] FOREIGN KEY (c) REFERENCES r (k)}. */
    DdlPlan alter(Alter alter) throws SQLException {
        String name = Identifiers.normalize(alter.getTable().getName());
        EncryptedTable table = catalog.table(name);
        if (table == null) {
            throw new SQLException("Table \"" + name + "\" not found", "42S02");
        }
        if (alter.getAlterExpressions().size() != 1) {
            throw Unsupported.construct("ALTER TABLE with several changes");
        }
        AlterExpression ae = alter.getAlterExpressions().get(0);
        Index ix = ae.getIndex();
        if (!(ix instanceof ForeignKeyIndex)) {
            throw Unsupported.construct("ALTER TABLE " + ae + " (only ADD CONSTRAINT ... FOREIGN KEY)");
        }
        Key k = key(ix);
        EncryptedTable ref = k.refTable().equals(name) ? table : catalog.table(k.refTable());
        if (ref == null) {
            throw new SQLException("Table \"" + k.refTable() + "\" not found", "42S02");
        }
        Map<String, EncryptedTable> tables = new LinkedHashMap<>();
        tables.put(name, table);
        tables.put(ref.name(), ref);
        List<EncryptedColumn> regrouped = new ArrayList<>();
        List<EncryptedColumn> refPeels = new ArrayList<>();
        for (int i = 0; i < k.columns().size(); i++) {
            EncryptedColumn c = tables.get(name).column(k.columns().get(i));
            EncryptedColumn rc = tables.get(ref.name()).column(k.refColumns().get(i));
            if (c == null || rc == null) {
                throw new SQLException("Column \"" + (c == null ? k.columns().get(i) : k.refColumns().get(i))
                        + "\" not found", "42S22");
            }
            if (c.plaintext() != rc.plaintext()) {
                throw Unsupported.onColumn(c.qualifiedName(), "FOREIGN KEY between a plaintext and an encrypted column");
            }
            if (c.plaintext()) {
                continue;
            }
            if (rc.layer(Onion.EQ) != Layer.JOIN) {
                refPeels.add(rc);
                rc = rc.withLayer(Onion.EQ, Layer.JOIN).withPinned(rc.pinned() + ", referenced by " + c.qualifiedName());
                tables.put(ref.name(), tables.get(ref.name()).with(rc));
            }
            if (!c.joinGroup().equals(rc.joinGroup()) || c.layer(Onion.EQ) != Layer.JOIN) {
                regrouped.add(c);
                String pin = k.kind() + (k.name() == null ? "" : " " + k.name());
                c = c.withLayer(Onion.EQ, Layer.JOIN).withJoinGroup(rc.joinGroup())
                        .withPinned(c.pinned() == null ? pin : c.pinned() + ", " + pin);
                tables.put(name, tables.get(name).with(c));
            }
        }
        String ddl = "ALTER TABLE " + Identifiers.quote(name) + " ADD " + constraint(k, tables.get(name), tables);
        return new DdlPlan(new ArrayList<>(tables.values()), conn -> {
            for (EncryptedColumn c : regrouped) {
                if (!isEmpty(conn, c.table())) {
                    throw Unsupported.onColumn(c.qualifiedName(), "adding a FOREIGN KEY to a non-empty encrypted "
                            + "table (its values would have to be re-encrypted under the join group's key)");
                }
            }
            for (EncryptedColumn rc : refPeels) {
                peelDetToJoin(conn, rc);
            }
            try (Statement st = conn.createStatement()) {
                st.execute(ddl);
            }
        });
    }

    /**
     * The H2 type of an onion column. The Add (Paillier, 512 bytes) and Search (SWP, about a kilobyte
     * for a phone number's pieces) onions are BLOBs, which H2 keeps outside the row beyond 256 bytes:
     * they are read only by SUM/AVG, HOM arithmetic and LIKE, and inline they made every row of
     * EMPLOYEES about 15 times as wide as its plaintext, which every index lookup paid for in pages
     * read. Eq and Ord stay VARBINARY: they are indexed and compared.
     */
    static String physicalType(Onion o) {
        return o == Onion.ADD || o == Onion.SEARCH ? "BLOB" : "VARBINARY";
    }

    /** {@code CREATE [UNIQUE] INDEX n ON t (columns)}: an index on the columns' Eq onions. */
    String createIndex(CreateIndex ci) throws SQLException, PeelRequired {
        String name = Identifiers.normalize(ci.getTable().getName());
        EncryptedTable table = catalog.table(name);
        if (table == null) {
            throw new SQLException("Table \"" + name + "\" not found", "42S02");
        }
        Index ix = ci.getIndex();
        boolean unique = ix.getType() != null && ix.getType().toUpperCase(Locale.ROOT).contains("UNIQUE");
        List<String> cols = new ArrayList<>();
        for (Index.ColumnParams p : ix.getColumnWithParams()) {
            if (p.isExpression()) {
                throw Unsupported.construct("index on an expression: " + p);
            }
            String c = Identifiers.normalize(p.getColumnName().strip());
            EncryptedColumn col = table.column(c);
            if (col == null) {
                throw new SQLException("Column \"" + c + "\" not found", "42S22");
            }
            if (unique && !col.plaintext() && col.layer(Onion.EQ) == Layer.RND) {
                // H2 can check uniqueness on deterministic ciphertext only: expose DET first, as a query would
                throw new PeelRequired(col, Onion.EQ, Layer.DET);
            }
            // ASC/DESC and NULLS FIRST/LAST order a plaintext column's index; an Eq onion's ciphertext has no
            // order worth keeping, so there they are accepted and have no effect (lookups are by equality).
            String order = indexOrder(p);
            cols.add(col.plaintext() ? col.plainColumn() + (order.isEmpty() ? "" : " " + order)
                    : Identifiers.quote(col.physical(Onion.EQ)));
        }
        return "CREATE " + (unique ? "UNIQUE " : "") + "INDEX " + (ci.isUsingIfNotExists() ? "IF NOT EXISTS " : "")
                + Identifiers.quote(Identifiers.normalize(ix.getName())) + " ON " + Identifiers.quote(name)
                + " (" + String.join(", ", cols) + ")";
    }

    private static boolean allowed(ColumnAnnotation note, Onion onion) {
        return note.onions() == null || note.onions().contains(onion);
    }

    private static String defaultClause(ColumnDefinition cd) {
        List<String> specs = cd.getColumnSpecs() == null ? List.of() : cd.getColumnSpecs();
        for (int i = 0; i + 1 < specs.size(); i++) {
            if (specs.get(i).equalsIgnoreCase("DEFAULT")) {
                return " DEFAULT " + specs.get(i + 1);
            }
        }
        return "";
    }

    static ColumnType columnType(ColumnDefinition cd) throws SQLException {
        String text = cd.getColDataType().toString();
        Matcher m = TYPE.matcher(text);
        if (!m.matches()) {
            throw Unsupported.construct("column type " + text + " of " + cd.getColumnName());
        }
        List<Integer> args = new ArrayList<>();
        if (m.group(2) != null) {
            args.add(Integer.parseInt(m.group(2)));
        }
        if (m.group(3) != null) {
            args.add(Integer.parseInt(m.group(3)));
        }
        return ColumnType.of(m.group(1), args);
    }

    private Key key(Index ix) throws SQLException {
        String type = ix.getType() == null ? "" : ix.getType().toUpperCase(Locale.ROOT);
        String name = ix.getName() == null ? null : Identifiers.normalize(ix.getName());
        List<String> cols = names(ix.getColumnsNames());
        if (ix instanceof ForeignKeyIndex fk) {
            String actions = "";
            if (fk.getOnDeleteReferenceOption() != null) {
                actions += " ON DELETE " + fk.getOnDeleteReferenceOption();
            }
            if (fk.getOnUpdateReferenceOption() != null) {
                actions += " ON UPDATE " + fk.getOnUpdateReferenceOption();
            }
            return new Key("FOREIGN KEY", name, cols, Identifiers.normalize(fk.getTable().getName()),
                    names(fk.getReferencedColumnNames()), actions);
        }
        if (type.contains("PRIMARY")) {
            return new Key("PRIMARY KEY", name, cols, null, null, "");
        }
        if (type.contains("UNIQUE")) {
            return new Key("UNIQUE", name, cols, null, null, "");
        }
        throw Unsupported.construct("table constraint " + ix);
    }

    private String constraint(Key k, EncryptedTable table, Map<String, EncryptedTable> tables) {
        StringBuilder sb = new StringBuilder();
        if (k.name() != null) {
            sb.append("CONSTRAINT ").append(Identifiers.quote(k.name())).append(" ");
        }
        sb.append(k.kind()).append(" (").append(physical(table, k.columns())).append(')');
        if (k.kind().equals("FOREIGN KEY")) {
            EncryptedTable ref = tables.containsKey(k.refTable()) ? tables.get(k.refTable()) : catalog.table(k.refTable());
            sb.append(" REFERENCES ").append(Identifiers.quote(k.refTable())).append(" (")
                    .append(ref == null ? String.join(", ", k.refColumns()) : physical(ref, k.refColumns()))
                    .append(')').append(k.actions());
        }
        return sb.toString();
    }

    private static String physical(EncryptedTable table, List<String> cols) {
        List<String> out = new ArrayList<>();
        for (String c : cols) {
            EncryptedColumn col = table.column(c);
            out.add(col.plaintext() ? col.plainColumn() : Identifiers.quote(col.physical(Onion.EQ)));
        }
        return String.join(", ", out);
    }

    /** An index column's {@code ASC|DESC [NULLS FIRST|LAST]}, or a refusal of any other option. */
    private static String indexOrder(Index.ColumnParams p) throws SQLException {
        List<String> words = new ArrayList<>();
        if (p.getSortOrder() != null) {
            words.add(p.getSortOrder().name());
        }
        if (p.getNullOrdering() != null) {
            words.add(p.getNullOrdering().name().replace('_', ' '));
        }
        if (p.getParams() != null) {
            for (String w : p.getParams()) {
                String u = w.strip().toUpperCase(Locale.ROOT);
                if (!u.matches("ASC|DESC|NULLS|FIRST|LAST")) {
                    throw Unsupported.construct("index column option " + w + " on " + p.getColumnName());
                }
                words.add(u);
            }
        }
        return String.join(" ", words);
    }

    private static List<String> names(List<String> raw) {
        List<String> out = new ArrayList<>();
        for (String r : raw) {
            out.add(Identifiers.normalize(r.strip()));
        }
        return out;
    }

    private static boolean isEmpty(Connection conn, String table) throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT 1 FROM " + Identifiers.quote(table) + " LIMIT 1")) {
            return !rs.next();
        }
    }

    /** Peels a referenced key column from DET to JOIN (data included) so a new FOREIGN KEY can use it. */
    private void peelDetToJoin(Connection conn, EncryptedColumn rc) throws SQLException {
        if (rc.layer(Onion.EQ) == Layer.RND) {
            if (!isEmpty(conn, rc.table())) {
                throw Unsupported.onColumn(rc.qualifiedName(), "a FOREIGN KEY to a non-key column of a non-empty table");
            }
            return;
        }
        if (isEmpty(conn, rc.table())) {
            return;
        }
        try (PreparedStatement ps = conn.prepareStatement("UPDATE " + Identifiers.quote(rc.table()) + " SET "
                + Identifiers.quote(rc.physical(Onion.EQ)) + " = MAAT_PEEL_DET(" + Identifiers.quote(rc.physical(Onion.EQ))
                + ", ?) WHERE " + Identifiers.quote(rc.physical(Onion.EQ)) + " IS NOT NULL")) {
            ps.setBytes(1, keys.cipher(rc).detKey());
            ps.executeUpdate();
        }
    }
}
