package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.BlacklistForgingSearchTask;
import org.maat.core.search.SessionFilter;
import org.maat.core.task.AccessCaches;
import org.maat.policy.Session;

/**
 * Review attack on the shared access filter's caches: the runtime's {@code AccessCaches} (one per service, handed to
 * the filter of every search) cache each region's blacklist under the version of the {@code FactSource} they are
 * called with, and a search's filter calls them with facts of its choosing. u1's buggy search task
 * ({@link BlacklistForgingSearchTask}, given a {@code SessionFilter} over the caches the service hands its filters)
 * leaves under the real fact version a blacklist of region r0 that also blocks one chosen public document per 1-bit
 * of a private title. u2's
 * standard searches (same region, standard components, same service) then no longer find exactly those documents,
 * and u2 reads the title from which of them its own searches list.
 */
class ForgedBlacklistCacheTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(400, 31);

    private static final String QUERY = "parliament budget";
    private static final Session READER = Session.of("u1", "r0");
    private static final Session OBSERVER = Session.of("u2", "r0");
    private static final int CARRIERS = 64;

    @Test
    void aSearchTaskCannotSpellATitleIntoWhichPublicDocumentsAnotherUsersSearchesFind() throws IOException {
        SearchService service = review.service();
        String secretId = review.unreadableBy(READER, OBSERVER).get(0).id();
        String title = review.title(secretId);
        List<String> carriers = new ArrayList<>();
        for (int d = 0; carriers.size() < CARRIERS && d < 400; d++) { // public documents u2's own search finds
            String id = "d" + d;
            if (!id.equals(secretId) && finds(service, id)) {
                carriers.add(id);
            }
        }
        assertThat(carriers).hasSize(CARRIERS);
        char[] decoded = new char[title.length()];
        for (int first = 0; first < title.length() * 8; first += CARRIERS) {
            runTask(service, secretId, carriers, first);
            for (int i = 0; i < CARRIERS && first + i < title.length() * 8; i++) {
                int bit = first + i;
                if (!finds(service, carriers.get(i))) {
                    decoded[bit / 8] |= (char) (1 << (bit % 8));
                }
            }
        }
        String spelled = new String(decoded);
        System.out.println("real title: " + title + "; u2 decoded from its standard searches: " + spelled);
        assertThat(spelled).as("what u2 decodes from which public documents its own standard searches find; the title "
                + "of %s, which neither u1 nor u2 may read", secretId).isNotEqualTo(title);
    }

    /** u1's buggy search task, given a filter over the caches the service hands every search's filter. */
    private static void runTask(SearchService service, String secretId, List<String> carriers, int first)
            throws IOException {
        AtomicReference<AccessCaches> handed = new AtomicReference<>();
        service.withComponents(service.components().withFilter(caches -> {
            handed.set(caches);
            return new SessionFilter(caches);
        })).search(READER, QUERY, 1);
        BlacklistForgingSearchTask task = new BlacklistForgingSearchTask(new SessionFilter(handed.get()), secretId,
                carriers, first);
        try {
            service.run(READER, QUERY, task::run);
        } catch (IOException | RuntimeException e) {
            // whatever the runtime says of u1's task, u1 only
        }
    }

    /** Whether u2's standard search for document {@code id}'s own title lists it (false if u2 may not read it). */
    private static boolean finds(SearchService service, String id) throws IOException {
        var document = service.data().documents().get(id);
        if (document.isEmpty()) {
            return false;
        }
        try {
            return service.search(OBSERVER, document.get().title(), 1000).contains(id);
        } catch (RuntimeException refusedOrFailed) {
            return false;
        }
    }
}
