package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import org.maat.core.search.Retrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * The attack the {@code FieldInfo} reviews share: u1's buggy task reads one bit of the title of a document neither u1
 * nor u2 may read and writes it into the {@code id} field's doc-values type ({@code NONE} for 1, {@code SORTED} for
 * 0), by whatever route to the segment's own {@code FieldInfo} its {@link ReviewAttacks.Plant} takes; u2 decodes the bit
 * from whether its own ordinary search then succeeds. Each check fails if what u2 spelled is the title.
 */
final class IdDocValuesSpelling {

    private static final String QUERY = "parliament budget";
    private static final Session READER = Session.of("u1", "r0");
    private static final Session OBSERVER = Session.of("u2", "r0");

    private IdDocValuesSpelling() {
    }

    /** In process: u1's search tasks flip, u2's searches through the service answer or fail. */
    static void assertCannotSpellInProcess(ReviewIndex index, ReviewAttacks.Plant flip) throws IOException {
        String secretId = index.unreadableBy(READER, OBSERVER).get(0).id();
        String title = index.title(secretId);
        String recovered;
        try {
            recovered = TitleBits.decode(title.length(), position -> {
                runTask(index, flip, secretId, position);
                return searches(index); // u2's ordinary search: an answer, or the runtime's failure text
            });
        } finally {
            runTask(index, flip, secretId, TitleBits.CALIBRATION);
        }
        System.out.println("real title:    " + title);
        System.out.println("u2 decoded:    " + recovered);
        assertThat(recovered).as("what u2 decoded from whether its own standard searches succeed; the "
                + "title of %s, which neither u1 nor u2 may read", secretId).isNotEqualTo(title);
    }

    /**
     * At an in-process shard: u1's searches through a buggy {@link Retrieval} flip, u2's searches with the standard
     * components answer or fail. The secret is a document shard 0 holds.
     */
    static void assertCannotSpellAtShard(ReviewIndex index, ReviewAttacks.Plant flip) throws IOException {
        Conduit secretDoc = index.unreadableOnShard0(READER, OBSERVER);
        String secret = secretDoc.id();
        String title = index.title(secret);
        String recovered;
        try (ShardIndex shards = index.openShards()) {
            ShardService standard = shards.shard(0);
            recovered = TitleBits.decode(title.length(), position -> {
                Retrieval buggy = ReviewAttacks.plantingRetrieval(secret, position, flip);
                ShardService shard = standard.withComponents(SearchComponents.standard().withRetrieval(() -> buggy));
                try {
                    shard.search(new ShardQuery(READER.principal(), "r0", QUERY, 10)); // u1's answer
                } catch (IOException | RuntimeException e) {
                    // u1's only
                }
                try {
                    standard.search(new ShardQuery(OBSERVER.principal(), "r0", QUERY, 1000));
                    return true;
                } catch (IOException | RuntimeException e) {
                    return false; // what shard 0 answers u2's front-end: an error instead of hits
                }
            });
            // put the id field's doc values back for whatever runs next on this shard
            Retrieval clean = (searchers, query, k) -> {
                for (int s = 0; s < searchers.shards(); s++) {
                    flip.plant(searchers.searcher(s), false);
                }
                return List.of();
            };
            try {
                standard.withComponents(SearchComponents.standard().withRetrieval(() -> clean))
                        .search(new ShardQuery(READER.principal(), "r0", QUERY, 10));
            } catch (IOException | RuntimeException e) {
                // u1's only
            }
        }
        System.out.println("shard: real title " + title + ", u2 decoded " + recovered);
        assertThat(recovered).as("what u2 decoded from shard 0's answers; the title of %s, "
                + "which neither u1 nor u2 may read", secret).isNotEqualTo(title);
    }

    /**
     * u1's buggy search task: reads bit {@code bitIndex} of the title (0 when bitIndex < 0) into the id field's
     * doc-values type, releases nothing.
     */
    private static void runTask(ReviewIndex index, ReviewAttacks.Plant flip, String secretId, int bitIndex) {
        ReviewAttacks.runPlantingTask(index.service(), READER, QUERY, secretId, bitIndex, false, flip);
    }

    /** Whether u2's ordinary search answered (rather than failing in the runtime's words). */
    private static boolean searches(ReviewIndex index) {
        try {
            index.service().search(OBSERVER, QUERY, 1000);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
