package org.maat.bench.tpch;

import io.trino.tpch.PartSupplier;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.maat.core.progress.Progress;

/**
 * Creates the TPC-H tables on a connection and fills them with {@code io.trino.tpch}'s generator (dbgen's
 * data: same rows for the same scale factor), in batched INSERTs, one transaction per batch. The same code
 * loads plain H2 and the encrypted layer, so both hold the same rows.
 */
final class TpchLoader {

    /** Rows of all 8 tables at scale factor 1 (lineitem's count varies slightly with the scale factor). */
    static final long ROWS_AT_SF1 = 8_661_245L;

    private final double scaleFactor;
    private final int batch;
    private long skipped;

    TpchLoader(double scaleFactor, int batch) {
        this.scaleFactor = scaleFactor;
        this.batch = batch;
    }

    /** PARTSUPP rows left out because their key repeated (only below scale factor 0.01), over all loads. */
    long skipped() {
        return skipped;
    }

    /** Rows loaded per table, in load order. */
    Map<String, Long> load(Connection c, List<String> createTables, Progress progress) throws SQLException {
        try (Statement st = c.createStatement()) {
            for (String ddl : createTables) {
                st.execute(ddl);
            }
        }
        boolean auto = c.getAutoCommit();
        c.setAutoCommit(false);
        Map<String, Long> rows = new LinkedHashMap<>();
        try {
            for (String name : TpchSchema.TABLES) {
                progress.describe(name);
                rows.put(name, table(c, TpchTable.getTable(name), progress));
            }
        } finally {
            c.setAutoCommit(auto);
        }
        return rows;
    }

    private <E extends TpchEntity> long table(Connection c, TpchTable<E> table, Progress progress) throws SQLException {
        List<TpchColumn<E>> cols = table.getColumns();
        StringBuilder sql = new StringBuilder("INSERT INTO ").append(table.getTableName().toUpperCase(Locale.ROOT))
                .append(" (");
        for (int i = 0; i < cols.size(); i++) {
            sql.append(i == 0 ? "" : ", ").append(cols.get(i).getColumnName().toUpperCase(Locale.ROOT));
        }
        sql.append(") VALUES (").append(String.join(", ", Collections.nCopies(cols.size(), "?"))).append(')');
        long n = 0;
        // Below SF 0.01 dbgen's supplier formula repeats (PS_PARTKEY, PS_SUPPKEY) pairs: keep each key's first row.
        Set<Long> keys = table == TpchTable.PART_SUPPLIER ? new HashSet<>() : null;
        try (PreparedStatement ins = c.prepareStatement(sql.toString())) {
            int pending = 0;
            for (E row : table.createGenerator(scaleFactor, 1, 1)) {
                if (keys != null && row instanceof PartSupplier ps
                        && !keys.add(ps.getPartKey() << 32 | ps.getSupplierKey())) {
                    skipped++;
                    continue;
                }
                for (int i = 0; i < cols.size(); i++) {
                    bind(ins, i + 1, cols.get(i), row);
                }
                ins.addBatch();
                n++;
                if (++pending == batch) {
                    ins.executeBatch();
                    c.commit();
                    progress.stepBy(pending);
                    pending = 0;
                }
            }
            if (pending > 0) {
                ins.executeBatch();
                c.commit();
                progress.stepBy(pending);
            }
        }
        return n;
    }

    private static <E extends TpchEntity> void bind(PreparedStatement ins, int index, TpchColumn<E> col, E row)
            throws SQLException {
        switch (col.getType().getBase()) {
            // Keys fit INTEGER (the schema's type) up to scale factor 300.
            case IDENTIFIER -> ins.setInt(index, Math.toIntExact(col.getIdentifier(row)));
            case INTEGER -> ins.setInt(index, col.getInteger(row));
            // Money, quantities and rates are cents or hundredths in dbgen: exact at scale 2.
            case DOUBLE -> ins.setBigDecimal(index, BigDecimal.valueOf(col.getDouble(row)).setScale(2, RoundingMode.HALF_UP));
            case DATE -> ins.setDate(index, java.sql.Date.valueOf(LocalDate.ofEpochDay(col.getDate(row))));
            case VARCHAR -> ins.setString(index, col.getString(row));
            default -> throw new IllegalStateException("unknown TPC-H column type " + col.getType());
        }
    }
}
