package org.maat.disguise.jdbc;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maat.disguise.DisguiseException;

/**
 * What a database's triggers write when a disguise's own statements fire them (the ERP's
 * {@code UPDATE_JOB_HISTORY} adds a JOB_HISTORY row when an employee's department changes): recorded by an apply
 * and taken back by the reveal, so that a reveal restores exactly, whatever the triggers do. A trigger's body is
 * code (a Java class in H2) whose writes cannot be known from its declaration, so they are observed, not predicted.
 *
 * <p>How: when the database has triggers, the rows the transaction changed during the disguise's statements are
 * read ({@link RowChanges}): each changed row as it was before and as it is after, in the same transaction. The
 * rows added or gone that the bag's own records do not account for (by table and key: a removed row, a modified
 * or re-pointed row, a pseudoprincipal's row) are the triggers' doing, and go into the bag. A reveal first takes
 * them back (deletes the rows the triggers added, puts back those they removed), then runs its own statements,
 * then reads the changes again and takes back whatever its own statements' triggers did, until the tables differ
 * from their state before the reveal only by the bag's records and the apply's trigger rows undone; if that cannot
 * be reached in a few rounds (a trigger that answers every undo with a new write), the reveal is refused and
 * rolled back.
 *
 * <p>Where the changes come from: on an embedded H2 database, H2's own undo log of the transaction ({@link
 * H2UndoLog}): only the rows written are read, so the cost follows the size of the disguise, not of the database,
 * and only this transaction's writes are seen. On any other driver that lists triggers, every table is read whole
 * before and after ({@link FullScan}): correct but in proportion to the database, and a row another session commits
 * in between is taken for a trigger's. Either way the set of rows compared contains every row the transaction
 * changed in the base tables of schema {@code PUBLIC} (but {@code MAAT_DISGUISE_*}).
 *
 * <p>Not guaranteed: a trigger that changes, in a row the disguise itself writes, a column the disguise does not
 * write (that row is the bag's, so its other columns are not compared); writes to tables outside schema {@code
 * PUBLIC}; a trigger's effects outside the database (files, other connections); and triggers created after this
 * instance asked {@code INFORMATION_SCHEMA.TRIGGERS} (once; a driver that cannot say, such as the encrypted layer,
 * counts as without triggers, and then nothing is read).
 */
final class TriggerEffects {

    /** How many rounds of undoing a reveal's trigger writes before it is refused. */
    private static final int ROUNDS = 5;

    private final Sql sql;
    private final RowChanges changes;

    TriggerEffects(Sql sql, RowChanges changes) {
        this.sql = sql;
        this.changes = changes;
    }

    /**
     * Asks the database (outside any transaction) whether it has triggers, and picks where changes are read:
     * nowhere without triggers, H2's undo log on an embedded H2 database, every table otherwise.
     */
    static TriggerEffects of(Connection conn, Sql sql) {
        try (PreparedStatement triggers = conn.prepareStatement("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TRIGGERS");
             ResultSet rs = triggers.executeQuery()) {
            if (!rs.next() || rs.getLong(1) == 0) {
                return new TriggerEffects(sql, RowChanges.UNWATCHED);
            }
        } catch (SQLException e) {
            // a driver without INFORMATION_SCHEMA.TRIGGERS (the encrypted layer): see the class comment
            return new TriggerEffects(sql, RowChanges.UNWATCHED);
        }
        Optional<RowChanges> log = H2UndoLog.of(conn, sql);
        if (log.isPresent()) {
            return new TriggerEffects(sql, log.get());
        }
        try {
            return new TriggerEffects(sql, FullScan.of(conn, sql));
        } catch (SQLException e) {
            return new TriggerEffects(sql, RowChanges.UNWATCHED);
        }
    }

    /** Marks the point the disguise's statements start from. */
    RowChanges.Watch watch() throws SQLException {
        return changes.watch();
    }

    /** The bag's trigger rows for an apply whose statements took the tables from {@code before} to now. */
    JdbcBag.TriggerRows applied(RowChanges.Watch before, JdbcBag bag) throws SQLException {
        if (!changes.watching()) {
            return JdbcBag.TriggerRows.NONE;
        }
        return unexplained(before.changes(), beforeKeys(bag), afterKeys(bag));
    }

    /**
     * Takes back the apply's trigger rows before a reveal's statements run (their triggers could not run again over
     * the rows left): returns the tables as they were before, for {@link #settle}.
     */
    RowChanges.Watch undoApplied(JdbcBag bag) throws SQLException {
        RowChanges.Watch before = changes.watch();
        write(bag.triggerRows().added(), bag.triggerRows().removed());
        return before;
    }

    /**
     * After a reveal's statements: takes back every row its triggers wrote, until the tables differ from
     * {@code before} (read by {@link #undoApplied}) by the bag's own records and the apply's trigger rows undone.
     */
    void settle(RowChanges.Watch before, JdbcBag bag) throws SQLException {
        if (!changes.watching()) {
            return;
        }
        // Reversed: what the apply wrote is what the reveal takes away, and the other way round.
        List<Key> gone = afterKeys(bag);
        List<Key> back = beforeKeys(bag);
        for (int round = 0; round < ROUNDS; round++) {
            JdbcBag.TriggerRows now = unexplained(before.changes(), gone, back);
            List<JdbcBag.TableRow> delete = minus(now.added(), bag.triggerRows().removed());
            delete.addAll(minus(bag.triggerRows().added(), now.removed()));
            List<JdbcBag.TableRow> insert = minus(bag.triggerRows().removed(), now.added());
            insert.addAll(minus(now.removed(), bag.triggerRows().added()));
            if (delete.isEmpty() && insert.isEmpty()) {
                return;
            }
            write(delete, insert);
        }
        throw new DisguiseException("the database's triggers answer every undo of their writes with new ones: the"
                + " reveal cannot restore the data exactly, and nothing was changed");
    }

