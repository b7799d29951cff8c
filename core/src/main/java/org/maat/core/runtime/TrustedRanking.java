package org.maat.core.runtime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.ReaderUtil;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.Scorer;
import org.apache.lucene.search.Weight;
import org.maat.core.task.RankedId;
import org.maat.core.task.ReleaseRanking;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.Permission;
import org.maat.policy.monitor.PolicyViolation;

/**
 * The scores of a released result list, computed by the runtime from the index, not taken from the
 * task: each listed document is found by its id (a hash lookup), and the runtime's own Lucene
 * {@link Weight} of the query ({@link RegionSearcher#scoringWeight()}: the standard parse of the
 * session's query text, with the region's readable statistics) is advanced to it and scored -- k
 * advances, not a second search. The list is then certified as the index's
 * ranking: scores never increase, and equal scores are ordered by shard, then document number, as
 * Lucene's own merge orders them. A list naming a document that is not in the index or does not
 * match the query, naming one twice, or out of that order is refused with a
 * {@link PolicyViolation} on the result conduit, so neither scores nor order can carry anything
 * the task chose beyond which readable ids it lists.
 */
final class TrustedRanking implements ReleaseRanking {

    private final List<RegionSearcher> shards;
    private final Conduit destination;
    private final Session recipient;

    /**
     * @param shards the searchers the task was given (same readers, same statistics), by shard
     *               number; each holds the runtime's own weight of the query
     */
    TrustedRanking(List<RegionSearcher> shards, Conduit destination, Session recipient) {
        this.shards = shards;
        this.destination = destination;
        this.recipient = recipient;
    }

    private record Located(int rank, String id, int shard, LeafReaderContext leaf, int doc) {
        int shardDoc() {
            return leaf.docBase + doc;
        }
    }

    @Override
    public List<RankedId> rank(List<String> ids) {
        try {
            return scoreAndCertify(ids);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private List<RankedId> scoreAndCertify(List<String> ids) throws IOException {
        List<Located> located = new ArrayList<>(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            located.add(locate(i, ids.get(i)));
        }
        float[] scores = new float[ids.size()];
        for (int shard = 0; shard < shards.size(); shard++) {
            int s = shard;
            List<Located> here = located.stream().filter(l -> l.shard() == s)
                    .sorted(Comparator.comparingInt(Located::shardDoc)).toList();
            if (here.isEmpty()) {
                continue;
            }
            Weight weight = shards.get(shard).scoringWeight();
            LeafReaderContext leaf = null;
            Scorer scorer = null;
            for (Located l : here) {
                if (l.leaf() != leaf) {
                    leaf = l.leaf();
                    scorer = weight.scorer(leaf);
                }
                DocIdSetIterator it = scorer == null ? null : scorer.iterator();
                int at = it == null ? DocIdSetIterator.NO_MORE_DOCS : it.docID() < l.doc() ? it.advance(l.doc()) : it.docID();
                if (at != l.doc()) {
                    throw refused(l.id() + " (rank " + (l.rank() + 1) + ") does not match the query");
                }
                scores[l.rank()] = scorer.score();
            }
        }
        List<RankedId> ranked = new ArrayList<>(ids.size());
        for (int i = 0; i < ids.size(); i++) {
            if (i > 0 && !before(located.get(i - 1), scores[i - 1], located.get(i), scores[i])) {
                throw refused(ids.get(i - 1) + " (score " + scores[i - 1] + ") is listed before " + ids.get(i)
                        + " (score " + scores[i] + "), which the index ranks " + (ids.get(i).equals(ids.get(i - 1))
                        ? "once only" : "higher") + "; a result list must be in the index's order");
            }
            ranked.add(new RankedId(ids.get(i), scores[i]));
        }
        return ranked;
    }

    /** Lucene's order: higher score first, then lower shard, then lower document number. */
    private static boolean before(Located a, float scoreA, Located b, float scoreB) {
        if (scoreA != scoreB) {
            return scoreA > scoreB;
        }
        if (a.shard() != b.shard()) {
            return a.shard() < b.shard();
        }
        return a.shardDoc() < b.shardDoc();
    }

    private Located locate(int rank, String id) throws IOException {
        for (int shard = 0; shard < shards.size(); shard++) {
            int doc = shards.get(shard).documentOf(id);
            if (doc >= 0) {
                List<LeafReaderContext> leaves = shards.get(shard).getIndexReader().leaves();
                LeafReaderContext leaf = leaves.get(ReaderUtil.subIndex(doc, leaves));
                return new Located(rank, id, shard, leaf, doc - leaf.docBase);
            }
        }
        throw refused(id + " (rank " + (rank + 1) + ") is not a document of the index searched");
    }

    private PolicyViolation refused(String why) {
        return new PolicyViolation(destination.id(), Permission.DECLASSIFY, destination.policy(), recipient,
                "result list refused (ONLY_CND_IDS+ releases ids in the index's ranking, scored by the runtime): "
                        + why, null);
    }
}
