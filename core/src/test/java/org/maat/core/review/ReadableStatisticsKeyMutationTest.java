package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.QueryVisitor;
import org.apache.lucene.util.BytesRef;
import org.apache.lucene.util.StringHelper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.index.IndexFields;
import org.maat.core.search.QueryComposer;
import org.maat.core.search.Retrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "ranking statistics count only documents every session of the region may read" / "the shared
 * readers, caches": {@code ReadableStatistics.Region} keeps a term's statistics in an LRU map keyed by the very
 * {@link Term} object the caller handed {@code RegionSearcher.termStatistics} (public {@link IndexSearcher} API a
 * task reaches through {@code ctx.searchers().searcher(i)}), and a {@code Term}'s {@link BytesRef} is mutable. A
 * buggy task asks for the statistics of a made-up term (the {@code Term} constructor copies the bytes, but
 * {@link Term#bytes()} hands out the copy the map keeps) whose bytes have the same hash as {@code body:parliament}
 * (murmur3 with {@link StringHelper#GOOD_FAST_HASH_SEED}, public and invertible), so {@code df = 1} is stored under
 * that hash, then rewrites the key's bytes to {@code parliament}: every later search of the region now finds
 * {@code df = 1} for {@code body:parliament}, its body clause outweighs the title clause, and the order of every
 * user's standard results for "parliament budget" changes. One bit per task run (poison or not); the task first evicts
 * the region's cache by asking for 10,001 other terms. The honest user u2 decodes a title neither may read.
 */
class ReadableStatisticsKeyMutationTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 28);

    private static final String QUERY = "parliament budget";

    /** The body term the standard parse of {@link #QUERY} searches (public knowledge). */
    private static Term bodyTerm() {
        Query parsed = QueryComposer.standard().compose(QUERY, Optional.empty());
        Set<Term> terms = new HashSet<>();
        parsed.visit(QueryVisitor.termCollector(terms));
        return terms.stream().filter(t -> t.field().equals(IndexFields.BODY) && t.text().equals("parliament")).findFirst().orElseThrow();
    }

    // murmur3_x86_32 as Lucene's StringHelper, inverted on the last full block
    private static final int C1 = 0xcc9e2d51;
    private static final int C2 = 0x1b873593;

    private static int inverse(int a) {
        int x = a;
        for (int i = 0; i < 5; i++) {
            x *= 2 - a * x;
        }
        return x;
    }

    private static int block(byte[] b, int i) {
        return (b[i] & 0xff) | (b[i + 1] & 0xff) << 8 | (b[i + 2] & 0xff) << 16 | (b[i + 3] & 0xff) << 24;
    }

    private static int step(int h, int k) {
        k *= C1;
        k = Integer.rotateLeft(k, 15);
        k *= C2;
        h ^= k;
        h = Integer.rotateLeft(h, 13);
        return h * 5 + 0xe6546b64;
    }

    /** Bytes of the same length as {@code target}, different, with the same {@link BytesRef#hashCode()}. */
    static byte[] collision(byte[] target) {
        int blocks = target.length / 4;
        if (blocks < 2) {
            throw new IllegalArgumentException("needs two blocks");
        }
        int want = StringHelper.GOOD_FAST_HASH_SEED;
        for (int b = 0; b < blocks; b++) {
            want = step(want, block(target, 4 * b));
        }
        byte[] out = target.clone();
        for (int i = 0; i < 4 * (blocks - 1); i++) {
            out[i] = (byte) ('q' + i % 5);
        }
        int h = StringHelper.GOOD_FAST_HASH_SEED;
        for (int b = 0; b < blocks - 1; b++) {
            h = step(h, block(out, 4 * b));
        }
        int t = Integer.rotateRight((want - 0xe6546b64) * inverse(5), 13);
        int g = t ^ h;
        int k = Integer.rotateRight(g * inverse(C2), 15) * inverse(C1);
        int at = 4 * (blocks - 1);
        out[at] = (byte) k;
        out[at + 1] = (byte) (k >>> 8);
        out[at + 2] = (byte) (k >>> 16);
        out[at + 3] = (byte) (k >>> 24);
        return out;
    }

    /** The buggy task's work on one shard: evict the region's term cache, then (bit 1) plant df = 1 under the term. */
    private static void poison(IndexSearcher searcher, Term term, boolean bit) throws IOException {
        for (int j = 0; j <= 10_050; j++) {
            searcher.termStatistics(new Term(IndexFields.BODY, new BytesRef("zz-evict-" + j)), 1, 1);
        }
        if (bit) {
            byte[] target = BytesRef.deepCopyOf(term.bytes()).bytes;
            Term key = new Term(term.field(), new BytesRef(collision(target))); // Term copies the bytes it is given
            searcher.termStatistics(key, 1, 1); // counted: df 1, stored under h(term) with this very key
            BytesRef mutable = key.bytes(); // ... but hands out its own copy, which is mutable
            System.arraycopy(target, 0, mutable.bytes, mutable.offset, target.length); // the key now equals term
        }
    }

    @Test
    void theCollisionHasTheTermsHash() {
        Term term = bodyTerm();
        byte[] target = BytesRef.deepCopyOf(term.bytes()).bytes;
        byte[] other = collision(target);
        assertThat(other).isNotEqualTo(target);
        assertThat(new Term(term.field(), new BytesRef(other)).hashCode()).isEqualTo(term.hashCode());
    }

    @Test
    void aBuggySearchTaskCannotSpellAPrivateTitleIntoAnotherUsersResultOrderThroughTheStatisticsCache()
            throws IOException {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = review.unreadableBy(reader, observer).get(0);
        String secretId = secretDoc.id();
        String title = review.title(secretId);
        Term term = bodyTerm();
        // calibration, known to both: a run that plants nothing, then one that plants
        runTask(reader, secretId, TitleBits.CALIBRATION, false);
        List<String> clean = review.service().search(observer, QUERY, 1000);
        runTask(reader, secretId, TitleBits.CALIBRATION, true);
        List<String> planted = review.service().search(observer, QUERY, 1000);
        System.out.println("clean order == planted order? " + clean.equals(planted) + " (" + clean.size() + " hits)");
        String recovered = TitleBits.decode(title.length(), position -> {
            runTask(reader, secretId, position, false);
            return review.service().search(observer, QUERY, 1000); // u2's ordinary search
        });
        System.out.println("real title:    " + title);
        System.out.println("u2 decoded:    " + recovered);
        assertThat(recovered).as("what u2 decoded from the order of its own standard results; the title "
                + "of %s, which neither u1 nor u2 may read", secretId).isNotEqualTo(title);
    }

    /**
     * The same at an in-process shard, with the buggy code shaped as search-package code: a {@link Retrieval} that
     * answers its own user (u1) with the standard top ids and, on the way, plants (or not) one bit of the title in
     * the shard's statistics cache. u2's searches at the same shard, with the standard components, return hits
     * (the shard server's body, what the front-end merges) whose order spells the title.
     */
    @Test
    void aShardsBuggyRetrievalCannotSpellAPrivateTitleIntoAnotherUsersShardAnswersThroughTheStatisticsCache()
            throws IOException {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = review.unreadableOnShard0(reader, observer);
        String secretId = secretDoc.id();
        String title = review.title(secretId);
        Term term = bodyTerm();
        String recovered;
        try (ShardIndex shards = review.openShards()) {
            ShardService standard = shards.shard(0);
            recovered = TitleBits.decode(title.length(), position -> {
                Retrieval buggy = ReviewAttacks.plantingRetrieval(secretId, position,
                        (searcher, bit) -> poison(searcher, term, bit));
                ShardService shard = standard.withComponents(SearchComponents.standard().withRetrieval(() -> buggy));
                shard.search(new ShardQuery(reader.principal(), "r0", QUERY, 10)); // u1's ordinary-looking answer
                List<String> seen = new ArrayList<>();
                standard.search(new ShardQuery(observer.principal(), "r0", QUERY, 1000)).hits()
                        .forEach(hit -> seen.add(hit.id()));
                return seen; // at the calibration, nothing planted
            });
        }
        System.out.println("shard: real title " + title + ", u2 decoded " + recovered);
        assertThat(recovered).as("what u2 decoded from the order of shard 0's answers; the title of %s, "
                + "which neither u1 nor u2 may read", secretId).isNotEqualTo(title);
    }

    /** u1's buggy search task: bit {@code index} of the title (or {@code force} when index < 0), an empty release. */
    private static void runTask(Session session, String secretId, int index, boolean force) {
        Term term = bodyTerm();
        ReviewAttacks.runPlantingTask(review.service(), session, QUERY, secretId, index, force,
                (searcher, bit) -> poison(searcher, term, bit));
    }
}
