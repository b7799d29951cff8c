package org.maat.disguise.jdbc;

import java.util.List;
import java.util.Map;

/**
 * What one disguise of a JDBC database changed, as sealed into its bag (Jackson JSON, one seal). Rows
 * are column-name-to-value maps in the table's column order; keys are the step's key columns.
 *
 * @param principal  the natural principal the bag is sealed to
 * @param speaksFor  the pseudoprincipals this disguise created, each with its private key
 * @param created    their rows, deleted again at reveal when nothing refers to them
 * @param removed    rows deleted, in the order deleted (reinserted in reverse)
 * @param modified   columns rewritten
 * @param decorrelated references re-pointed from a principal to a pseudoprincipal
 * @param forgotten  registry entries forgotten because the principal's row went (id to public key text)
 * @param triggerRows the rows the database's triggers added and removed when the disguise's statements fired them
 *                   ({@link TriggerEffects}), taken back by the reveal
 */
record JdbcBag(String disguise, String principal, List<SpeaksFor> speaksFor, List<PseudoprincipalRow> created,
               List<RemovedRow> removed, List<ModifiedRow> modified, List<Decorrelated> decorrelated,
               Map<String, String> forgotten, TriggerRows triggerRows) {

    JdbcBag {
        triggerRows = triggerRows == null ? TriggerRows.NONE : triggerRows; // absent from bags sealed before it existed
    }

    JdbcBag withTriggerRows(TriggerRows rows) {
        return new JdbcBag(disguise, principal, speaksFor, created, removed, modified, decorrelated, forgotten, rows);
    }

    /** A whole row of {@code table}. */
    record TableRow(String table, Map<String, SqlValue> row) {
    }

    /** Rows triggers added and removed, beyond what the bag's own records account for. */
    record TriggerRows(List<TableRow> added, List<TableRow> removed) {
        static final TriggerRows NONE = new TriggerRows(List.of(), List.of());

        TriggerRows {
            added = added == null ? List.of() : List.copyOf(added);
            removed = removed == null ? List.of() : List.copyOf(removed);
        }
    }

    /** The user speaks for pseudoprincipal {@code id} (a row of {@code table}) by holding its private key. */
    record SpeaksFor(String table, String idColumn, SqlValue id, String privateKey) {
    }

    record PseudoprincipalRow(String table, String idColumn, SqlValue id, Map<String, SqlValue> row) {
    }

    record RemovedRow(String table, Map<String, SqlValue> key, Map<String, SqlValue> row) {
    }

    /** {@code key} identifies the row; {@code column} went from {@code before} to {@code after}. */
    record ModifiedRow(String table, Map<String, SqlValue> key, String column, SqlValue before, SqlValue after) {
    }

    /** {@code key} identifies the row after the change (a key column that was re-pointed holds the pseudoprincipal). */
    record Decorrelated(String table, Map<String, SqlValue> key, String column, SqlValue principal,
                        SqlValue pseudoprincipal) {
    }
}
