package org.maat.core.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.lucene.index.DocValuesType;
import org.apache.lucene.index.FieldInfo;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFieldVisitor;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.search.Retrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardService;
import org.maat.core.task.Monitoring;
import org.maat.core.task.ShardSearchers;
import org.maat.core.task.TaskContext;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "objects Lucene's shared segment readers hand out": {@code ReadOnlyLeafReader.getFieldInfos()}
 * now hands out fresh copies, but the segment's stored-fields reader still hands a task the segment's own
 * {@link FieldInfo}s, as the arguments of a {@link StoredFieldVisitor}'s callbacks ({@code needsField},
 * {@code stringField}, ...): {@code leaf.reader().storedFields()} is the raw segment's, and the compressing
 * stored-fields reader was built over the segment core's {@code FieldInfos}, the same objects the raw
 * {@code SegmentReader.getFieldInfos()} returns and {@code CodecReader.getSortedDocValues} consults. No rule on task
 * code forbids a visitor or {@code FieldInfo.setDocValuesType} (plain API: no reflection, listener, static field).
 *
 * <p>A buggy task of u1 sets the {@code id} field's doc-values type to {@code NONE} (one bit of a title) or back to
 * {@code SORTED}; u2's ordinary searches then fail or succeed, and u2 spells out the title of a document neither may
 * read: in process and at an in-process shard.
 */
class SharedFieldInfoThroughStoredFieldsTest {

    @TempDir
    static Path dir;

    private static DataDir data;
    private static IndexLayout layout;
    private static SearchService service;
    private static List<Conduit> documents;

    private static final String QUERY = "parliament budget";

    @BeforeAll
    static void indexAndOpen() throws IOException {
        data = TestData.generate(dir, 400, 28);
        layout = TestData.index(data, dir.resolve("index"), 2);
        service = SearchService.open(data, layout, Monitoring.REFERENCE_MONITOR);
        documents = TestData.conduits(service.data()).stream().filter(c -> c.id().matches("d[0-9]+")).toList();
    }

    @AfterAll
    static void close() throws IOException {
        service.close();
    }

    /**
     * The buggy work on one shard: the raw {@code FieldInfo} of the id field, as the stored-fields reader passes it
     * to a visitor, says {@code NONE} for bit 1 and {@code SORTED} again for bit 0.
     */
    private static void flipIdDocValues(IndexSearcher searcher, boolean bit) throws IOException {
        for (LeafReaderContext leaf : searcher.getIndexReader().leaves()) {
            if (leaf.reader().maxDoc() == 0) {
                continue;
            }
            leaf.reader().storedFields().document(0, new StoredFieldVisitor() {
                @Override
                public Status needsField(FieldInfo info) {
                    if (info.getName().equals(IndexFields.ID)) {
                        info.setDocValuesType(bit ? DocValuesType.NONE : DocValuesType.SORTED); // the segment's own
                        return Status.STOP;
                    }
                    return Status.NO;
                }
            });
        }
    }

    @Test
    void aBuggySearchTaskCannotSpellAPrivateTitleThroughTheFieldInfosAStoredFieldVisitorIsGiven() {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        Conduit secretDoc = ReviewAttacks.unreadableBy(service, documents, reader, observer).get(0);
        String secretId = secretDoc.id();
        String title = service.data().documents().get(secretId).orElseThrow().title();
        StringBuilder recovered = new StringBuilder();
        try {
            for (int i = 0; i < title.length(); i++) {
                int c = 0;
                for (int b = 0; b < 8; b++) {
                    runTask(reader, secretId, i * 8 + b);
                    if (!searches(observer)) { // u2's ordinary search: an answer, or the runtime's failure text
                        c |= 1 << b;
                    }
                }
                recovered.append((char) c);
            }
        } finally {
            runTask(reader, secretId, -1);
        }
        System.out.println("real title:    " + title);
        System.out.println("u2 decoded:    " + recovered);
        assertThat(recovered.toString()).as("what u2 decoded from whether its own standard searches succeed; the "
                + "title of %s, which neither u1 nor u2 may read", secretId).isNotEqualTo(title);
    }

