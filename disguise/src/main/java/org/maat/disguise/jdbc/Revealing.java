package org.maat.disguise.jdbc;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maat.disguise.Conflict;
import org.maat.disguise.RevealRefusedException;
import org.maat.disguise.RevealReport;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.crypto.PublicKey;
import org.maat.disguise.store.PrincipalRegistry;

/**
 * Undoes one opened bag inside the caller's transaction: first checks every change against the current
 * data and refuses, naming all conflicts, before writing anything; then reinserts removed rows (in
 * reverse order of removal, so rows that referenced each other go back in a valid order), restores
 * modified values, re-points references, and deletes the pseudoprincipals the bag made once nothing
 * refers to them.
 */
final class Revealing {

    private final Sql sql;
    private final PrincipalRegistry registry;

    private final TriggerEffects triggers;

    Revealing(Sql sql, PrincipalRegistry registry, TriggerEffects triggers) {
        this.sql = sql;
        this.registry = registry;
        this.triggers = triggers;
    }

    RevealReport run(JdbcBag bag, PrivateKey key) throws SQLException {
        List<Conflict> conflicts = conflicts(bag);
        if (!conflicts.isEmpty()) {
            throw new RevealRefusedException("the reveal would overwrite changes made since the disguise; nothing "
                    + "was changed", conflicts);
        }
        // The apply's trigger rows go first: the statements below may fire the same triggers over the same keys.
        RowChanges.Watch before = triggers.undoApplied(bag);
        List<JdbcBag.RemovedRow> removed = new ArrayList<>(bag.removed());
        java.util.Collections.reverse(removed);
        // One batch per run of rows of one table, in that order.
        for (int i = 0; i < removed.size(); ) {
            String table = removed.get(i).table();
            List<Map<String, SqlValue>> run = new ArrayList<>();
            while (i < removed.size() && removed.get(i).table().equals(table)) {
                run.add(removed.get(i++).row());
            }
            sql.insertAll(table, run);
        }
        for (int i = bag.modified().size() - 1; i >= 0; i--) {
            JdbcBag.ModifiedRow m = bag.modified().get(i);
            sql.update(m.table(), m.column(), m.before(), m.key());
        }
        for (int i = 0; i < bag.decorrelated().size(); ) {
            JdbcBag.Decorrelated first = bag.decorrelated().get(i);
            List<SqlValue> values = new ArrayList<>();
            List<Map<String, SqlValue>> keys = new ArrayList<>();
            while (i < bag.decorrelated().size() && bag.decorrelated().get(i).table().equals(first.table())
                    && bag.decorrelated().get(i).column().equals(first.column())) {
                values.add(bag.decorrelated().get(i).principal());
                keys.add(bag.decorrelated().get(i++).key());
            }
            sql.updateAll(first.table(), first.column(), values, keys);
        }
        int pseudoprincipalsRemoved = 0;
        for (JdbcBag.PseudoprincipalRow p : bag.created()) {
            if (!referenced(bag, p)) {
                sql.delete(p.table(), Map.of(p.idColumn(), p.id()));
                pseudoprincipalsRemoved++;
            }
        }
        triggers.settle(before, bag);
        for (Map.Entry<String, String> f : bag.forgotten().entrySet()) {
            PublicKey pk = f.getKey().equals(bag.principal()) ? key.publicKey() : PublicKey.parse(f.getValue());
            registry.register(f.getKey(), pk);
        }
        return new RevealReport(bag.disguise(), bag.principal(), bag.removed().size() + bag.modified().size(),
                bag.decorrelated().size(), pseudoprincipalsRemoved);
    }

    /** Every change that cannot be undone without overwriting something done since. */
    private List<Conflict> conflicts(JdbcBag bag) throws SQLException {
        List<Conflict> conflicts = new ArrayList<>();
        // A row the bag also removed is gone by the disguise itself, not since: it comes back first.
        Set<String> removedKeys = new HashSet<>();
        for (JdbcBag.RemovedRow r : bag.removed()) {
            removedKeys.add(r.table() + r.key());
            if (sql.count(r.table(), r.key()) > 0) {
                conflicts.add(new Conflict(r.table(), keyText(r.key()), "a row with this key was added since (id reused)"));
            }
        }
        for (JdbcBag.ModifiedRow m : bag.modified()) {
            if (removedKeys.contains(m.table() + m.key())) {
                continue;
            }
            List<Map<String, SqlValue>> now = sql.select(m.table(), m.key());
            if (now.isEmpty()) {
                conflicts.add(new Conflict(m.table(), keyText(m.key()), "the row is gone since"));
            } else if (!now.get(0).get(m.column()).sameAs(m.after())) {
                conflicts.add(new Conflict(m.table(), keyText(m.key()), m.column() + " was edited since"));
            }
        }
        for (JdbcBag.Decorrelated d : bag.decorrelated()) {
            if (removedKeys.contains(d.table() + d.key())) {
                continue;
            }
            List<Map<String, SqlValue>> now = sql.select(d.table(), d.key());
            if (now.isEmpty()) {
                conflicts.add(new Conflict(d.table(), keyText(d.key()), "the row is gone since"));
            } else if (!now.get(0).get(d.column()).sameAs(d.pseudoprincipal())) {
                conflicts.add(new Conflict(d.table(), keyText(d.key()), d.column()
                        + " no longer points at its pseudoprincipal"));
            }
        }
        for (JdbcBag.TableRow r : bag.triggerRows().added()) {
            if (sql.select(r.table(), nonNull(r.row())).stream().noneMatch(now -> now.equals(r.row()))) {
                conflicts.add(new Conflict(r.table(), keyText(r.row()), "a row the disguise's triggers wrote was changed"
                        + " or removed since"));
            }
        }
        for (JdbcBag.PseudoprincipalRow p : bag.created()) {
            if (sql.count(p.table(), Map.of(p.idColumn(), p.id())) == 0) {
                conflicts.add(new Conflict(p.table(), p.idColumn() + "=" + p.id(),
                        "the pseudoprincipal's row is gone (reveal later disguises first)"));
            }
        }
        return conflicts;
    }

    /** Whether a row still references {@code p} through a column this bag re-pointed (e.g. an edit since). */
    private boolean referenced(JdbcBag bag, JdbcBag.PseudoprincipalRow p) throws SQLException {
        Set<String> seen = new HashSet<>();
        for (JdbcBag.Decorrelated d : bag.decorrelated()) {
            if (seen.add(d.table() + "." + d.column())
                    && sql.count(d.table(), Map.of(d.column(), SqlValue.parse(d.pseudoprincipal().type(), p.id().text()))) > 0) {
                return true;
            }
        }
        return false;
    }

    /** The columns of {@code row} that are not NULL: an equality condition that a NULL would fail. */
    static Map<String, SqlValue> nonNull(Map<String, SqlValue> row) {
        Map<String, SqlValue> where = new java.util.LinkedHashMap<>();
        row.forEach((c, v) -> {
            if (v.text() != null) {
                where.put(c, v);
            }
        });
        return where;
    }

    static String keyText(Map<String, SqlValue> key) {
        StringBuilder b = new StringBuilder();
        key.forEach((c, v) -> b.append(b.length() == 0 ? "" : ", ").append(c).append('=').append(v));
        return b.toString();
    }
}
