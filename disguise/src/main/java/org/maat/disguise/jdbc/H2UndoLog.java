package org.maat.disguise.jdbc;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.db.MVTable;
import org.h2.mvstore.tx.Transaction;
import org.h2.mvstore.tx.TransactionStore;
import org.h2.result.SearchRow;
import org.h2.schema.Schema;
import org.h2.table.Column;
import org.h2.table.Table;
import org.h2.table.TableType;
import org.h2.value.Value;
import org.h2.value.ValueNull;
import org.h2.value.ValueToObjectConverter;
import org.maat.disguise.DisguiseException;

/**
 * {@link RowChanges} for an embedded H2 database, read from H2's own record of the transaction: its undo log,
 * which holds, for every row the transaction has written (its statements and the triggers they fired, which
 * write through the same session), the row's key and its value before the write. A watch is a position in that
 * log; its changes are the rows the log names after the position: their values at the position from the log's
 * earliest entry for each row, their values now read by {@code _ROWID_}. The cost is in proportion to the rows
 * written, not to the database.
 *
 * <p>Guaranteed: every row of a covered table (the base tables of schema {@code PUBLIC} but {@code
 * MAAT_DISGUISE_*}) that this transaction inserted, deleted or updated since the watch is in the answer; writes of
 * other sessions are not, whether or not they committed meanwhile. A transaction that ended in between (a trigger
 * that commits) is refused: its log is gone.
 *
 * <p>Used only when every covered table is one of H2's own MVStore tables (no table engine of another kind, whose
 * writes would not be in the log) and the connection is embedded (a {@code SessionLocal}); otherwise {@link
 * FullScan}. It reads H2's internal classes ({@code SessionLocal}, {@code Transaction#getChanges}) of the H2
 * version this module is built with; {@code TriggerEffectsEquivalenceTest} checks it against {@link FullScan}.
 */
final class H2UndoLog implements RowChanges {

    /** How many row ids one {@code SELECT ... WHERE _ROWID_ IN (...)} names. */
    private static final int CHUNK = 100;

    private final JdbcConnection conn;
    private final SessionLocal session;
    private final Sql sql;

    private H2UndoLog(JdbcConnection conn, SessionLocal session, Sql sql) {
        this.conn = conn;
        this.session = session;
        this.sql = sql;
    }

    /** The undo log of {@code conn}'s session, when it is an embedded H2 session whose tables all log there. */
    static Optional<RowChanges> of(Connection conn, Sql sql) {
        try {
            if (!conn.isWrapperFor(JdbcConnection.class)) {
                return Optional.empty();
            }
            JdbcConnection h2 = conn.unwrap(JdbcConnection.class);
            if (!(h2.getSession() instanceof SessionLocal session)) {
                return Optional.empty(); // a client of an H2 server: the log is in the server's process
            }
            Schema schema = session.getDatabase().findSchema("PUBLIC");
            if (schema == null) {
                return Optional.empty();
            }
            for (Table t : schema.getAllTablesAndViews(session)) {
                if (covered(t) && !(t instanceof MVTable)) {
                    return Optional.empty();
                }
            }
            return Optional.of(new H2UndoLog(h2, session, sql));
        } catch (SQLException | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** What {@link FullScan} reads: {@code INFORMATION_SCHEMA.TABLES}' base tables, but the disguise's own. */
    private static boolean covered(Table t) {
        return t.getTableType() == TableType.TABLE && !t.isTemporary()
                && !t.getName().toUpperCase(Locale.ROOT).startsWith("MAAT_DISGUISE_");
    }

    @Override
    public Watch watch() {
        Transaction tx = session.getTransaction();
        long position = tx.setSavepoint();
        return () -> changes(tx, position);
    }

    @Override
    public boolean watching() {
        return true;
    }

    private Map<String, TableDelta> changes(Transaction tx, long position) throws SQLException {
        if (session.getTransaction() != tx) {
            throw new DisguiseException("the transaction ended during the disguise (a trigger committed it): its"
                    + " trigger writes cannot be read, and what was not committed was rolled back");
        }
        Map<String, MVTable> byMap = new HashMap<>();
        for (Table t : session.getDatabase().findSchema("PUBLIC").getAllTablesAndViews(session)) {
            if (covered(t) && t instanceof MVTable mv) {
                byMap.put(mv.getMapName(), mv);
            }
        }
        // Row id to the row's value at the position (null: no such row then), per table. The log is read latest
        // first, so the last value put for a row is the earliest entry's, which is the row at the position.
        Map<MVTable, Map<Long, SearchRow>> was = new LinkedHashMap<>();
        for (Iterator<TransactionStore.Change> it = tx.getChanges(position); it.hasNext(); ) {
            TransactionStore.Change c = it.next();
            MVTable t = byMap.get(c.mapName);
            if (t != null) { // else a secondary index's map (its table's own map has the row) or a table not covered
                was.computeIfAbsent(t, x -> new HashMap<>()).put((Long) c.key, (SearchRow) c.value);
            }
        }
        Map<String, TableDelta> out = new TreeMap<>();
        for (Map.Entry<MVTable, Map<Long, SearchRow>> e : was.entrySet()) {
            MVTable t = e.getKey();
            Map<String, Integer> cols = sql.columns(t.getName());
            List<Map<String, SqlValue>> before = new ArrayList<>();
            for (SearchRow row : e.getValue().values()) {
                if (row != null) {
                    before.add(row(t, row, cols));
                }
            }
            out.put(t.getName(), new TableDelta(before, now(t.getName(), cols, new ArrayList<>(e.getValue().keySet()))));
        }
        return out;
    }

    /** The rows of {@code table} with these row ids, as {@link Sql#select} reads rows. */
    private List<Map<String, SqlValue>> now(String table, Map<String, Integer> cols, List<Long> ids)
            throws SQLException {
        List<Map<String, SqlValue>> rows = new ArrayList<>();
        for (int from = 0; from < ids.size(); from += CHUNK) {
            List<Long> chunk = ids.subList(from, Math.min(ids.size(), from + CHUNK));
            StringJoiner marks = new StringJoiner(", ", "(", ")");
            chunk.forEach(id -> marks.add("?"));
            // Straight on the connection, not through Sql.prepare: reads, not statements a crash test stops between.
            try (PreparedStatement ps = conn.prepareStatement("SELECT " + String.join(", ", cols.keySet())
                    + " FROM " + table + " WHERE _ROWID_ IN " + marks)) {
                for (int i = 0; i < chunk.size(); i++) {
                    ps.setLong(i + 1, chunk.get(i));
                }
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        Map<String, SqlValue> row = new LinkedHashMap<>();
                        int i = 1;
                        for (Map.Entry<String, Integer> c : cols.entrySet()) {
                            row.put(c.getKey(), SqlValue.read(rs, i++, c.getValue()));
                        }
                        rows.add(row);
                    }
                }
            }
        }
        return rows;
    }

