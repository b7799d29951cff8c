package org.maat.core.review;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.search.Query;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.search.Retrieval;
import org.maat.core.search.TitleSpelling;
import org.maat.core.task.ShardSearchers;

/**
 * Review attack on "nothing one session's search read can reach another session's answer": state a search
 * component keeps in its own instance fields. No rule looks at a component's instance fields, and no run-time check
 * sees them: a retrieval object that served one session's search and then another's could carry a title from the
 * first to the second. The buggy retrieval here remembers the private title of a document it read during its
 * owner's search, and in each later search spells one character of it through which of the first
 * {@value TitleSpelling#BITS} readable hits it leaves out (a shorter list of readable ids, in the index's order,
 * is one the monitor and the trusted ranking release). Another user, searching through the same service, reads the
 * title off its own answers. The runtime makes the search components afresh for every search, so the retrieval
 * that serves the observer never saw the owner's search, and the observer's answers are the honest ones.
 */
class ComponentInstanceStateChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    private static final int K = 1000;

    private static final TitleSpellingAttack ATTACK = TitleSpellingAttack.asking(review, K);

    /**
     * The buggy retrieval: the first search it serves, it reads the title of {@code secretId} and keeps it; in
     * search {@code n + 1} it leaves out hit {@code b} of the honest list for every bit {@code b} of character
     * {@code n} that is 1.
     */
    static final class RememberingRetrieval implements Retrieval {
        private final String secretId;
        private String remembered;
        private int searchesSince;

        RememberingRetrieval(String secretId) {
            this.secretId = secretId;
        }

        @Override
        public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
            List<String> honest = Retrieval.standard().topIds(shards, query, k);
            if (remembered == null) {
                remembered = ReviewAttacks.storedTitle(shards, secretId);
                return honest;
            }
            int position = searchesSince++;
            if (position >= remembered.length()) {
                return honest;
            }
            return TitleSpelling.spell(honest, remembered.charAt(position));
        }
    }

    @Test
    void aRetrievalCannotCarryATitleFromOneSessionsSearchToAnothersAnswers() throws Exception {
        ATTACK.inProcess(RememberingRetrieval::new);
    }

    @Test
    void aShardsRetrievalCannotCarryATitleFromOneSessionsSearchToAnothersShardAnswers() throws Exception {
        ATTACK.throughShard(RememberingRetrieval::new);
    }
}
