package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.conduit.ScanMode;
import org.maat.core.data.DataDir;
import org.maat.core.index.SkipCountingIndexer;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublishedIndex;
import org.maat.core.runtime.IndexRun;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "every live document the scan does not skip, each admitted once, or nothing is published"
 * ({@code IndexRun} under {@code --on-bad-record skip}): a task may scan the store as often as it likes, and every scan
 * meets the same damaged record again. A buggy sequential indexer ({@link SkipCountingIndexer}, task package, every
 * rule kept: {@code RebuildTrojanRulesTest}) leaves out one public carrier per 1-bit of a private title and scans again
 * once per document left out, hoping each rescan excuses one more missing document. The runtime excuses each damaged
 * record once, so such a rebuild must be refused (nothing published), and u2 must decode nothing from which public
 * documents its standard searches find. Run through {@code IndexRun.runningCode}, the real wiring.
 */
class RescannedDamagedRecordTest {

    private static final Session READER = Session.of("u1", "r0");
    private static final Session OBSERVER = Session.of("u2", "r0");
    private static final int CARRIERS = 256;

    @TempDir
    Path dir;

    @Test
    void rescanningADamagedRecordCannotLetARebuildLeaveOutDocumentsThatSpellAPrivateTitle() throws IOException {
        DataDir data = TestData.generate(dir.resolve("data"), 400, 28);
        IndexLayout clean = TestData.index(data, dir.resolve("clean"), 2);
        String secretId;
        String title;
        String damagedId;
        List<String> carriers = new ArrayList<>();
        List<String> padding = new ArrayList<>();
        try (SearchService service = SearchService.open(data, clean, Monitoring.REFERENCE_MONITOR)) {
            List<Conduit> documents = TestData.conduits(service.data()).stream()
                    .filter(c -> c.id().matches("d[0-9]+")).toList();
            damagedId = documents.stream().filter(c -> service.data().documents().get(c.id()).orElseThrow().body()
                    .contains("uniq399.")).findFirst().orElseThrow().id();
            secretId = ReviewAttacks.unreadableBy(service, documents, READER, OBSERVER).stream()
                    .filter(c -> !c.id().equals(damagedId)).findFirst().orElseThrow().id();
            title = service.data().documents().get(secretId).orElseThrow().title();
            for (Conduit c : documents) {
                if (c.id().equals(secretId) || c.id().equals(damagedId)) {
                    continue;
                }
                if (carriers.size() < CARRIERS && finds(service, c.id())) {
                    carriers.add(c.id());
                } else if (padding.size() < 8) {
                    padding.add(c.id());
                }
            }
        }
        assertThat(carriers).hasSizeGreaterThanOrEqualTo(64);
        damage(data.documents(), "uniq399.");
        char[] decoded = new char[title.length()];
        int refused = 0;
        for (int first = 0; first < title.length() * 8; first += carriers.size()) {
            IndexLayout out = new IndexLayout(dir.resolve("index-" + first));
            long published = rebuild(data, out, new SkipCountingIndexer(secretId, carriers, padding, first));
            if (published < 0) {
                refused++;
                continue; // refused: nothing published, nothing for u2 to search
            }
            assertThat(PublishedIndex.read(out).documents()).isEqualTo(published);
            try (SearchService service = SearchService.open(data, out, Monitoring.REFERENCE_MONITOR)) {
                for (int i = 0; i < carriers.size() && first + i < title.length() * 8; i++) {
                    int bit = first + i;
                    if (!finds(service, carriers.get(i))) {
                        decoded[bit / 8] |= (char) (1 << (bit % 8));
                    }
                }
            }
        }
        assertThat(refused).as("skip-mode rebuilds refused for documents left out").isPositive();
        String spelled = new String(decoded);
        System.out.println("real title: " + title + "; u2 decoded from its searches of the skip-mode rebuild: " + spelled);
        assertThat(spelled).as("what u2 decodes from which public documents a published skip-mode rebuild holds; the "
                + "title of %s, which neither u1 nor u2 may read", secretId).isNotEqualTo(title);
    }

    private static boolean finds(SearchService service, String id) throws IOException {
        String text = service.data().documents().get(id).orElseThrow().title();
        return service.search(OBSERVER, text, 1000).contains(id);
    }

    /** Flips one byte of the record holding {@code word} (a damaged record a skip-mode rebuild skips). */
    private static void damage(Path store, String word) throws IOException {
        byte[] needle = word.getBytes(StandardCharsets.UTF_8);
        try (Stream<Path> files = Files.list(store)) {
            for (Path segment : files.filter(p -> p.getFileName().toString().startsWith("segment-")).toList()) {
                byte[] bytes = Files.readAllBytes(segment);
                for (int at = 0; at + needle.length <= bytes.length; at++) {
                    if (java.util.Arrays.equals(bytes, at, at + needle.length, needle, 0, needle.length)) {
                        bytes[at + 1] ^= 0x40;
                        Files.write(segment, bytes);
                        return;
                    }
                }
            }
        }
        throw new AssertionError("no plaintext record holds " + word);
    }

    /** {@code IndexRun.onBadRecord(SKIP, ...)} with {@code indexer}'s code; the published count, or -1 if refused. */
    private static long rebuild(DataDir data, IndexLayout out, SkipCountingIndexer indexer) throws IOException {
        try {
            return IndexRun.standard().runningCode(indexer::run).onBadRecord(ScanMode.SKIP, bad -> { })
                    .run(data, out, 2, Monitoring.REFERENCE_MONITOR, n -> { }).documents();
        } catch (IllegalStateException refused) {
            assertThat(refused).hasMessageContaining("exactly once");
            assertThatThrownBy(() -> PublishedIndex.read(out)).as("a refused rebuild publishes nothing");
            return -1;
        }
    }
}
