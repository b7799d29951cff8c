package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.lucene.analysis.Analyzer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.index.IndexFields;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.AnalyzerStashRetrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "static state: ... holds a value no task can change: ... the index's one analyzer ... so two tasks
 * cannot meet in a static final collection, array or object with a field to set" (the static-state rule admits
 * {@code IndexAnalyzer} as "the index's one analyzer, whose only state is a reuse strategy that keeps nothing") and on
 * "the search components ... made afresh for every search ... nothing a component keeps in its fields outlives the
 * search". Lucene's {@link Analyzer} base class keeps a per-thread stored value ({@code Analyzer.storedValue}, a
 * {@code CloseableThreadLocal}) that any {@link Analyzer.ReuseStrategy} subclass may read and write on any analyzer
 * through its protected final {@code getStoredValue}/{@code setStoredValue}. {@code IndexFields.analyzer()} is handed
 * to every task (a public static method of a task package), and its own strategy never touches that slot, so what one
 * task leaves there stays for the next task the runtime runs on that thread, whoever's it is. No rule names it: the
 * slot is not a {@code ThreadLocal} subclass, not a static field the task declares, and not one of the pinned
 * library settings.
 *
 * <p>The buggy retrieval ({@link AnalyzerStashRetrieval}, fresh for every search) keeps nothing in its fields: in the
 * owner's search it puts the private title in the shared analyzer's slot, and in each later search (the observer's) it
 * takes a character from there and spells it through which of the first 7 readable hits it leaves out. The observer,
 * who may not read the document, decodes the title from its own answers.
 */
class SharedAnalyzerStoredValueChannelTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 29);

    private static final String QUERY = "parliament";
    private static final int K = 1000;

    /** Clears what an attack left in the shared analyzer's slot on this thread. */
    private static final class Clear extends Analyzer.ReuseStrategy {
        @Override
        public Analyzer.TokenStreamComponents getReusableComponents(Analyzer analyzer, String fieldName) {
            return null;
        }

        @Override
        public void setReusableComponents(Analyzer analyzer, String fieldName, Analyzer.TokenStreamComponents c) {
        }

        void clear() {
            setStoredValue(IndexFields.analyzer(), null);
        }
    }

    @AfterEach
    void clearTheSharedAnalyzer() {
        new Clear().clear();
    }

    @FunctionalInterface
    private interface Searching {
        List<String> search(Session session) throws IOException;
    }

    private record Secret(Conduit doc, Session owner, Session observer) {
    }

    private static Secret secret() throws IOException {
        Session observer = Session.of("u2", "r0");
        Conduit doc = review.unreadableOnShard0(observer);
        return new Secret(doc, Session.of(doc.owner(), "r0"), observer);
    }

    private static void attack(Secret secret, List<String> honest, Searching through) throws IOException {
        assertThat(honest).as("the observer's honest answer has a hit per bit")
                .hasSizeGreaterThan(AnalyzerStashRetrieval.BITS);
        String title = review.title(secret.doc().id());
        new Clear().clear();
        through.search(secret.owner());
        List<List<String>> answers = new ArrayList<>();
        StringBuilder recovered = new StringBuilder();
        for (int position = 0; position < title.length(); position++) {
            List<String> observed = through.search(secret.observer());
            answers.add(observed);
            int c = 0;
            for (int b = 0; b < AnalyzerStashRetrieval.BITS; b++) {
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
    }

    @Test
    void aFreshRetrievalCannotCarryATitleThroughTheSharedAnalyzerToAnotherSessionsAnswers() throws IOException {
        Secret secret = secret();
        SearchService service = review.service();
        List<String> honest = service.search(secret.observer(), QUERY, K);
        SearchService buggy = service.withComponents(
                SearchComponents.standard().withRetrieval(() -> new AnalyzerStashRetrieval(secret.doc().id())));
        attack(secret, honest, session -> buggy.search(session, QUERY, K));
    }

    @Test
    void aShardsFreshRetrievalCannotCarryATitleThroughTheSharedAnalyzerToAnotherSessionsAnswers() throws IOException {
        Secret secret = secret();
        try (ShardIndex shards = review.openShards()) {
            ShardService standard = shards.shard(0);
            List<String> honest = ids(standard, secret.observer());
            ShardService buggy = standard.withComponents(
                    SearchComponents.standard().withRetrieval(() -> new AnalyzerStashRetrieval(secret.doc().id())));
            attack(secret, honest, session -> ids(buggy, session));
        }
    }

    private static List<String> ids(ShardService shard, Session session) throws IOException {
        return shard.search(new ShardQuery(session.principal(), session.region(), QUERY, K)).hits().stream()
                .map(ShardHit::id).toList();
    }
}
