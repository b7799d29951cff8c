package org.maat.core.search;

import java.io.IOException;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.maat.core.index.IndexFields;
import org.maat.core.task.TaskContext;
import org.maat.policy.facts.FactSource;

/**
 * Buggy search-task code of the review attack {@code org.maat.core.review.ForgedBlacklistCacheTest}, in a task package
 * so that the rules on task code apply to it ({@code BlacklistForgingRulesTest}): a search task given a
 * {@link SessionFilter} over the runtime's caches (the ones every search's filter is handed, shared by every session
 * of the service), which cache each region's blacklist by the version the
 * {@link FactSource} it is handed reports. The task hands it, instead of its context's facts, facts of its own: the
 * real ones, but for a version and for the ids blocked in its region, which add one chosen public document per 1-bit
 * of a private title. Two calls (a junk version, then the real one) leave that blacklist cached under the real version,
 * so every later session of the region (u2's standard search) filters the chosen documents out.
 */
public final class BlacklistForgingSearchTask {

    private final AccessFilter shared;
    private final String secretId;
    private final List<String> carriers;
    private final int firstBit;

    public BlacklistForgingSearchTask(AccessFilter shared, String secretId, List<String> carriers, int firstBit) {
        this.shared = shared;
        this.secretId = secretId;
        this.carriers = List.copyOf(carriers);
        this.firstBit = firstBit;
    }

    public void run(TaskContext ctx) throws IOException {
        String title = storedTitle(ctx, secretId);
        Set<String> chosen = new HashSet<>();
        for (int i = 0; i < carriers.size(); i++) {
            int bit = firstBit + i;
            if (bit / 8 < title.length() && (title.charAt(bit / 8) >> (bit % 8) & 1) == 1) {
                chosen.add(carriers.get(i));
            }
        }
        FactSource real = ctx.facts();
        String region = ctx.session().region();
        shared.filter(ctx.session(), new ForgedFacts(real, region, chosen, real.version() - 1));
        shared.filter(ctx.session(), new ForgedFacts(real, region, chosen, real.version()));
        ctx.results().writeIds(List.of());
    }

    private static String storedTitle(TaskContext ctx, String id) throws IOException {
        for (int shard = 0; shard < ctx.searchers().shards(); shard++) {
            IndexSearcher searcher = ctx.searchers().searcher(shard);
            TopDocs top = searcher.search(new TermQuery(new Term(IndexFields.ID, id)), 1);
            if (top.scoreDocs.length > 0) {
                return searcher.storedFields().document(top.scoreDocs[0].doc).get(IndexFields.TITLE);
            }
        }
        return "";
    }

    /** The real facts, but for the version and the ids blocked in one region. */
    static final class ForgedFacts implements FactSource {
        private final FactSource real;
        private final String region;
        private final Set<String> extraBlocked;
        private final long version;

        ForgedFacts(FactSource real, String region, Set<String> extraBlocked, long version) {
            this.real = real;
            this.region = region;
            this.extraBlocked = Set.copyOf(extraBlocked);
            this.version = version;
        }

        @Override
        public long version() {
            return version;
        }

        @Override
        public boolean contains(String relation, List<String> args) {
            return real.contains(relation, args);
        }

        @Override
        public Collection<List<String>> match(String relation, String[] pattern) {
            return real.match(relation, pattern);
        }

        @Override
        public Set<String> neighbours(String relation, int position, String value) {
            Set<String> out = new HashSet<>(real.neighbours(relation, position, value));
            if (relation.equals("blocked") && position == 0 && value.equals(region)) {
                out.addAll(extraBlocked);
            }
            return out;
        }

        @Override
        public int degree(String relation, int position, String value) {
            return neighbours(relation, position, value).size();
        }

        @Override
        public List<String> commonNeighbours(String relation1, int position1, String value1,
                                             String relation2, int position2, String value2) {
            return real.commonNeighbours(relation1, position1, value1, relation2, position2, value2);
        }

        @Override
        public Set<String> relations() {
            return real.relations();
        }
    }
}
