package org.maat.atrest.lucene;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.VolumeStatus;
import org.maat.atrest.cipher.Ciphers;

/**
 * The switch test: documents are indexed through an {@link AtRestDirectory} while a searcher reopens and
 * searches, the volume switches from ChaCha8 to ChaCha20 half-way through (under each model), and the final
 * index answers every query exactly as the same documents indexed in a plain FSDirectory do. While it runs, the
 * searcher checks each reopened view against the corpus (hit counts of term queries on the documents
 * committed so far).
 */
class AtRestSwitchWhileIndexingTest {

    private static final Corpus CORPUS = new Corpus(16, 240, 400);
    private static final int COMMIT_EVERY = 40;
    private static List<String> expected;

    @TempDir
    Path temp;

    @BeforeAll
    static void indexInPlaintext(@TempDir Path plain) throws IOException {
        try (Directory dir = FSDirectory.open(plain)) {
            CORPUS.indexInto(dir);
            expected = CORPUS.results(dir);
        }
    }

    @ParameterizedTest
    @EnumSource(SwitchModel.class)
    void switchingWhileIndexingAndSearchingGivesThePlaintextResults(SwitchModel model) throws Exception {
        AtRestVolume volume = Volumes.create(temp.resolve("data"), SwitchModel.FORWARD, Ciphers.CHACHA8, null);
        Path index = temp.resolve("data").resolve("index");
        try (AtRestDirectory dir = Volumes.directory(volume, index)) {
            AtomicBoolean indexing = new AtomicBoolean(true);
            AtomicInteger searches = new AtomicInteger();
            List<Throwable> failures = new CopyOnWriteArrayList<>();
            Thread searcher = new Thread(() -> searchWhile(dir, indexing, searches, failures), "searcher");
            int searchesAtSwitch;

            try (IndexWriter writer = new IndexWriter(dir, Corpus.config())) {
                writer.commit();
                searcher.start();
                for (int i = 0; i < CORPUS.size() / 2; i++) {
                    add(writer, i);
                }
                volume.switchTo(Ciphers.CHACHA20, model);
                searchesAtSwitch = searches.get();
                for (int i = CORPUS.size() / 2; i < CORPUS.size(); i++) {
                    add(writer, i);
                }
                writer.commit();
                // Let the searcher see the final commit before it stops.
                waitForSearches(searches, 3, failures);
            } finally {
                indexing.set(false);
                searcher.join();
            }

            assertThat(failures).isEmpty();
            assertThat(searches.get()).as("searches after the switch").isGreaterThan(searchesAtSwitch);
            assertThat(volume.model()).isEqualTo(model);
            assertThat(volume.writeCipher()).isEqualTo(Ciphers.CHACHA20);
            assertThat(CORPUS.results(dir)).isEqualTo(expected);
            // The switch reached the files written after it: the last commit's file is sealed under ChaCha20.
            Path lastCommit = index.resolve(SegmentInfos.getLastCommitSegmentsFileName(dir));
            if (model != SwitchModel.MIRRORED) {
                try (EncryptedChannel channel = volume.open(lastCommit, StandardOpenOption.READ)) {
                    assertThat(channel.blockCiphers()).containsOnly(Ciphers.CHACHA20);
                }
            } else {
                // Mirrored: the file (no requirement) is in every region; reads prefer the cheaper one.
                assertThat(regionCiphersOf(volume, lastCommit)).contains(Ciphers.CHACHA20.name());
            }

            volume.converge(bytes -> { });
            assertThat(CORPUS.results(dir)).as("after converging").isEqualTo(expected);
        }
    }

    /** The ciphers under which some byte of {@code file} is stored, in any region, by the volume's status. */
    private static Set<String> regionCiphersOf(AtRestVolume volume, Path file) throws IOException {
        Set<String> ciphers = new TreeSet<>();
        for (VolumeStatus.FileStatus f : volume.status().files()) {
            if (f.file().getFileName().equals(file.getFileName())) {
                f.bytesByRegionAndCipher().values().forEach(byCipher -> byCipher.forEach((cipher, bytes) -> {
                    if (bytes > 0) {
                        ciphers.add(cipher);
                    }
                }));
            }
        }
        return ciphers;
    }

    private static void add(IndexWriter writer, int i) throws Exception {
        writer.addDocument(CORPUS.document(i));
        if ((i + 1) % COMMIT_EVERY == 0) {
            writer.commit();
        }
    }

    /** Reopens and searches until indexing ends; every view must count what the corpus's prefix counts. */
    private static void searchWhile(Directory dir, AtomicBoolean indexing, AtomicInteger searches,
            List<Throwable> failures) {
        try (Reopening reader = new Reopening(DirectoryReader.open(dir))) {
            while (indexing.get()) {
                DirectoryReader view = reader.refresh();
                IndexSearcher searcher = new IndexSearcher(view);
                int docs = view.numDocs();
                for (int w = 0; w < CORPUS.words().size(); w += 11) {
                    String word = CORPUS.words().get(w);
                    int hits = searcher.count(new TermQuery(new Term(Corpus.BODY, word)));
                    if (hits != CORPUS.count(word, docs)) {
                        throw new AssertionError(word + ": " + hits + " hits in the first " + docs + " documents, "
                                + CORPUS.count(word, docs) + " expected");
                    }
                }
                searches.incrementAndGet();
            }
        } catch (Throwable t) {
            failures.add(t);
        }
    }

    private static void waitForSearches(AtomicInteger searches, int more, List<Throwable> failures)
            throws InterruptedException {
        int target = searches.get() + more;
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (searches.get() < target && failures.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
    }

    /** A reader reopened when the index has a newer commit. */
    private static final class Reopening implements AutoCloseable {
        private DirectoryReader current;

        Reopening(DirectoryReader first) {
            current = first;
        }

        DirectoryReader refresh() throws java.io.IOException {
            DirectoryReader newer = DirectoryReader.openIfChanged(current);
            if (newer != null) {
                current.close();
                current = newer;
            }
            return current;
        }

        @Override
        public void close() throws java.io.IOException {
            current.close();
        }
    }
}
