package org.maat.core.shard;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLabelling;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.task.Monitoring;

/**
 * An index and its data directory opened for shard serving: the data directory as a follower
 * ({@link DataSet#openFollower}: a snapshot of its policies and facts, the MAL log followed, no
 * lock taken) and a snapshot of the index's labels, opened once and shared by every
 * {@link ShardService} made from it. So shard servers can run in the same process as the
 * front-end that owns the data directory, or in other processes, any number of them over one index.
 *
 * <p>{@link Monitoring#NONE} serves the {@code --no-policy} baseline: plain Lucene with the session
 * filter and no monitor (an index built either way can be served so). Closing it closes the
 * services it made. Thread-safe.
 */
public final class ShardIndex implements AutoCloseable {

    private final IndexLayout layout;
    private final DataSet data;
    private final IndexLabelling labels;
    private final int shards;
    private final List<ShardService> opened = new ArrayList<>();

    private ShardIndex(IndexLayout layout, DataSet data, IndexLabelling labels, int shards) {
        this.layout = layout;
        this.data = data;
        this.labels = labels;
        this.shards = shards;
    }

    /** Opens the index and its data directory for serving, under the monitor or with none as {@code monitoring} says. */
    public static ShardIndex open(DataDir data, IndexLayout layout, Monitoring monitoring) throws IOException {
        layout.monitored(); // refuses a damaged index before the data directory is opened
        DataSet stores = DataSet.openFollower(data);
        IndexLabelling labels = null;
        try {
            labels = IndexLabelling.forReading(layout, monitoring);
            return new ShardIndex(layout, stores, labels, labels.requirePublished().shards());
        } catch (RuntimeException e) {
            if (labels != null) {
                labels.close();
            }
            stores.close();
            throw e;
        }
    }

    /** How many shards the index has, as it was published (not how many {@code shard-N} folders exist). */
    public int shards() {
        return shards;
    }

    public boolean monitored() {
        return labels.monitored();
    }

    /** Opens shard {@code shard} for searching; it stays open until it or this index is closed. */
    public synchronized ShardService shard(int shard) throws IOException {
        ShardService service = new ShardService(shard, data, SearchService.openShard(data, labels, layout, shard));
        opened.add(service);
        return service;
    }

    @Override
    public synchronized void close() throws IOException {
        IOException failure = null;
        for (ShardService service : opened) {
            try {
                service.close();
            } catch (IOException e) {
                failure = e;
            }
        }
        opened.clear();
        try {
            labels.close();
        } finally {
            data.close();
        }
        if (failure != null) {
            throw failure;
        }
    }
}
