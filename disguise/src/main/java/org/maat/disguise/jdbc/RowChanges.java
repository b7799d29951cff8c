package org.maat.disguise.jdbc;

import java.sql.SQLException;
import java.util.List;
import java.util.Map;

/**
 * Where {@link TriggerEffects} learns which rows of the database's tables the current transaction has changed
 * since a point of it: {@link #watch()} marks the point, {@link Watch#changes()} answers, as often as asked, with
 * each table's rows as they were at the point and as they are now.
 *
 * <p>Every implementation answers with a superset: a row that changed since the point is on one side or both
 * (its old values in {@code before}, its new values in {@code after}); a row that did not change may be left
 * out, or be on both sides alike. Multiset differences of the two sides are therefore the same as those of the
 * whole tables. The tables covered are the base tables of schema {@code PUBLIC} but the disguise's own
 * ({@code MAAT_DISGUISE_*}).
 */
sealed interface RowChanges permits H2UndoLog, FullScan, RowChanges.Unwatched {

    /** Marks the current point of the current transaction. */
    Watch watch() throws SQLException;

    /** False only for {@link #UNWATCHED}, whose watches see nothing. */
    boolean watching();

    /** Nothing is read: the database has no trigger (or its driver cannot say). */
    RowChanges UNWATCHED = new Unwatched();

    /** A point of the transaction, and what has changed since. */
    interface Watch {
        /** By table name: its rows at the point and now (see the class comment for which rows). */
        Map<String, TableDelta> changes() throws SQLException;
    }

    /** Rows of one table at the watched point and now, each row a column-to-value map in table order. */
    record TableDelta(List<Map<String, SqlValue>> before, List<Map<String, SqlValue>> after) {
        public TableDelta {
            before = List.copyOf(before);
            after = List.copyOf(after);
        }
    }

    /** See {@link #UNWATCHED}. */
    final class Unwatched implements RowChanges {
        private Unwatched() {
        }

        @Override
        public Watch watch() {
            return Map::of;
        }

        @Override
        public boolean watching() {
            return false;
        }
    }
}
