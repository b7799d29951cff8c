package org.maat.indexer.job;

/**
 * The indexer job's counters: they move the driver's progress bar only (clamped to the store's live count). Task code
 * can set any counter, so no result the driver returns or prints is read from them.
 */
public enum IndexCounters {
    /** Documents a mapper read through its monitor and sent to their shard. */
    DOCUMENTS_ROUTED,
    /** Documents a reducer added to its shard. */
    DOCUMENTS_INDEXED
}