    /** A row from the log, column by column as {@link SqlValue#read} reads it through H2's JDBC result set. */
    private Map<String, SqlValue> row(MVTable t, SearchRow row, Map<String, Integer> cols) {
        Map<String, Value> byName = new HashMap<>();
        Column[] columns = t.getColumns();
        for (int i = 0; i < columns.length; i++) {
            byName.put(columns[i].getName().toUpperCase(Locale.ROOT), row.getValue(i));
        }
        Map<String, SqlValue> out = new LinkedHashMap<>();
        for (Map.Entry<String, Integer> c : cols.entrySet()) {
            Value v = byName.get(c.getKey());
            if (v == null) {
                throw new DisguiseException("column " + c.getKey() + " of " + t.getName() + " is not in H2's row");
            }
            out.put(c.getKey(), value(v, c.getValue(), c.getKey()));
        }
        return out;
    }

    /**
     * The value {@link SqlValue#read} makes of {@code v}: H2's {@code JdbcResultSet} getters call these same
     * methods of the value (getString, getBigDecimal, getDouble and getBoolean after a NULL check, getObject
     * with a class through {@code ValueToObjectConverter}).
     */
    private SqlValue value(Value v, int type, String column) {
        boolean isNull = v == ValueNull.INSTANCE;
        String text = switch (type) {
            case Types.CHAR, Types.VARCHAR, Types.LONGVARCHAR, Types.NCHAR, Types.NVARCHAR, Types.CLOB -> v.getString();
            case Types.TINYINT, Types.SMALLINT, Types.INTEGER, Types.BIGINT, Types.NUMERIC, Types.DECIMAL -> {
                BigDecimal d = v.getBigDecimal();
                yield d == null ? null : d.toPlainString();
            }
            case Types.DOUBLE, Types.FLOAT, Types.REAL -> isNull ? null : Double.toString(v.getDouble());
            case Types.BOOLEAN, Types.BIT -> isNull ? null : Boolean.toString(v.getBoolean());
            case Types.DATE -> {
                LocalDate d = isNull ? null : ValueToObjectConverter.valueToObject(LocalDate.class, v, conn);
                yield d == null ? null : d.toString();
            }
            case Types.TIMESTAMP -> {
                LocalDateTime d = isNull ? null : ValueToObjectConverter.valueToObject(LocalDateTime.class, v, conn);
                yield d == null ? null : d.toString();
            }
            default -> throw new DisguiseException("column " + column + " has SQL type " + v.getType()
                    + ", which disguises do not handle");
        };
        return new SqlValue(type, text);
    }
}
