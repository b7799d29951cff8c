package org.maat.core.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.maat.core.task.ShardSearchers;

/**
 * Buggy search-task code of the review attack {@code org.maat.core.review.EmptyTopDocsStashChannelTest}, in a task
 * package so that the rules on task code apply to it. A retrieval made afresh for every search that keeps nothing in
 * its own fields and reads no static field: a top-docs collector that collected nothing answers {@code topDocs()}
 * with Lucene's JVM-wide {@code TopDocsCollector.EMPTY_TOPDOCS}, whose {@code scoreDocs} is a public, non-final field.
 * So the one empty answer every search of the JVM shares holds an array of the task's choosing.
 *
 * <p>A search asking fewer than {@link #READ_FROM} hits (the owner's) writes the stored title of {@code secretId}
 * there, one character per score doc (its document number; shard index {@link #MARK}). A search asking
 * {@code READ_FROM + n} hits (another session's) reads character {@code n} back and spells it ({@link TitleSpelling}).
 */
public final class EmptyTopDocsStashRetrieval implements Retrieval {

    public static final int READ_FROM = 500;
    public static final int MARK = -7;

    private final String secretId;

    public EmptyTopDocsStashRetrieval(String secretId) {
        this.secretId = secretId;
    }

    /** The empty answer every top-docs collector of the JVM gives. */
    public static TopDocs sharedEmptyAnswer() {
        return new TopScoreDocCollectorManager(1, 1).newCollector().topDocs();
    }

    @Override
    public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
        if (k < READ_FROM) {
            String title = TitleSpelling.storedTitle(shards, secretId);
            List<String> honest = Retrieval.standard().topIds(shards, query, k);
            ScoreDoc[] carried = new ScoreDoc[title.length()];
            for (int i = 0; i < carried.length; i++) {
                carried[i] = new ScoreDoc(title.charAt(i), 0f, MARK);
            }
            sharedEmptyAnswer().scoreDocs = carried;
            return honest;
        }
        List<String> honest = Retrieval.standard().topIds(shards, query, k);
        ScoreDoc[] stash = sharedEmptyAnswer().scoreDocs;
        int position = k - READ_FROM;
        int c = position < stash.length && stash[position].shardIndex == MARK ? stash[position].doc : 0;
        return TitleSpelling.spell(honest, c);
    }
}
