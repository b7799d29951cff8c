package org.maat.core.lucene;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.BaseCompositeReader;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SegmentReader;

/**
 * The reader of one shard that task code searches: the shard's shared {@link DirectoryReader} seen through one
 * {@link ReadOnlyLeafReader} per segment, made afresh for every task ({@link OpenIndex#taskReader}): what Lucene
 * keeps in a reader object itself (its reference count, its parents, its closed listeners) is the task's own.
 *
 * <p>Guaranteed: the objects Lucene's shared segment readers keep and hand out by reference (the block-tree
 * {@code FieldReader}'s min and max terms, the live-docs {@code FixedBitSet}, the points' min and max packed values)
 * reach a task only as copies or read-only views, so no task can change what a later search of the shard sees
 * through them; and no public method leads from this reader or its leaves back to the raw readers (it extends
 * {@link BaseCompositeReader} and {@link LeafReader} directly, not the {@code Filter*} readers, whose
 * {@code getDelegate()} and {@code unwrap} are public). Leaves, their order and every document number are the raw
 * reader's, and the cache helpers are the raw readers' (per-segment caches keyed by core key keep working).
 *
 * <p>Not guaranteed: objects reached deeper than these (each {@code FieldInfo} of {@link LeafReader#getFieldInfos()}
 * is the segment's own, with public setters such as {@code putAttribute}). The raw readers are closed by
 * {@link OpenIndex#close()}; a task that closes its view closes nothing shared.
 */
public final class TaskReader extends BaseCompositeReader<LeafReader> {

    private final DirectoryReader raw;

    private TaskReader(DirectoryReader raw, LeafReader[] leaves) throws IOException {
        super(leaves, null);
        this.raw = raw;
    }

    /** The task's view of {@code raw}: one read-only leaf per segment, in the raw reader's order. */
    static TaskReader over(DirectoryReader raw) throws IOException {
        List<LeafReaderContext> rawLeaves = raw.leaves();
        LeafReader[] leaves = new LeafReader[rawLeaves.size()];
        for (int i = 0; i < leaves.length; i++) {
            leaves[i] = new ReadOnlyLeafReader(rawLeaves.get(i).reader());
        }
        return new TaskReader(raw, leaves);
    }

    /** Whether this is a view of {@code reader}. */
    boolean reads(DirectoryReader reader) {
        return raw == reader;
    }

    @Override
    public CacheHelper getReaderCacheHelper() {
        return raw.getReaderCacheHelper();
    }

    /** Nothing to release: the raw reader is the index's, closed by {@link OpenIndex#close()}. */
    @Override
    protected void doClose() {
    }

    @Override
    public String toString() {
        return "TaskReader(" + maxDoc() + " documents in " + leaves().size() + " segments)";
    }

    /**
     * Whether {@code leaf} is a segment the runtime opened: a raw segment reader, or a task reader's view of one.
     * Both classes are final and made only by Lucene and this package, so a leaf a task wrapped or made up is not.
     */
    public static boolean isRuntimeSegment(LeafReader leaf) {
        return leaf instanceof ReadOnlyLeafReader || leaf instanceof SegmentReader;
    }
}
