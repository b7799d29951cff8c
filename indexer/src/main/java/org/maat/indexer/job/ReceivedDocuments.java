package org.maat.indexer.job;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.maat.core.conduit.CorruptRecordException;
import org.maat.core.conduit.Document;
import org.maat.core.index.ShardRouter;
import org.maat.core.task.RuntimeFailures;

/**
 * The checkpoint every document a reducer indexes crosses: the shuffle brings only keys (shard, ordinal), chosen
 * by map tasks whose code may be buggy, and this class turns each key into the runtime's own reading of the
 * store's record ({@link StoreRecords}), so an entry can only ever hold content that document has in the store.
 *
 * <p>Guaranteed: a key is accepted only once (one value per key, ordinals strictly increasing within a shard), only
 * for a live document of the job's store commit, and only in the shard {@link ShardRouter} gives that document;
 * otherwise the task fails with {@link #LEFT_OUT_OR_REPEATED}, fixed words naming no document. With the committer's
 * count check (every live document indexed, and no more) this makes every live document indexed exactly once.
 * Not guaranteed: map tasks still choose whether the job fails (by leaving documents out or repeating them), one
 * bit per job, like any task failure.
 */
final class ReceivedDocuments implements java.io.Closeable {

    /** The runtime's words for a job whose map tasks did not route every live document exactly once. */
    static final String LEFT_OUT_OR_REPEATED = "the map tasks left out or repeated documents; nothing is published";

    private final StoreRecords records;
    private final ShardRouter router;
    private final Map<Integer, Long> lastOrdinal = new HashMap<>();

    ReceivedDocuments(StoreRecords records, ShardRouter router) {
        this.records = records;
        this.router = router;
    }

    /**
     * The store's document for shuffle key {@code key}, which arrived with {@code values} values, in a reducer
     * building {@code builds}-many shards of which {@code shard(key)} must be one.
     */
    Document take(long key, long values, boolean builds) throws IOException {
        int shard = ShardKey.shard(key);
        long ordinal = ShardKey.ordinal(key);
        if (key < 0 || !builds || values != 1 || !records.isLive(ordinal)
                || lastOrdinal.getOrDefault(shard, -1L) >= ordinal) {
            throw leftOutOrRepeated();
        }
        Document document;
        try {
            document = records.read(ordinal);
        } catch (CorruptRecordException damaged) {
            throw RuntimeFailures.vouch(damaged, damaged::copy);
        }
        if (router.shard(document.id()) != shard) {
            throw leftOutOrRepeated();
        }
        lastOrdinal.put(shard, ordinal);
        return document;
    }

    /** The job commit's failure when the shards do not hold the store's live documents exactly once. */
    static IllegalStateException leftOutOrRepeated() {
        return RuntimeFailures.vouch(new IllegalStateException(LEFT_OUT_OR_REPEATED),
                () -> new IllegalStateException(LEFT_OUT_OR_REPEATED));
    }

    @Override
    public void close() throws IOException {
        records.close();
    }
}
