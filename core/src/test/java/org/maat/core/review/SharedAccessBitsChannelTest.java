package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.SortedDocValues;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.Weight;
import org.apache.lucene.util.BitSetIterator;
import org.apache.lucene.util.FixedBitSet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.index.AccessTemplate;
import org.maat.core.index.IndexFields;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.Retrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardResult;
import org.maat.core.shard.ShardService;
import org.maat.core.task.ShardSearchers;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "buggy search code cannot leak" / "static state": state kept between two tasks of the same
 * JVM that is not a static field. The standard {@code SessionFilter} of every search is handed the service's
 * {@code AccessCaches} (runtime code, shared by every session and every view of the service), whose
 * {@code SegmentAccess} keeps, per segment and region, the bitset of public documents readable there, and
 * a session with no document of its own in a segment is handed that very bitset by the filter's scorer
 * ({@code ConstantScoreScorer} over a {@code BitSetIterator}, whose {@code getBitSet()} is public Lucene API,
 * the one {@code TopHits} itself uses). No rule names it and no run-time check sees it: a buggy retrieval
 * clears bits of it, and every later search of every user of the region (the standard task, untouched) skips
 * those public documents. The result lists that user gets then spell what the buggy task read.
 */
class SharedAccessBitsChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 28);

    private static final String QUERY = "parliament";
    /** The region's blacklist (a fact every search task can read through {@code ctx.facts()}). */
    private static Set<String> BLOCKED_IN_R0;

    @BeforeAll
    static void readTheBlacklist() throws IOException {
        BLOCKED_IN_R0 = review.service().data().engine().facts().neighbours("blocked", 0, "r0");
    }

    /** The stored title of {@code id}, as any search task can read it from the searchers it is given. */
    private static String storedTitle(ShardSearchers shards, String id) throws IOException {
        return ReviewAttacks.storedTitle(shards, id);
    }

    /** The agreed carriers, public knowledge: {@link PublicCarriers#firstInSegment} (they match {@link #QUERY}). */
    private static List<String[]> carriers(IndexSearcher searcher) throws IOException {
        return PublicCarriers.firstInSegment(searcher, BLOCKED_IN_R0);
    }

    /**
     * A buggy retrieval: returns the standard top ids (so its own user sees a normal answer), and, on the way,
     * writes character {@code position} of the secret title into the filter's bitset of shard 0's first
     * segment (one carrier document cleared per 1-bit, the others set back).
     */
    private static Retrieval carrying(String secretId, int position) {
        return (shards, query, k) -> {
            char c = storedTitle(shards, secretId).charAt(position);
            IndexSearcher searcher = shards.searcher(0);
            FixedBitSet bits = filterBits(searcher, query);
            if (bits != null) {
                write(searcher, bits, c);
            }
            return Retrieval.standard().topIds(shards, query, k);
        };
    }

    /** Writes {@code c} into {@code bits}: carrier {@code b} cleared when bit {@code b} is 1, set back when it is 0. */
    private static void write(IndexSearcher searcher, FixedBitSet bits, char c) throws IOException {
        List<String[]> carriers = carriers(searcher);
        for (int b = 0; b < carriers.size(); b++) {
            int doc = Integer.parseInt(carriers.get(b)[0]);
            if ((c >> b & 1) == 1) {
                bits.clear(doc);
            } else {
                bits.set(doc);
            }
        }
    }

    @Test
    void aBuggyRetrievalCannotSpellAPrivateTitleIntoAnotherUsersLaterResultLists() throws IOException {
        // A signed-in user who owns no document yet (and has no friends): its filter hands out the region's bitset.
        Session newcomer = Session.of("newcomer", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = review.unreadableBy(newcomer, observer).get(0);
        String title = review.title(secretDoc.id());
        List<String[]> carriers = carriers(review.service().index().searcher(0)); // public documents: public knowledge
        assertThat(carriers).hasSize(PublicCarriers.BITS);
        String recovered = PublicCarriers.decode(title.length(), carriers, position -> {
            // the newcomer's search, through a shard whose retrieval is buggy: an ordinary answer
            SearchService buggyShard = review.service().withComponents(
                    review.service().components().withRetrieval(() -> carrying(secretDoc.id(), position)));
            List<String> newcomerSaw = buggyShard.search(newcomer, QUERY, 10);
            assertThat(newcomerSaw).isNotEmpty();
            // u2's ordinary search with the standard task: which public carriers are missing spells the character
            return new HashSet<>(review.service().search(observer, QUERY, 1000));
        });
        assertThat(recovered).as("what u2 decoded from its own standard result lists; the title of %s, "
                + "which neither the newcomer nor u2 may read", secretDoc.id()).isNotEqualTo(title);
    }

    /**
     * The same at an in-process shard that runs a buggy retrieval for every user: it touches the bitset only when
     * the filter handed it the region's shared one (public documents alone: the newcomer's); for u2 (whose own
     * documents make its filter a private copy) it reads nothing and answers as the standard retrieval does. The
     * hits of u2's {@link ShardResult} (the shard server's body, what the front-end merges) spell the title.
     */
    @Test
    void aShardsBuggyRetrievalCannotSpellAPrivateTitleIntoAnotherUsersShardAnswers() throws IOException {
        Session newcomer = Session.of("newcomer", "r0");
        Session observer = Session.of("u2", "r0");
        IndexSearcher shard0 = review.service().index().searcher(0);
        Conduit secretDoc = review.unreadableOnShard0(newcomer, observer);
        String secretId = secretDoc.id();
        String title = review.title(secretId);
        List<String[]> carriers = carriers(shard0); // public documents: public knowledge
        String recovered;
        try (ShardIndex shards = review.openShards()) {
            recovered = PublicCarriers.decode(title.length(), carriers, position -> {
                Retrieval buggy = (searchers, query, k) -> {
                    IndexSearcher searcher = searchers.searcher(0);
                    FixedBitSet bits = filterBits(searcher, query);
                    if (bits != null && onlyPublic(searcher, bits)) {
                        write(searcher, bits, storedTitle(searchers, secretId).charAt(position));
                    }
                    return Retrieval.standard().topIds(searchers, query, k);
                };
                ShardService shard = shards.shard(0).withComponents(SearchComponents.standard().withRetrieval(() -> buggy));
                assertThat(shard.search(new ShardQuery(newcomer.principal(), "r0", QUERY, 10)).hits()).isNotEmpty();
                ShardResult seen = shard.search(new ShardQuery(observer.principal(), "r0", QUERY, 1000));
                Set<String> observed = new HashSet<>();
                seen.hits().forEach(hit -> observed.add(hit.id()));
                return observed;
            });
        }
        assertThat(recovered).as("what u2 decoded from shard 0's answers to its searches; the title of "
                + "%s, which neither the newcomer nor u2 may read", secretId).isNotEqualTo(title);
    }

    /** The bitset the session filter's scorer hands out on the first segment, or null. */
    private static FixedBitSet filterBits(IndexSearcher searcher, Query query) throws IOException {
        Query filter = ((BooleanQuery) query).clauses().stream()
                .filter(clause -> clause.getOccur() == BooleanClause.Occur.FILTER)
                .findFirst().orElseThrow().getQuery();
        Weight weight = searcher.createWeight(searcher.rewrite(filter), ScoreMode.COMPLETE_NO_SCORES, 1f);
        Scorer scorer = weight.scorer(searcher.getIndexReader().leaves().get(0));
        return scorer != null && scorer.iterator() instanceof BitSetIterator it && it.getBitSet() instanceof FixedBitSet bits
                ? bits : null;
    }

    /** Whether every document of {@code bits} has the public template (the region's shared set, not a session's copy). */
    private static boolean onlyPublic(IndexSearcher searcher, FixedBitSet bits) throws IOException {
        SortedDocValues templates = DocValues.getSorted(searcher.getIndexReader().leaves().get(0).reader(), IndexFields.TEMPLATE);
        for (int doc = bits.nextSetBit(0); doc != DocIdSetIterator.NO_MORE_DOCS;
                doc = doc + 1 < bits.length() ? bits.nextSetBit(doc + 1) : DocIdSetIterator.NO_MORE_DOCS) {
            if (!templates.advanceExact(doc)
                    || !AccessTemplate.parse(templates.lookupOrd(templates.ordValue()).utf8ToString()).base().equals("public")) {
                return false;
            }
        }
        return true;
    }
}
