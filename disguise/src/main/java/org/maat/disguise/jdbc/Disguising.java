package org.maat.disguise.jdbc;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.maat.disguise.DisguiseException;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.crypto.PublicKey;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.spec.DisguiseSpec.Decorrelate;
import org.maat.disguise.spec.DisguiseSpec.Modify;
import org.maat.disguise.spec.DisguiseSpec.Pseudoprincipals;
import org.maat.disguise.spec.DisguiseSpec.Remove;
import org.maat.disguise.spec.DisguiseSpec.Step;
import org.maat.disguise.spec.ValueRule;
import org.maat.disguise.store.PrincipalRegistry;

/**
 * One application of a JDBC disguise spec, inside the caller's transaction: runs the steps over the
 * principal's rows and over the rows of every pseudoprincipal the principal speaks for (composition),
 * and records each change for the bag. Steps run in spec order, each over all affected principals.
 */
final class Disguising {

    private final Sql sql;
    private final PrincipalRegistry registry;
    private final DisguiseSpec spec;
    private final ValueMaker values;
    private final String table;
    private final String idColumn;

    private final List<JdbcBag.SpeaksFor> speaksFor = new ArrayList<>();
    private final List<JdbcBag.PseudoprincipalRow> created = new ArrayList<>();
    private final List<JdbcBag.RemovedRow> removed = new ArrayList<>();
    private final List<JdbcBag.ModifiedRow> modified = new ArrayList<>();
    private final List<JdbcBag.Decorrelated> decorrelated = new ArrayList<>();
    private final Map<String, String> forgotten = new LinkedHashMap<>();
    /** The one pseudoprincipal per affected principal that every {@code "one"} step shares. */
    private final Map<String, SqlValue> onePseudoprincipal = new HashMap<>();

    Disguising(Sql sql, PrincipalRegistry registry, DisguiseSpec spec) {
        this.sql = sql;
        this.registry = registry;
        this.spec = spec;
        this.values = new ValueMaker(sql);
        this.table = spec.principal().table();
        this.idColumn = spec.principal().id();
    }

    /** The principal's id as a value of the principal table's id column. */
    SqlValue principalId(String principal) throws SQLException {
        return SqlValue.parse(sql.type(table, idColumn), principal);
    }

    /** Whether the principal table has a row for {@code id}. */
    boolean exists(SqlValue id) throws SQLException {
        return sql.count(table, Map.of(idColumn, id)) > 0;
    }

    /**
     * Runs the steps over {@code principal} and the pseudoprincipals of {@code spokenFor} that are rows
     * of this spec's principal table.
     */
    JdbcBag run(String principal, List<JdbcBag.SpeaksFor> spokenFor) throws SQLException {
        List<SqlValue> affected = new ArrayList<>();
        affected.add(principalId(principal));
        for (JdbcBag.SpeaksFor sf : spokenFor) {
            if (sf.table().equals(table) && sf.idColumn().equals(idColumn)) {
                affected.add(sf.id());
            }
        }
        // Every step's condition is read once before the first write: the encrypted layer may have to peel
        // a column's onion for it, which it cannot do inside a transaction that has already written.
        for (Step step : spec.steps()) {
            String column = step.ownerColumn();
            for (SqlValue who : affected) {
                sql.count(step.target(), Map.of(column, as(step.target(), column, who)));
            }
        }
        for (Step step : spec.steps()) {
            for (SqlValue who : affected) {
                step.accept(new DisguiseSpec.Visitor<Void, SQLException>() {
                    @Override
                    public Void remove(Remove r) throws SQLException {
                        Disguising.this.remove(r, who);
                        return null;
                    }

                    @Override
                    public Void modify(Modify m) throws SQLException {
                        Disguising.this.modify(m, who);
                        return null;
                    }

                    @Override
                    public Void decorrelate(Decorrelate d) throws SQLException {
                        Disguising.this.decorrelate(d, who);
                        return null;
                    }
                });
            }
        }
        return new JdbcBag(spec.name(), principal, speaksFor, created, removed, modified, decorrelated, forgotten,
                JdbcBag.TriggerRows.NONE);
    }

    private void remove(Remove step, SqlValue who) throws SQLException {
        List<Map<String, SqlValue>> keys = new ArrayList<>();
        for (Map<String, SqlValue> row : sql.select(step.target(), Map.of(step.owner(), as(step.target(), step.owner(), who)))) {
            Map<String, SqlValue> key = key(row, step.key(), step);
            removed.add(new JdbcBag.RemovedRow(step.target(), key, row));
            keys.add(key);
        }
        // By key, not by owner: exactly the rows recorded are deleted, whatever was added since the select.
        oneRowEach(sql.deleteAll(step.target(), keys), step, step.key());
        if (step.target().equals(table) && step.owner().equals(idColumn)) {
            // The principal's identity is gone: nothing Maat keeps may still name it.
            Optional<PublicKey> key = registry.find(who.text());
            if (key.isPresent()) {
                forgotten.put(who.text(), key.get().toText());
                registry.forget(who.text());
            }
        }
    }

