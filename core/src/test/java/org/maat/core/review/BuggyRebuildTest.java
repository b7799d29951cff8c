package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.index.RepeatingIndexer;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublishedIndex;
import org.maat.core.lucene.ShardWriters;
import org.maat.core.runtime.IndexRun;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.DocumentReader;
import org.maat.core.task.Monitoring;
import org.maat.core.task.TaskContext;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attacks on "which documents a task leaves out is never its choice" ({@code ShardWriters.completeSink}) and
 * "every live document the scan does not skip, each added once, or nothing is published" ({@code IndexRun}): a buggy
 * sequential indexer (a task package, every rule kept: {@code RebuildTrojanRulesTest}) hides one chosen public
 * document per 1-bit of a private title from a rebuild while keeping the count at the store's live documents, and u2
 * (who may read neither u1's secret nor anything the task did) decodes the title from whether its own standard
 * searches find each carrier document in the published rebuild. {@link RepeatingIndexer} leaves a carrier out and
 * adds the private document once more instead (the task's {@link DocumentReader} hands a document over again on
 * every {@code read(id)}, one admitted entry each); the rebuild must be refused (nothing published) whenever the
 * title's bits make it leave one out. (Deleting a carrier after adding it is not possible: a sink has no delete.)
 *
 * <p>The rebuild is run exactly as {@code IndexRun} runs the sequential indexer (its task gate under the reference
 * monitor, the {@code DocumentReader} issuing to the entry check, the complete sink, the indexing boundary), with the
 * buggy indexer's {@code run(ctx)} in place of {@code SequentialIndexer.run(ctx)}: {@code IndexRun} takes only a
 * mapper.
 */
class BuggyRebuildTest {

    private static final Session READER = Session.of("u1", "r0");
    private static final Session OBSERVER = Session.of("u2", "r0");
    /** Carriers (one bit each) per rebuild: fewer rebuilds the more there are. */
    private static final int CARRIERS = 64;

    /** A buggy indexer carrying bits {@code first}, {@code first + 1}, ... of {@code secretId}'s title. */
    private interface BuggyIndexer {
        long run(TaskContext ctx) throws IOException;
    }

    private interface Carrying {
        BuggyIndexer carry(String secretId, List<String> carriers, int first);
    }

    @TempDir
    Path dir;

    @Test
    void aRebuildCannotLeaveOutDocumentsOfItsChoiceByAddingAnotherTwice() throws IOException {
        assertNoTitleSpelled((secretId, carriers, first) -> new RepeatingIndexer(secretId, carriers, first)::run,
                "a document added twice");
    }

    private void assertNoTitleSpelled(Carrying buggy, String refusedFor) throws IOException {
        DataDir data = TestData.generate(dir.resolve("data"), 400, 28);
        IndexLayout clean = TestData.index(data, dir.resolve("clean"), 2);
        String secretId;
        String title;
        List<String> carriers = new ArrayList<>();
        try (SearchService service = SearchService.open(data, clean, Monitoring.REFERENCE_MONITOR)) {
            List<Conduit> documents = TestData.conduits(service.data()).stream()
                    .filter(c -> c.id().matches("d[0-9]+")).toList();
            secretId = ReviewAttacks.unreadableBy(service, documents, READER, OBSERVER).get(0).id();
            title = service.data().documents().get(secretId).orElseThrow().title();
            for (Conduit c : documents) { // public documents u2's own search finds in the honest index
                if (carriers.size() < CARRIERS && !c.id().equals(secretId) && finds(service, c.id())) {
                    carriers.add(c.id());
                }
            }
        }
        assertThat(carriers).hasSize(CARRIERS);
        char[] decoded = new char[title.length()];
        int refused = 0;
        for (int first = 0; first < title.length() * 8; first += CARRIERS) {
            IndexLayout out = new IndexLayout(dir.resolve("index-" + first));
            long live = rebuild(data, out, buggy.carry(secretId, carriers, first));
            if (live < 0) {
                refused++;
                continue; // refused: nothing published, nothing for u2 to search
            }
            assertThat(PublishedIndex.read(out).documents()).as("published with the store's live count").isEqualTo(live);
            try (SearchService service = SearchService.open(data, out, Monitoring.REFERENCE_MONITOR)) {
                for (int i = 0; i < CARRIERS && first + i < title.length() * 8; i++) {
                    int bit = first + i;
                    if (!finds(service, carriers.get(i))) { // u2's ordinary search no longer finds it
                        decoded[bit / 8] |= (char) (1 << (bit % 8));
                    }
                }
            }
        }
        assertThat(refused).as("rebuilds refused for %s", refusedFor).isPositive();
        String spelled = new String(decoded);
        System.out.println("real title: " + title + "; u2 decoded from its searches of published rebuilds: " + spelled);
        assertThat(spelled).as("what u2 decodes from which public documents its own searches find in rebuilds the "
                + "runtime published; the title of %s, which neither u1 nor u2 may read", secretId).isNotEqualTo(title);
    }

    /** Whether u2's standard search for document {@code id}'s own (public) title lists it. */
    private static boolean finds(SearchService service, String id) throws IOException {
        String text = service.data().documents().get(id).orElseThrow().title();
        return service.search(OBSERVER, text, 1000).contains(id);
    }

    /**
     * A monitored rebuild of {@code data} into {@code out} (2 shards) by {@code IndexRun}, running {@code indexer} as
     * the task's code; the published count, or -1 when the runtime refused the rebuild and published nothing.
     */
    private static long rebuild(DataDir data, IndexLayout out, BuggyIndexer indexer) throws IOException {
        try {
            return IndexRun.standard().runningCode(indexer::run)
                    .run(data, out, 2, Monitoring.REFERENCE_MONITOR, n -> { }).documents();
        } catch (IllegalStateException refused) {
            assertThat(refused).hasMessageContaining("exactly once");
            assertThatThrownBy(() -> PublishedIndex.read(out)).as("a refused rebuild publishes nothing");
            return -1;
        }
    }
}
