package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.search.IndexSearcher;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.index.IndexFields;
import org.maat.core.search.Retrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "objects Lucene's shared segment readers hand out": {@code TaskReader}'s leaves hand out the
 * segment's own {@link FieldInfo}s ({@code leaf.reader().getFieldInfos().fieldInfo(...)}), shared by every search of
 * the shard, by the runtime's raw readers too, and by every later reader of the same segment core. Besides
 * {@code putAttribute} (the README's stated limit), Lucene 9.12's {@code FieldInfo} has public setters that decide
 * what the segment reader answers, used by no rule on task code (plain API, no reflection, no listener, no static
 * field):
 * <ul>
 *   <li>{@link FieldInfo#setDocValuesType}: {@code NONE} and back to {@code SORTED} is allowed. While the {@code id}
 *       field says {@code NONE}, {@code CodecReader.getSortedDocValues("id")} answers null and every search that
 *       reads the ids of its hits (the standard {@link Retrieval}) fails. A buggy task of u1 sets or clears it, one
 *       bit of a title per run; u2's ordinary searches fail or succeed, and u2 spells out the title of a document
 *       neither of them may read. Reversible, so a whole title.</li>
 *   <li>{@link FieldInfo#setOmitsNorms}: from then on {@code getNormValues("body")} is null, so the runtime's own
 *       BM25 scoring ({@code TrustedRanking}, what a shard answers) ignores document lengths for every later user:
 *       the ids, order and scores u2 is released change, by a bit u1's task chose. One way only (one bit per field
 *       and segment for the life of the segment).</li>
 * </ul>
 */
class SharedFieldInfosChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 28);

    private static final String QUERY = "parliament budget";

    /** The buggy work on one shard: bit 1 says the id field has no doc values, bit 0 puts SORTED back. */
    private static void flipIdDocValues(IndexSearcher searcher, boolean bit) {
        for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
            FieldInfo id = leaf.reader().getFieldInfos().fieldInfo(IndexFields.ID); // the segment's own
            id.setDocValuesType(bit ? DocValuesType.NONE : DocValuesType.SORTED);
        }
    }

    @Test
    void aBuggySearchTaskCannotSpellAPrivateTitleIntoAnotherUsersSearchesThroughASharedFieldInfo() throws IOException {
        IdDocValuesSpelling.assertCannotSpellInProcess(review, SharedFieldInfosChannelTest::flipIdDocValues);
    }

    /** The same at an in-process shard through a buggy {@link Retrieval}; u2 searches with the standard components. */
    @Test
    void aShardsBuggyRetrievalCannotSpellAPrivateTitleIntoAnotherUsersShardAnswersThroughASharedFieldInfo()
            throws IOException {
        IdDocValuesSpelling.assertCannotSpellAtShard(review, SharedFieldInfosChannelTest::flipIdDocValues);
    }

    /**
     * The runtime's own scores, at an in-process shard (its own readers): a buggy retrieval of u1 that finds a set
     * bit of a title neither user may read turns off the body field's norms; from then on the scores shard 0
     * answers for u2's ordinary search (the trusted ranking's, which the front-end merges by) are not the same.
     */
    @Test
    void aShardsBuggyRetrievalCannotChangeTheRuntimesScoresOfAnotherUsersShardAnswer() throws IOException {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = review.unreadableOnShard0(reader, observer);
        String secretId = secretDoc.id();
        String title = review.title(secretId);
        int position = Integer.numberOfTrailingZeros(title.charAt(0)); // a set bit of the title
        try (ShardIndex shards = review.openShards()) {
            ShardService standard = shards.shard(0);
            List<ShardHit> before = standard.search(new ShardQuery(observer.principal(), "r0", QUERY, 20)).hits();
            Retrieval buggy = (searchers, query, k) -> {
                String stored = ReviewAttacks.storedTitle(searchers, secretId);
                boolean bit = (stored.charAt(position / 8) >> (position % 8) & 1) == 1;
                for (int s = 0; s < searchers.shards() && bit; s++) {
                    for (LeafReaderContext leaf : searchers.searcher(s).getIndexReader().leaves()) {
                        leaf.reader().getFieldInfos().fieldInfo(IndexFields.BODY).setOmitsNorms(); // the segment's own
                    }
                }
                return List.of();
            };
            try {
                standard.withComponents(SearchComponents.standard().withRetrieval(() -> buggy))
                        .search(new ShardQuery(reader.principal(), "r0", QUERY, 10)); // u1's answer
            } catch (IOException | RuntimeException e) {
                // u1's only
            }
            List<ShardHit> after = standard.search(new ShardQuery(observer.principal(), "r0", QUERY, 20)).hits();
            System.out.println("shard 0 to u2 before: " + before);
            System.out.println("shard 0 to u2 after:  " + after);
            assertThat(after).as("shard 0's answer to u2 (ids, order, the runtime's scores) after u1's task read bit %d "
                    + "of the title of %s, which neither may read", position, secretId).isEqualTo(before);
        }
    }
}