    private void modify(Modify step, SqlValue who) throws SQLException {
        for (Map<String, SqlValue> row : sql.select(step.target(), Map.of(step.owner(), as(step.target(), step.owner(), who)))) {
            Map<String, SqlValue> key = key(row, step.key(), step);
            for (Map.Entry<String, ValueRule> c : step.columns().entrySet()) {
                SqlValue before = column(row, c.getKey(), step);
                SqlValue after = values.make(step.target(), c.getKey(), c.getValue(), null);
                if (step.key().contains(c.getKey())) {
                    throw new DisguiseException(spec.source() + ":" + step.at() + ": " + step.target() + "." + c.getKey()
                            + " is a key column: modify cannot rewrite it");
                }
                oneRowEach(new int[] {sql.update(step.target(), c.getKey(), after, key)}, step, step.key());
                modified.add(new JdbcBag.ModifiedRow(step.target(), key, c.getKey(), before, after));
            }
        }
    }

    private void decorrelate(Decorrelate step, SqlValue who) throws SQLException {
        List<Map<String, SqlValue>> keys = new ArrayList<>();
        List<SqlValue> references = new ArrayList<>();
        for (Map<String, SqlValue> row : sql.select(step.target(), Map.of(step.column(), as(step.target(), step.column(), who)))) {
            Map<String, SqlValue> key = key(row, step.key(), step);
            SqlValue pseudo = step.pseudoprincipals() == Pseudoprincipals.ONE
                    ? onePseudoprincipal.get(who.text()) : null;
            if (pseudo == null) {
                pseudo = newPseudoprincipal(who);
                if (step.pseudoprincipals() == Pseudoprincipals.ONE) {
                    onePseudoprincipal.put(who.text(), pseudo);
                }
            }
            SqlValue reference = as(step.target(), step.column(), pseudo);
            keys.add(key);
            references.add(reference);
            Map<String, SqlValue> keyAfter = new LinkedHashMap<>(key);
            keyAfter.computeIfPresent(step.column(), (c, v) -> reference);
            decorrelated.add(new JdbcBag.Decorrelated(step.target(), keyAfter, step.column(), row.get(step.column()),
                    reference));
        }
        oneRowEach(sql.updateAll(step.target(), step.column(), references, keys), step, step.key());
    }

    /**
     * Refuses the disguise unless each statement by key changed exactly one row, the one recorded: a key
     * that matches other rows would change rows no bag records and no reveal brings back. The caller's
     * transaction rolls back what already ran.
     */
    private void oneRowEach(int[] counts, Step step, List<String> keyColumns) {
        for (int n : counts) {
            if (n != 1) {
                String changed = n == java.sql.Statement.SUCCESS_NO_INFO
                        ? "the driver did not say how many rows a statement by it changed"
                        : "a statement by it changed " + n + " rows";
                throw new DisguiseException(spec.source() + ":" + step.at() + ": key (" + String.join(", ", keyColumns)
                        + ") of " + step.target() + " does not identify one row (" + changed + "); nothing was changed");
            }
        }
    }

    /**
     * A new row in the principal table made by the spec's pseudoprincipal rules, with a fresh key pair
     * kept in the bag only: registered beside the user's key, in the same transaction, it would tell a
     * reader of {@value VaultTables#PRINCIPALS} which rows are pseudoprincipals and whose.
     */
    private SqlValue newPseudoprincipal(SqlValue who) throws SQLException {
        List<Map<String, SqlValue>> own = sql.select(table, Map.of(idColumn, who));
        Map<String, SqlValue> principalRow = own.isEmpty() ? null : own.get(0);
        Map<String, SqlValue> row = new LinkedHashMap<>();
        for (Map.Entry<String, ValueRule> c : spec.pseudoprincipal().entrySet()) {
            row.put(c.getKey(), values.make(table, c.getKey(), c.getValue(), principalRow));
        }
        sql.insert(table, row);
        SqlValue id = row.get(idColumn);
        PrivateKey key = PrincipalKeys.generate();
        speaksFor.add(new JdbcBag.SpeaksFor(table, idColumn, id, key.toText()));
        created.add(new JdbcBag.PseudoprincipalRow(table, idColumn, id, row));
        return id;
    }

    /** {@code who}'s id as a value of {@code target.column} (an owner or reference column may be typed otherwise). */
    private SqlValue as(String target, String column, SqlValue who) throws SQLException {
        return SqlValue.parse(sql.type(target, column), who.text());
    }

    private Map<String, SqlValue> key(Map<String, SqlValue> row, List<String> keyColumns, Step step) {
        Map<String, SqlValue> key = new LinkedHashMap<>();
        for (String k : keyColumns) {
            key.put(k, column(row, k, step));
        }
        return key;
    }

    private SqlValue column(Map<String, SqlValue> row, String column, Step step) {
        SqlValue v = row.get(column);
        if (v == null) {
            throw new DisguiseException(spec.source() + ":" + step.at() + ": " + step.target() + " has no column " + column);
        }
        return v;
    }
}
