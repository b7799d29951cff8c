package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.index.DocumentMapper;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublishedIndex;
import org.maat.core.runtime.IndexRun;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.IndexEntryRefusedException;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "everything that leaves a confined task passes one checkpoint" for the indexer's task. Its
 * output, the shard files, never crosses a {@code TaskBoundary}: the {@code IndexSink} hands task code raw
 * {@code IndexWriter}s and every file is labelled with the one index policy, whatever the task read. A buggy
 * document mapper (task code: it keeps what it mapped in an instance field, which no rule forbids) writes a
 * private document's title, as tokens, into the entries of the documents mapped after it. Search then matches
 * readable documents on words that came from the private one: the released ids pass every check (each is
 * readable, matches the index, in the index's order), and another user learns the title by asking which token
 * has any hit.
 *
 * <p>What holds: every entry crosses the sink's {@code IndexEntryCheck}, which refuses the first entry carrying the
 * title's tokens (its body is not its document's body). The run fails with a runtime-worded error that names the
 * document and the field but holds nothing of the title, publishes nothing (the index published before stays), and
 * the observer's decoding recovers nothing.
 */
class BuggyIndexerCarriesTitleTest {

    @TempDir
    static Path dir;

    private static DataDir data;
    private static SearchService honest;
    private static IndexLayout published;
    private static List<Conduit> documents;

    @BeforeAll
    static void indexAndOpen() throws IOException {
        data = TestData.generate(dir, 160, 28);
        published = TestData.index(data, dir.resolve("index"), 2);
        honest = SearchService.open(data, published, Monitoring.REFERENCE_MONITOR);
        documents = TestData.conduits(honest.data()).stream().filter(c -> c.id().matches("d[0-9]+")).toList();
    }

    @AfterAll
    static void close() throws IOException {
        if (honest != null) {
            honest.close();
        }
    }

    private static String token(int position, int c) {
        return "zleak" + position + "x" + Integer.toHexString(c);
    }

    @Test
    void aBuggyIndexerCannotCarryAPrivateTitleIntoAnotherUsersHits() throws IOException {
        Session observer = Session.of("u2", "r0");
        List<Conduit> unreadable = ReviewAttacks.unreadableBy(honest, documents, observer);
        Conduit secretDoc = unreadable.get(0);
        String title = honest.data().documents().get(secretDoc.id()).orElseThrow().title();
        int length = Math.min(6, title.length());
        honest.close(); // the indexer opens the data directory for writing
        honest = null;
        // the buggy mapper: carries the secret title into every document it maps afterwards
        StringBuilder carried = new StringBuilder();
        DocumentMapper buggy = labelled -> {
            org.apache.lucene.document.Document lucene = IndexFields.document(labelled);
            if (labelled.conduit().id().equals(secretDoc.id())) {
                String t = labelled.document().title();
                for (int i = 0; i < Math.min(6, t.length()); i++) {
                    carried.append(' ').append(token(i, t.charAt(i)));
                }
            } else if (carried.length() > 0) {
                lucene.add(new TextField(IndexFields.BODY, carried.toString(), Field.Store.NO));
            }
            return lucene;
        };
        // The buggy run rebuilds the published index in place: a refusal must leave that index as it was.
        PublishedIndex before = PublishedIndex.read(published);
        IndexEntryRefusedException refused = catchThrowableOfType(
                () -> new IndexRun(buggy).run(data, published, 2, Monitoring.REFERENCE_MONITOR, n -> { }),
                IndexEntryRefusedException.class);
        assertThat(refused).as("the buggy run's refusal").isNotNull();
        assertThat(refused.field()).isEqualTo(IndexFields.BODY);
        assertThat(refused.getMessage())
                .startsWith("the index entry of document ")
                .contains("field body").contains("nothing is published")
                .doesNotContain(title.substring(0, length)).doesNotContain("zleak");
        PublishedIndex after = PublishedIndex.read(published);
        assertThat(after.generations()).as("published commits after the refused run").isEqualTo(before.generations());
        assertThat(after.documents()).isEqualTo(before.documents());
        StringBuilder recovered = new StringBuilder();
        try (SearchService search = SearchService.open(data, published, Monitoring.REFERENCE_MONITOR)) {
            for (int i = 0; i < length; i++) {
                for (int c = 32; c < 127; c++) {
                    if (!search.search(observer, token(i, c), 1).isEmpty()) {
                        recovered.append((char) c);
                        break;
                    }
                }
            }
        }
        assertThat(recovered.toString()).as("what u2 decoded from which tokens have hits; the start of the title "
                + "of %s, which u2 may not read", secretDoc.id()).isEmpty();
    }
}
