package org.maat.core.runtime;

import java.io.IOException;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.CollectionStatistics;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreMode;
import org.apache.lucene.search.TermStatistics;
import org.apache.lucene.search.Weight;
import org.apache.lucene.search.similarities.Similarity;
import org.maat.core.lucene.SettledSearcher;
import org.maat.core.lucene.TaskReader;

/**
 * A searcher of one shard for one query of a session in a region: over the shard's {@link TaskReader} (the
 * read-only view of its shared reader that task code may hold; same leaves and document numbers as the raw reader
 * {@link ReadableStatistics} counts on), with the shared searcher's similarity and no query cache (see the
 * constructor), whose ranking statistics are the region's readable ones instead of the whole shard's, and whose collection stops at the
 * query's deadline ({@link IndexSearcher#timedOut()} then says so). Made per query: it costs an object.
 *
 * <p>It also holds the runtime's own {@link #scoringWeight() Weight} of the query (the standard
 * parse of its text), which {@link TrustedRanking} scores released documents with. Neither that weight nor
 * its rewritten query is ever handed to the task, even for an equal query: a query's terms carry mutable
 * bytes ({@code Term.bytes()}), so a task holding the runtime's query could change what the runtime scores
 * before it scores. Certifying costs a second weight per query; the trusted side never takes an object the
 * task held.
 */
final class RegionSearcher extends SettledSearcher {

    /** The mode the runtime's weight scores in (Lucene's top-k collectors'). */
    private static final ScoreMode SCORING_MODE = ScoreMode.TOP_SCORES;

    private final ReadableStatistics.Region statistics;
    private final Query scoring;
    private Query scoringRewritten;
    private Weight scoringWeight;

    RegionSearcher(TaskReader reader, Similarity similarity, ReadableStatistics.Region statistics,
                   QueryDeadline deadline, Query scoring) {
        // Settled: the task holds this searcher, and the trusted ranking scores with its similarity.
        super(reader, similarity, deadline);
        this.statistics = statistics;
        this.scoring = scoring;
    }

    /** The region's readable statistics; the counts Lucene passes in are the whole shard's and are ignored. */
    @Override
    public TermStatistics termStatistics(Term term, int docFreq, long totalTermFreq) throws IOException {
        return statistics.term(term);
    }

    @Override
    public CollectionStatistics collectionStatistics(String field) throws IOException {
        return statistics.collection(field);
    }

    /** The shard document number of the live document with conduit id {@code id}, or -1. */
    int documentOf(String id) throws IOException {
        return statistics.documentOf(id);
    }

    /** The runtime's weight of its own reading of the query, built here from trusted inputs only. */
    synchronized Weight scoringWeight() throws IOException {
        if (scoringWeight == null) {
            scoringWeight = super.createWeight(scoringRewritten(), SCORING_MODE, 1f);
        }
        return scoringWeight;
    }

    private synchronized Query scoringRewritten() throws IOException {
        if (scoringRewritten == null) {
            scoringRewritten = super.rewrite(scoring);
        }
        return scoringRewritten;
    }
}
