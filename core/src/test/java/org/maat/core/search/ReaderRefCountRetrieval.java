package org.maat.core.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.MultiReader;
import org.apache.lucene.search.Query;
import org.maat.core.task.ShardSearchers;

/**
 * Buggy search-task code of the review attack {@code ReaderRefCountChannelTest}, in a task package so that the rules
 * on task code apply to it ({@code ReaderRefCountRulesTest}). A retrieval made afresh for every search that keeps
 * nothing in its own fields and reads no static field. A shard's reader ({@code TaskReader}; a task's own, made per
 * task) has a reference count anyone may read ({@code getRefCount()}), and
 * Lucene's {@link MultiReader} constructor, told not to close its sub-readers, raises each one's count for good: the
 * rule on reference counts names {@code incRef}/{@code decRef}, never the constructor that calls them.
 *
 * <p>A search asking {@code PLANT_FROM + n} hits (fewer than {@link #READ_FROM}) wraps shard 0's shared reader in
 * as many multi-readers (never closed) as make its count, modulo 128, one more than character {@code n} of the stored title of
 * {@code secretId}. A search asking {@link #READ_FROM} hits (another session's) reads the count and spells it through
 * which of the first {@value TitleSpelling#BITS} readable hits it leaves out ({@link TitleSpelling}).
 */
public final class ReaderRefCountRetrieval implements Retrieval {

    public static final int PLANT_FROM = 100;
    public static final int READ_FROM = 500;

    private final String secretId;

    public ReaderRefCountRetrieval(String secretId) {
        this.secretId = secretId;
    }

    @Override
    public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
        IndexReader shared = shards.searcher(0).getIndexReader();
        if (k < READ_FROM) {
            int c = TitleSpelling.storedCharacter(shards, secretId, k - PLANT_FROM);
            // A reader nobody raised counts 1: the count carries 1 + c, so an untouched one spells nothing.
            for (int wraps = (1 + c - shared.getRefCount()) & 0x7f; wraps > 0; wraps--) {
                new MultiReader(new IndexReader[] {shared}, false); // never closed: the count stays raised
            }
            return Retrieval.standard().topIds(shards, query, k);
        }
        List<String> honest = Retrieval.standard().topIds(shards, query, k);
        return TitleSpelling.spell(honest, (shared.getRefCount() - 1) & 0x7f);
    }
}
