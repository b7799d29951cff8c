package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.index.DocumentMapper;
import org.maat.core.index.IndexFields;
import org.maat.core.runtime.IndexUpdate;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.SearchComponents;
import org.maat.core.search.PlantedTrojans;
import org.maat.core.search.TokenStreamTrojan;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardResult;
import org.maat.core.shard.ShardService;
import org.maat.core.task.LabelledDocument;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "static state" / "the shared readers, caches and analyzer: the one analyzer of the index has no
 * setting to change" / "buggy search code cannot leak". {@code IndexFields.analyzer()} (public, task package) is one
 * {@code Analyzer} for the JVM with Lucene's global reuse strategy: each thread keeps ONE reused token stream chain,
 * and every later tokenization on that thread -- the runtime's own reading of a query in {@code SearchService}
 * ({@code QueryComposer.standard()}), other users' search tasks, snippets -- goes through that very object. A token
 * stream is an {@code AttributeSource}, and {@code addAttributeImpl} is public: a buggy task adds an attribute of its
 * own class (its own {@code Attribute} interface, so nothing of Lucene's is replaced) that holds what the task read in
 * an instance field. No rule names it (no static field, thread, reflection or listener), and nothing at the task
 * boundary looks at the analyzer. The object stays in the thread's chain after the task ends, and Lucene calls its
 * code on every later use: {@code QueryBuilder} wraps the stream in a {@code CachingTokenFilter}, whose
 * {@code restoreState} calls the attribute's {@code copyTo} after the term of each token is restored. There it
 * rewrites the term: the runtime's scoring query and the honest task's query of another user are then of the
 * trojan's choice.
 *
 * <p>Here u1's search runs a buggy retrieval that reads a title neither u1 nor u2 may read, plants the trojan and
 * returns u1's ordinary results. u2 then runs only the standard search, with queries {@code k0, k1, ...}: the trojan
 * turns {@code kN} into {@code parliament} when bit N of the title is 1 and into a word no document has otherwise.
 * Whether u2's released list is empty spells the title. The same at an in-process shard (u2 reads the shard's answers)
 * and from an indexing task (a {@code DocumentMapper} of an in-place update in the serving JVM). The same trojan can
 * instead throw the title from the runtime's own parse, outside any task boundary: u3's search fails with the title as
 * its message. The buggy code is {@link TokenStreamTrojan}, in a task
 * package; {@code TokenStreamTrojanRulesTest} shows the rules on task code let it through.
 */
class SharedTokenStreamTrojanTest {

    /** Its spare index: a second index of the same data, updated in place while the service serves the first. */
    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(200, 28, 1);
    private static SearchService service;

    @BeforeAll
    static void theService() {
        service = review.service();
    }

    @AfterAll
    static void disarm() {
        PlantedTrojans.PLANTED.forEach(TokenStreamTrojan.Trojan::disarm); // before the index closes
    }

    @Test
    void aBuggySearchTaskCannotLeaveCodeInTheSharedAnalyzerThatSpellsATitleIntoAnotherUsersResults() throws IOException {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = review.unreadableBy(reader, observer).get(0);
        String title = review.title(secretDoc.id());

        SearchService buggy = service.withComponents(
                service.components().withRetrieval(() -> TokenStreamTrojan.planting(secretDoc.id(), false)));
        List<String> u1Saw = buggy.search(reader, "parliament", 10); // u1's ordinary answer
        assertThat(u1Saw).isNotEmpty();

        // From here on u2 runs only the standard search task, on the same thread (a server's pooled worker).
        String recovered = decode(q -> !service.search(observer, q, 5).isEmpty());
        assertThat(recovered).as("what u2 decoded from its own standard result lists; the title of %s, which neither "
                + "u1 nor u2 may read", secretDoc.id()).isNotEqualTo(title);
    }

    /** What u2 decodes from whether its searches {@code k0, k1, ...} find anything, until a zero byte. */
    private static String decode(SearchProbe probe) throws IOException {
        byte[] bytes = new byte[256];
        int length = 0;
        for (int b = 0; b < bytes.length; b++) {
            int bit = 0;
            for (int i = 0; i < 8; i++) {
                if (probe.findsAnything("k" + (8 * b + i))) {
                    bit |= 1 << i;
                }
            }
            if (bit == 0) {
                break;
            }
            bytes[length++] = (byte) bit;
        }
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }

