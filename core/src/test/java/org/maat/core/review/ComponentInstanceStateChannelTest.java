package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.search.Query;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.Retrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.core.task.ShardSearchers;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "nothing one session's search read can reach another session's answer": state a search
 * component keeps in its own instance fields. No rule looks at a component's instance fields, and no run-time check
 * sees them: a retrieval object that served one session's search and then another's could carry a title from the
 * first to the second. The buggy retrieval here remembers the private title of a document it read during its
 * owner's search, and in each later search spells one character of it through which of the first
 * {@value PublicCarriers#BITS} readable hits it leaves out (a shorter list of readable ids, in the index's order,
 * is one the monitor and the trusted ranking release). Another user, searching through the same service, reads the
 * title off its own answers. The runtime makes the search components afresh for every search, so the retrieval
 * that serves the observer never saw the owner's search, and the observer's answers are the honest ones.
 */
class ComponentInstanceStateChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    private static final String QUERY = "parliament";
    private static final int K = 1000;

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
            char c = remembered.charAt(position);
            List<String> spelled = new ArrayList<>();
            for (int i = 0; i < honest.size(); i++) {
                if (i >= PublicCarriers.BITS || (c >> i & 1) == 0) {
                    spelled.add(honest.get(i));
                }
            }
            return spelled;
        }
    }

    /** One search of a session through the service or shard under attack; returns the ids it answered. */
    @FunctionalInterface
    private interface Searching {
        List<String> search(Session session) throws IOException;
    }

    /** A private document of a user with documents, and the observer who may not read it. */
    private record Secret(Conduit doc, Session owner, Session observer) {
    }

    /** On shard 0, so that a retrieval given that shard alone can read it too. */
    private static Secret secret() throws IOException {
        Session observer = Session.of("u2", "r0");
        Conduit doc = review.unreadableOnShard0(observer);
        return new Secret(doc, Session.of(doc.owner(), "r0"), observer);
    }

    /**
     * The owner searches once (the retrieval reads the secret title then), the observer searches once per
     * character; returns what the observer decoded and checks that every answer it got was the honest one.
     */
    private static String attack(Secret secret, List<String> honest, Searching through) throws IOException {
        assertThat(honest).as("the observer's honest answer has a hit per bit").hasSizeGreaterThan(PublicCarriers.BITS);
        String title = review.title(secret.doc().id());
        through.search(secret.owner());
        List<List<String>> answers = new ArrayList<>();
        StringBuilder recovered = new StringBuilder();
        for (int position = 0; position < title.length(); position++) {
            List<String> observed = through.search(secret.observer());
            answers.add(observed);
            int c = 0;
            for (int b = 0; b < PublicCarriers.BITS; b++) {
                if (!observed.contains(honest.get(b))) {
                    c |= 1 << b;
                }
            }
            recovered.append((char) c);
        }
        assertThat(recovered.toString()).as("what %s decoded from its own answers; the title of %s, which it may "
                + "not read", secret.observer().principal(), secret.doc().id()).isNotEqualTo(title);
        assertThat(answers).as("the observer's answers through the buggy retrieval").allSatisfy(
                answer -> assertThat(answer).isEqualTo(honest));
        return recovered.toString();
    }

    @Test
    void aRetrievalCannotCarryATitleFromOneSessionsSearchToAnothersAnswers() throws IOException {
        Secret secret = secret();
        SearchService service = review.service();
        List<String> honest = service.search(secret.observer(), QUERY, K);
        SearchService buggy = service.withComponents(
                SearchComponents.standard().withRetrieval(() -> new RememberingRetrieval(secret.doc().id())));
        attack(secret, honest, session -> buggy.search(session, QUERY, K));
    }

    @Test
    void aShardsRetrievalCannotCarryATitleFromOneSessionsSearchToAnothersShardAnswers() throws IOException {
        Secret secret = secret();
        try (ShardIndex shards = review.openShards()) {
            ShardService standard = shards.shard(0);
            List<String> honest = ids(standard, secret.observer());
            ShardService buggy = standard.withComponents(
                    SearchComponents.standard().withRetrieval(() -> new RememberingRetrieval(secret.doc().id())));
            attack(secret, honest, session -> ids(buggy, session));
        }
    }

    private static List<String> ids(ShardService shard, Session session) throws IOException {
        return shard.search(new ShardQuery(session.principal(), session.region(), QUERY, K)).hits().stream()
                .map(ShardHit::id).toList();
    }
}
