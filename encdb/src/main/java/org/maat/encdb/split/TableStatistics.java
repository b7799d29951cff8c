package org.maat.encdb.split;

/**
 * Row counts the split planner's cost estimates start from (H2's {@code ROW_COUNT_ESTIMATE} of the
 * physical table, which has the application's row count). Estimates only steer the choice; a wrong
 * one never changes an answer.
 */
@FunctionalInterface
public interface TableStatistics {

    /** Used when nothing is known: every table counts 1,000 rows. */
    TableStatistics UNKNOWN = table -> 1000;

    /** Estimated rows of application table {@code table} (normalized name). */
    long rows(String table);
}
