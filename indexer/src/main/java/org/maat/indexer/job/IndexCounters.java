package org.maat.indexer.job;

/** The indexer job's counters: what the driver's progress bar and report count. */
public enum IndexCounters {
    /** Documents a mapper read through its monitor and sent to their shard. */
    DOCUMENTS_ROUTED,
    /** Documents a reducer added to its shard. */
    DOCUMENTS_INDEXED
}
