package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.ForgedSegmentDecode;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "the session filter's per-segment bitsets, shared by every session of a region, reach task code
 * only through a read-only view" / "buggy search code cannot leak". The standard {@code SessionFilter} (made for each
 * search over the service's {@code AccessCaches}) decodes each segment once into the runtime's cache, keyed
 * by the segment's core key, from whatever leaf its weight's {@code scorer(context)} is handed. A buggy retrieval
 * (public Lucene API: {@code ExitableDirectoryReader.ExitableFilterAtomicReader}, whose core cache helper is the wrapped
 * segment's, so no cache-helper call is made by the task; {@link ForgedSegmentDecode}) hands it, before any search, a
 * forged leaf of each real segment whose {@code template} doc values skip chosen public documents. The cache keeps
 * that decode for the life of the segment: every later search of every user of the service (the standard task,
 * untouched) misses those public documents. u1's buggy search reads a title neither u1 nor u2 may read and hides the
 * public carrier {@code i} when bit {@code i} of it is 1; u2 searches each carrier's title number.
 *
 * <p>What the attack needs: the buggy search must be the first to use a segment in that filter (a fresh service, a new
 * segment after an update). A region's blocked set is likewise built from the leaf the scorer is handed, by the first
 * search of the region after its blacklist changes.
 */
class ForgedSegmentDecodeTest {

    @RegisterExtension
    static final ReviewIndex review = new ReviewIndex(600, 28);

    @Test
    void aBuggyRetrievalCannotPlantAForgedSegmentDecodeThatSpellsATitleIntoAnotherUsersResults() throws IOException {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        SearchService service = review.service();
        Conduit secretDoc = review.unreadableBy(reader, observer).stream()
                .min(Comparator.comparingInt(c -> review.title(c.id()).length())).orElseThrow();
        String title = review.title(secretDoc.id());
        // Public knowledge: public documents u2 may read (not blocked in r0), by number (each title ends in its number).
        List<String> carriers = PublicCarriers.byNumber(service, review.documents(), observer);
        int bits = PublicCarriers.BITS * title.length();
        assertThat(carriers.size()).isGreaterThanOrEqualTo(bits);

        // u1's search, the first of the service, through a buggy retrieval: an ordinary answer
        Set<String> hidden = PublicCarriers.hidden(title, carriers);
        SearchService buggy = service.withComponents(service.components().withRetrieval(() -> ForgedSegmentDecode.hiding(hidden)));
        assertThat(buggy.search(reader, "parliament", 10)).isNotEmpty();

        // u2's ordinary searches: is carrier i found by its own title number?
        String recovered = PublicCarriers.spelled(title.length(), carriers,
                id -> service.search(observer, id.substring(1), 1000).contains(id));
        assertThat(recovered).as("what u2 decoded from its own standard result lists; the title of %s, "
                + "which neither u1 nor u2 may read", secretDoc.id()).isNotEqualTo(title);
    }
}
