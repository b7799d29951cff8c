package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.Terms;
import org.apache.lucene.index.TermsEnum;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.index.IndexFields;
import org.maat.core.search.Retrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "the shared readers": a task's searcher reaches the shard's shared {@code LeafReader}s
 * ({@code searcher.getIndexReader().leaves()}), and {@code leaf.reader().terms("body")} is Lucene's block-tree
 * {@code FieldReader}, shared by every search of the shard. Its {@link Terms#getMax()} hands out the reader's own
 * {@link BytesRef} (no copy), and since Lucene 9.9 {@code SegmentTermsEnum.seekExact} answers "not found" without
 * looking when the target is above that max term. A buggy task that sets the body field's max term to {@code "a"}
 * (public API, no reflection) makes every body term of every later search of the shard unfindable: another user's
 * ordinary search for "parliament budget" then matches titles only and its result list changes. One bit per task
 * run (poison, or put the real max back); the honest user u2 decodes a title neither u1 nor u2 may read.
 */
class SharedTermsMaxTermChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 28);

    private static final String QUERY = "parliament budget";

    /** The buggy work on one shard: bit 1 sets each segment's body max term to "a", bit 0 puts the real one back. */
    private static void poison(IndexSearcher searcher, boolean bit) throws IOException {
        IndexReader reader = searcher.getIndexReader();
        for (LeafReaderContext leaf : reader.leaves()) {
            Terms body = leaf.reader().terms(IndexFields.BODY);
            if (body == null) {
                continue;
            }
            BytesRef shared = body.getMax(); // the FieldReader's own maxTerm
            BytesRef real = null;
            TermsEnum te = body.iterator();
            for (BytesRef t = te.next(); t != null; t = te.next()) { // next() never looks at the max
                real = BytesRef.deepCopyOf(t);
            }
            BytesRef value = bit ? new BytesRef("a") : real;
            shared.bytes = value.bytes;
            shared.offset = value.offset;
            shared.length = value.length;
        }
    }

    @Test
    void aBuggySearchTaskCannotSpellAPrivateTitleIntoAnotherUsersResultsThroughASharedTermsMaxTerm()
            throws IOException {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = review.unreadableBy(reader, observer).get(0);
        String secretId = secretDoc.id();
        String title = review.title(secretId);
        try {
            runTask(reader, secretId, TitleBits.CALIBRATION, false);
            List<String> clean = review.service().search(observer, QUERY, 1000);
            runTask(reader, secretId, TitleBits.CALIBRATION, true);
            List<String> planted = review.service().search(observer, QUERY, 1000);
            System.out.println("clean " + clean.size() + " hits, planted " + planted.size() + " hits, equal? "
                    + clean.equals(planted));
            String recovered = TitleBits.decode(title.length(), position -> {
                runTask(reader, secretId, position, false);
                return review.service().search(observer, QUERY, 1000); // u2's ordinary search
            });
            System.out.println("real title:    " + title);
            System.out.println("u2 decoded:    " + recovered);
            assertThat(recovered).as("what u2 decoded from its own standard results; the title of %s, "
                    + "which neither u1 nor u2 may read", secretId).isNotEqualTo(title);
        } finally {
            runTask(reader, secretId, TitleBits.CALIBRATION, false);
        }
    }

    /** The same at an in-process shard through a buggy {@link Retrieval}; u2 searches with the standard components. */
    @Test
    void aShardsBuggyRetrievalCannotSpellAPrivateTitleIntoAnotherUsersShardAnswersThroughASharedTermsMaxTerm()
            throws IOException {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = review.unreadableOnShard0(reader, observer);
        String secretId = secretDoc.id();
        String title = review.title(secretId);
        String recovered;
        try (ShardIndex shards = review.openShards()) {
            ShardService standard = shards.shard(0);
            recovered = TitleBits.decode(title.length(), position -> {
                Retrieval buggy = ReviewAttacks.plantingRetrieval(secretId, position,
                        SharedTermsMaxTermChannelTest::poison);
                ShardService shard = standard.withComponents(SearchComponents.standard().withRetrieval(() -> buggy));
                try {
                    shard.search(new ShardQuery(reader.principal(), "r0", QUERY, 10)); // u1's answer
                } catch (RuntimeException e) {
                    // u1's only
                }
                List<String> seen = new ArrayList<>();
                standard.search(new ShardQuery(observer.principal(), "r0", QUERY, 1000)).hits()
                        .forEach(hit -> seen.add(hit.id()));
                return seen;
            });
        }
        System.out.println("shard: real title " + title + ", u2 decoded " + recovered);
        assertThat(recovered).as("what u2 decoded from shard 0's answers; the title of %s, "
                + "which neither u1 nor u2 may read", secretId).isNotEqualTo(title);
    }

    /** u1's buggy search task: bit {@code index} of the title (or {@code force} when index < 0), an empty release. */
    private static void runTask(Session session, String secretId, int index, boolean force) {
        ReviewAttacks.runPlantingTask(review.service(), session, QUERY, secretId, index, force,
                SharedTermsMaxTermChannelTest::poison);
    }
}
