package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.FutureTask;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.search.SearchHit;
import org.maat.core.task.Monitoring;
import org.maat.core.task.TaskContext;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "threads that outlive the task" and the shared stores: task code may not name {@code Thread}
 * or an executor, but {@link FutureTask} is neither, and a {@code FutureTask} that cancels itself with
 * {@code cancel(true)} while it runs interrupts its runner, the task's own thread, and leaves the flag set
 * (FutureTask does not clear it). The task boundary does not clear it either, so the thread goes back to the
 * runtime interrupted; the runtime's next read of the document store on it (the snippets it fetches for the
 * session, {@link SearchService#hits}) gets {@code ClosedByInterruptException}, which closes the store's shared
 * {@code FileChannel} for good: from then on every user's search, on any thread, fails. A buggy task of u1 does it
 * only when a bit of a title neither u1 nor u2 may read is set; u2's results on a clean thread carry that bit.
 */
class TaskInterruptChannelTest {

    @TempDir
    static Path dir;

    private static final String QUERY = "parliament budget";

    @Test
    void aBuggySearchTaskCannotChangeAnotherUsersSearchByLeavingItsThreadInterrupted() throws Exception {
        DataDir data = TestData.generate(dir, 400, 28);
        IndexLayout layout = TestData.index(data, dir.resolve("index"), 2);
        try (SearchService service = SearchService.open(data, layout, Monitoring.REFERENCE_MONITOR)) {
            Session reader = Session.of("u1", "r0");
            Session observer = Session.of("u2", "r0");
            List<Conduit> documents = TestData.conduits(service.data()).stream()
                    .filter(c -> c.id().matches("d[0-9]+")).toList();
            Conduit secretDoc = ReviewAttacks.unreadableBy(service, documents, reader, observer).get(0);
            String secretId = secretDoc.id();
            String title = service.data().documents().get(secretId).orElseThrow().title();
            int position = Integer.numberOfTrailingZeros(title.charAt(0)); // a set bit of the title

            String before = onACleanThread(() -> answer(service, observer));
            boolean leftInterrupted = false;
            try {
                service.run(reader, QUERY, (TaskContext ctx) -> {
                    String t = ReviewAttacks.storedTitle(ctx.searchers(), secretId);
                    if ((t.charAt(position / 8) >> (position % 8) & 1) == 1) {
                        interruptMyself();
                    }
                    ctx.results().writeIds(List.of());
                });
            } catch (IOException | RuntimeException e) {
                // u1's only
            }
            try {
                leftInterrupted = Thread.currentThread().isInterrupted();
                // the runtime's own next step on the thread the task ran on: u1's next search with its snippets
                service.hits(reader, service.search(reader, QUERY, 5), QUERY);
            } catch (IOException | RuntimeException e) {
                // u1's only
            } finally {
                Thread.interrupted(); // the test thread is clean again for whatever runs next
            }
            String after = onACleanThread(() -> answer(service, observer));
            System.out.println("task left its thread interrupted: " + leftInterrupted);
            System.out.println("u2 before: " + before);
            System.out.println("u2 after:  " + after);
            assertThat(after).as("u2's search on a clean thread after u1's task read bit %d of the title of %s, "
                    + "which neither may read", position, secretId).isEqualTo(before);
        }
    }

    /** What task code may write: no Thread, no executor, and its own thread ends up interrupted. */
    private static void interruptMyself() {
        @SuppressWarnings("unchecked")
        FutureTask<Void>[] self = new FutureTask[1];
        self[0] = new FutureTask<>(() -> {
            self[0].cancel(true);
            return null;
        });
        self[0].run();
    }

    /** u2's ordinary search with its titles and snippets, or the failure it gets. */
    private static String answer(SearchService service, Session observer) {
        try {
            List<SearchHit> hits = service.hits(observer, service.search(observer, QUERY, 5), QUERY);
            return hits.toString();
        } catch (IOException | RuntimeException e) {
            return "failed: " + e.getMessage();
        }
    }

    private interface Answer {
        String get();
    }

    private static String onACleanThread(Answer answer) throws InterruptedException {
        AtomicReference<String> out = new AtomicReference<>();
        Thread thread = new Thread(() -> out.set(answer.get()));
        thread.start();
        thread.join();
        return out.get();
    }
}
