package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.index.AccessTemplate;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.search.ForgedSegmentDecode;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "the session filter's per-segment bitsets, shared by every session of a region, reach task code
 * only through a read-only view" / "buggy search code cannot leak". The standard {@code SessionFilter} (one per service,
 * shared by views made with {@code components().withRetrieval(..)}) decodes each segment once into its cache, keyed
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

    @TempDir
    static Path dir;

    private static SearchService service;
    private static List<Conduit> documents;

    @BeforeAll
    static void indexAndOpen() throws IOException {
        DataDir data = TestData.generate(dir, 600, 28);
        IndexLayout layout = TestData.index(data, dir.resolve("index"), 2);
        service = SearchService.open(data, layout, Monitoring.REFERENCE_MONITOR);
        documents = TestData.conduits(service.data()).stream().filter(c -> c.id().matches("d[0-9]+")).toList();
    }

    @AfterAll
    static void close() throws IOException {
        service.close();
    }

    @Test
    void aBuggyRetrievalCannotPlantAForgedSegmentDecodeThatSpellsATitleIntoAnotherUsersResults() throws IOException {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = ReviewAttacks.unreadableBy(service, documents, reader, observer).stream()
                .min(Comparator.comparingInt(c -> title(c).length())).orElseThrow();
        String title = title(secretDoc);
        // Public knowledge: public documents u2 may read (not blocked in r0), by number (each title ends in its number).
        Set<String> unreadableByU2 = new HashSet<>();
        ReviewAttacks.unreadableBy(service, documents, observer).forEach(c -> unreadableByU2.add(c.id()));
        List<Conduit> carriers = documents.stream()
                .filter(c -> !unreadableByU2.contains(c.id()) && AccessTemplate.of(c).base().equals("public"))
                .sorted(Comparator.comparingInt(c -> Integer.parseInt(c.id().substring(1)))).toList();
        int bits = 7 * title.length();
        assertThat(carriers.size()).isGreaterThanOrEqualTo(bits);

        // u1's search, the first of the service, through a buggy retrieval: an ordinary answer
        Set<String> hidden = new HashSet<>();
        for (int i = 0; i < bits; i++) {
            if ((title.charAt(i / 7) >> (i % 7) & 1) == 1) {
                hidden.add(carriers.get(i).id());
            }
        }
        SearchService buggy = service.withComponents(service.components().withRetrieval(ForgedSegmentDecode.hiding(hidden)));
        assertThat(buggy.search(reader, "parliament", 10)).isNotEmpty();

        // u2's ordinary searches: is carrier i found by its own title number?
        char[] recovered = new char[title.length()];
        for (int i = 0; i < bits; i++) {
            String id = carriers.get(i).id();
            if (!service.search(observer, id.substring(1), 1000).contains(id)) {
                recovered[i / 7] |= (char) (1 << (i % 7));
            }
        }
        assertThat(new String(recovered)).as("what u2 decoded from its own standard result lists; the title of %s, "
                + "which neither u1 nor u2 may read", secretDoc.id()).isNotEqualTo(title);
    }

    private static String title(Conduit c) {
        return service.data().documents().get(c.id()).orElseThrow().title();
    }
}
