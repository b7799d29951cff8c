package org.maat.core.lucene;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.store.Directory;
import org.maat.core.task.AccessGate;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.ConduitCatalog;

/**
 * What labels the files of an index and names its published commits, as the run's {@link Monitoring}
 * says: under the monitor its label store ({@link IndexLabels}, {@code labels.db}), with none its
 * {@link NoPolicyRecord}. {@link ShardWriters} and {@link OpenIndex} take one of these instead of a
 * flag, so the monitored and baseline indexers and searchers are the same code.
 *
 * <p>What it guarantees: an index built under the monitor is only ever rebuilt under it, and one
 * built without it only without it ({@link IndexLayout#requireRebuildableAs}); the monitor opens only
 * an index with a label store, and then every file through a {@link PolicyDirectory}; a baseline run
 * reads an index of either kind with no labels, and writes one marked by its {@link NoPolicyRecord}.
 */
public abstract sealed class IndexLabelling implements ConduitCatalog, AutoCloseable permits IndexLabels, NoLabels {

    IndexLabelling() {
    }

    /**
     * The labelling an indexer publishes into: the index's label store, opened or created, under the
     * monitor; its no-policy record with none. Refuses a directory that holds the other kind of index.
     */
    public static IndexLabelling forWriting(IndexLayout layout, Monitoring monitoring) throws IOException {
        layout.requireRebuildableAs(monitoring);
        return monitoring.monitored() ? IndexLabels.open(layout) : NoLabels.forWriting(layout);
    }

    /**
     * The labelling of an index opened for searching: a snapshot of its label store under the monitor
     * (refusing an index built with {@code --no-policy}); with none, only its published commits, of an
     * index built either way. A damaged index (a missing label store) is refused both ways.
     */
    public static IndexLabelling forReading(IndexLayout layout, Monitoring monitoring) {
        return monitoring.monitored() ? IndexLabels.openSnapshot(layout) : NoLabels.forReading(layout);
    }

    /** The monitoring this labelling serves. */
    public abstract Monitoring monitoring();

    /** Whether the index's files carry labels that tasks are tainted with (false for the baseline). */
    public final boolean monitored() {
        return monitoring().monitored();
    }

    /** The file that holds the published state: {@code labels.db} or {@value IndexLayout#NO_POLICY_RECORD}. */
    public abstract Path file();

    /** The published commits, or empty if no indexer ever published into this index. */
    public abstract Optional<PublishedIndex> published();

    /** The published commits; refuses an index no indexer finished publishing, naming it. */
    public abstract PublishedIndex requirePublished();

    /**
     * Publishes {@code index} in one atomic step; {@code labels} (one per file of every new commit)
     * with it under the monitor, none in the baseline.
     */
    public abstract void publish(PublishedIndex index, Set<Conduit> labels) throws IOException;

    /** Shard {@code shard}'s directory as a task of {@code gate} reads and writes it. */
    abstract Directory open(Directory raw, int shard, AccessGate gate);

    /** The labels of the files an {@link #open}ed directory has read so far. */
    abstract List<Conduit> labelsRead(Directory opened);

    /** Adds the label of every file in {@code files}, just committed through {@code opened}, to {@code labels}. */
    abstract void labelCommitted(Directory opened, int shard, Collection<String> files, Set<Conduit> labels);

    @Override
    public abstract void close();
}