    @FunctionalInterface
    private interface SearchProbe {
        boolean findsAnything(String query) throws IOException;
    }

    /**
     * The same at an in-process shard: u1's search runs at a shard whose retrieval is buggy; u2's searches at the
     * standard shard answer {@link ShardResult}s (the shard server's body, with the runtime's scores) that spell it.
     */
    @Test
    void aShardsBuggyRetrievalCannotSpellATitleIntoAnotherUsersShardAnswers() throws IOException {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = review.unreadableOnShard0(reader, observer);
        String title = review.title(secretDoc.id());
        String recovered;
        try (ShardIndex shards = review.openShards()) {
            ShardService buggy = shards.shard(0).withComponents(
                    SearchComponents.standard().withRetrieval(() -> TokenStreamTrojan.planting(secretDoc.id(), false)));
            assertThat(buggy.search(new ShardQuery(reader.principal(), "r0", "parliament", 10)).hits()).isNotEmpty();
            ShardService standard = shards.shard(0);
            recovered = decode(q -> !standard.search(new ShardQuery(observer.principal(), "r0", q, 5)).hits().isEmpty());
        }
        assertThat(recovered).as("what u2 decoded from shard 0's answers; the title of %s, which neither u1 nor u2 "
                + "may read", secretDoc.id()).isNotEqualTo(title);
    }

    /**
     * The same from an indexing task: a buggy {@code DocumentMapper} of an in-place {@code IndexUpdate} in the serving
     * JVM is handed the private document the runtime re-indexes; its entry is an exact copy (the {@code IndexEntryCheck}
     * admits it), and it plants the trojan on the way.
     */
    @Test
    void anIndexersMapperCannotSpellATitleIntoAnotherUsersResults() throws IOException {
        Session observer = Session.of("u4", "r0");
        Conduit secretDoc = review.unreadableBy(observer).get(2);
        String title = review.title(secretDoc.id());
        DocumentMapper buggy = labelled -> {
            if (labelled.conduit().id().equals(secretDoc.id())) {
                try {
                    TokenStreamTrojan.plant(labelled.document().title(), false);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
            return IndexFields.document(labelled);
        };
        try (IndexUpdate update = IndexUpdate.open(service.data(), review.spare(), Monitoring.REFERENCE_MONITOR,
                buggy)) {
            update.add(new LabelledDocument(secretDoc, service.data().documents().get(secretDoc.id()).orElseThrow()));
            update.publish();
        }
        String recovered = decode(q -> !service.search(observer, q, 5).isEmpty());
        assertThat(recovered).as("what u4 decoded from its standard result lists after an index update; the title of "
                + "%s, which u4 may not read", secretDoc.id()).isNotEqualTo(title);
    }

    @Test
    void aBuggySearchTaskCannotMakeTheRuntimesOwnQueryParseThrowATitleAtAnotherUser() throws IOException {
        Session reader = Session.of("u1", "r1");
        Session observer = Session.of("u3", "r1");
        Conduit secretDoc = review.unreadableBy(reader, observer).get(1);
        String title = review.title(secretDoc.id());

        SearchService buggy = service.withComponents(
                service.components().withRetrieval(() -> TokenStreamTrojan.planting(secretDoc.id(), true)));
        assertThat(buggy.search(reader, "budget", 10)).isNotEmpty(); // u1's ordinary answer

        // u3's ordinary search: the runtime parses the query text before any task runs, outside the boundary
        Throwable seen = catchThrowable(() -> service.search(observer, "parliament", 5));
        PlantedTrojans.PLANTED.stream().filter(t -> t instanceof TokenStreamTrojan.ThrowerImpl)
                .forEach(TokenStreamTrojan.Trojan::disarm); // the other test searches "parliament"
        assertThat(String.valueOf(seen == null ? null : seen.getMessage())).as("the text of u3's failed search; "
                + "the title of %s, which neither u1 nor u3 may read", secretDoc.id()).doesNotContain(title);
    }
}