    /** The same at an in-process shard through a buggy {@link Retrieval}; u2 searches with the standard components. */
    @Test
    void aShardsBuggyRetrievalCannotSpellAPrivateTitleThroughTheFieldInfosAStoredFieldVisitorIsGiven()
            throws IOException {
        Session reader = Session.of("u1", "r0");
        Session observer = Session.of("u2", "r0");
        IndexSearcher shard0 = service.index().searcher(0);
        String secretId = null;
        for (Conduit c : ReviewAttacks.unreadableBy(service, documents, reader, observer)) {
            if (shard0.count(new TermQuery(new Term(IndexFields.ID, c.id()))) > 0) {
                secretId = c.id();
                break;
            }
        }
        assertThat(secretId).isNotNull();
        String secret = secretId;
        String title = service.data().documents().get(secretId).orElseThrow().title();
        StringBuilder recovered = new StringBuilder();
        try (ShardIndex shards = ShardIndex.open(data, layout, Monitoring.REFERENCE_MONITOR)) {
            ShardService standard = shards.shard(0);
            for (int index = -1; index < title.length() * 8; index++) {
                int position = index;
                Retrieval buggy = (searchers, query, k) -> {
                    boolean bit = position >= 0
                            && (storedTitle(searchers, secret).charAt(position / 8) >> (position % 8) & 1) == 1;
                    for (int s = 0; s < searchers.shards(); s++) {
                        flipIdDocValues(searchers.searcher(s), bit);
                    }
                    return Retrieval.standard().topIds(searchers, query, k);
                };
                ShardService shard = standard.withComponents(SearchComponents.standard().withRetrieval(buggy));
                try {
                    shard.search(new ShardQuery(reader.principal(), "r0", QUERY, 10)); // u1's answer
                } catch (IOException | RuntimeException e) {
                    // u1's only
                }
                boolean answered;
                try {
                    standard.search(new ShardQuery(observer.principal(), "r0", QUERY, 1000));
                    answered = true;
                } catch (IOException | RuntimeException e) {
                    answered = false; // what shard 0 answers u2's front-end: an error instead of hits
                }
                if (position >= 0) {
                    if (position % 8 == 0) {
                        recovered.append((char) 0);
                    }
                    if (!answered) {
                        int at = recovered.length() - 1;
                        recovered.setCharAt(at, (char) (recovered.charAt(at) | 1 << (position % 8)));
                    }
                }
            }
            Retrieval clean = (searchers, query, k) -> {
                for (int s = 0; s < searchers.shards(); s++) {
                    flipIdDocValues(searchers.searcher(s), false);
                }
                return List.of();
            };
            try {
                standard.withComponents(SearchComponents.standard().withRetrieval(clean))
                        .search(new ShardQuery(reader.principal(), "r0", QUERY, 10));
            } catch (IOException | RuntimeException e) {
                // u1's only
            }
        }
        System.out.println("shard: real title " + title + ", u2 decoded " + recovered);
        assertThat(recovered.toString()).as("what u2 decoded from shard 0's answers; the title of %s, "
                + "which neither u1 nor u2 may read", secretId).isNotEqualTo(title);
    }

    private static String storedTitle(ShardSearchers shards, String id) throws IOException {
        return ReviewAttacks.storedTitle(shards, id);
    }

    /** u1's buggy search task: reads bit {@code index} of the title (0 when index < 0) into the id field's doc-values type, releases nothing. */
    private static void runTask(Session session, String secretId, int index) {
        try {
            service.run(session, QUERY, (TaskContext ctx) -> {
                boolean bit = false;
                if (index >= 0) {
                    String t = storedTitle(ctx.searchers(), secretId);
                    bit = (t.charAt(index / 8) >> (index % 8) & 1) == 1;
                }
                for (int shard = 0; shard < ctx.searchers().shards(); shard++) {
                    flipIdDocValues(ctx.searchers().searcher(shard), bit);
                }
                ctx.results().writeIds(List.of());
            });
        } catch (IOException | RuntimeException e) {
            // whatever the runtime says of u1's task, u1 only
        }
    }

    /** Whether u2's ordinary search answered (rather than failing in the runtime's words). */
    private static boolean searches(Session observer) {
        try {
            service.search(observer, QUERY, 1000);
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }
}