    private void write(List<JdbcBag.TableRow> delete, List<JdbcBag.TableRow> insert) throws SQLException {
        for (JdbcBag.TableRow r : delete) {
            int n = sql.delete(r.table(), Revealing.nonNull(r.row()));
            if (n != 1) {
                throw new DisguiseException("a row a trigger wrote in " + r.table() + " (" + Revealing.keyText(r.row())
                        + ") matches " + n + " rows now: it cannot be taken back alone, and nothing was changed");
            }
        }
        for (JdbcBag.TableRow r : insert) {
            sql.insert(r.table(), r.row());
        }
    }

    /** A table and the values of some of its columns that pick out the rows a bag's record touched. */
    private record Key(String table, Map<String, SqlValue> columns) {
        boolean matches(String t, Map<String, SqlValue> row) {
            if (!table.equalsIgnoreCase(t)) {
                return false;
            }
            for (Map.Entry<String, SqlValue> c : columns.entrySet()) {
                SqlValue v = row.get(c.getKey());
                if (v == null || !v.sameAs(c.getValue())) {
                    return false;
                }
            }
            return true;
        }
    }

    /** The rows an apply's records took away or changed, as they were before it. */
    private static List<Key> beforeKeys(JdbcBag bag) {
        List<Key> keys = new ArrayList<>();
        bag.removed().forEach(r -> keys.add(new Key(r.table(), r.key())));
        bag.modified().forEach(m -> keys.add(new Key(m.table(), m.key())));
        for (JdbcBag.Decorrelated d : bag.decorrelated()) {
            Map<String, SqlValue> key = new LinkedHashMap<>(d.key());
            key.computeIfPresent(d.column(), (c, v) -> d.principal());
            keys.add(new Key(d.table(), key));
        }
        return keys;
    }

    /** The rows an apply's records wrote or changed, as they are after it. */
    private static List<Key> afterKeys(JdbcBag bag) {
        List<Key> keys = new ArrayList<>();
        bag.modified().forEach(m -> keys.add(new Key(m.table(), m.key())));
        bag.decorrelated().forEach(d -> keys.add(new Key(d.table(), d.key())));
        bag.created().forEach(p -> keys.add(new Key(p.table(), Map.of(p.idColumn(), p.id()))));
        return keys;
    }

    /** Rows gone and rows new since a watch that no key accounts for (multisets). */
    private static JdbcBag.TriggerRows unexplained(Map<String, RowChanges.TableDelta> changes,
                                                   List<Key> beforeKeys, List<Key> afterKeys) {
        List<JdbcBag.TableRow> removed = new ArrayList<>();
        List<JdbcBag.TableRow> added = new ArrayList<>();
        for (Map.Entry<String, RowChanges.TableDelta> e : changes.entrySet()) {
            String table = e.getKey();
            List<Map<String, SqlValue>> was = e.getValue().before();
            List<Map<String, SqlValue>> is = e.getValue().after();
            for (Map<String, SqlValue> row : multisetMinus(was, is)) {
                if (beforeKeys.stream().noneMatch(k -> k.matches(table, row))) {
                    removed.add(new JdbcBag.TableRow(table, row));
                }
            }
            for (Map<String, SqlValue> row : multisetMinus(is, was)) {
                if (afterKeys.stream().noneMatch(k -> k.matches(table, row))) {
                    added.add(new JdbcBag.TableRow(table, row));
                }
            }
        }
        return new JdbcBag.TriggerRows(added, removed);
    }

    private static List<Map<String, SqlValue>> multisetMinus(List<Map<String, SqlValue>> a,
                                                             List<Map<String, SqlValue>> b) {
        Map<Map<String, SqlValue>, Integer> counts = new java.util.HashMap<>();
        b.forEach(r -> counts.merge(r, 1, Integer::sum));
        List<Map<String, SqlValue>> out = new ArrayList<>();
        for (Map<String, SqlValue> r : a) {
            Integer n = counts.get(r);
            if (n == null || n == 0) {
                out.add(r);
            } else {
                counts.put(r, n - 1);
            }
        }
        return out;
    }

    private static List<JdbcBag.TableRow> minus(List<JdbcBag.TableRow> a, List<JdbcBag.TableRow> b) {
        List<JdbcBag.TableRow> out = new ArrayList<>();
        for (String table : a.stream().map(JdbcBag.TableRow::table).distinct().toList()) {
            List<Map<String, SqlValue>> ra = a.stream().filter(r -> r.table().equals(table)).map(JdbcBag.TableRow::row).toList();
            List<Map<String, SqlValue>> rb = b.stream().filter(r -> r.table().equals(table)).map(JdbcBag.TableRow::row).toList();
            multisetMinus(ra, rb).forEach(r -> out.add(new JdbcBag.TableRow(table, r)));
        }
        return out;
    }
}
