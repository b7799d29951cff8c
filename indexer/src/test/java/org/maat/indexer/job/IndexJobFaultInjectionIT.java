package org.maat.indexer.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.conduit.ConduitStore;
import org.maat.core.conduit.ConduitStoreWriter;
import org.maat.core.conduit.Document;
import org.maat.core.data.DataDir;
import org.maat.core.data.Manifest;
import org.maat.core.index.DocumentMapper;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLabels;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.indexer.MapReduceIndexing;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.store.Batch;
import org.maat.policy.store.PolicyStore;
import org.maat.policy.templates.PolicyTemplates;

/** Misconfigured indexer jobs: the monitor refuses them, and nothing they built is published. */
class IndexJobFaultInjectionIT {

    private static final String HISTORY_TEXT = PolicyPrinter.print(PolicyTemplates.policy("history"));
    private static final PolicyId HISTORY = PolicyId.ofCanonicalText(HISTORY_TEXT);

    @TempDir
    Path dir;

    /** A mapper that also reads users' search histories (say, to boost what they searched for). */
    public static final class HistoryReadingMapper extends RoutingMapper {
        @Override
        protected void setup(Context context) throws IOException {
            super.setup(context);
            for (int i = 0; i < 5; i++) {
                readConduit("h" + i);
            }
        }
    }

    @Test
    void aMapperThatReadSearchHistoriesFailsTheJobAtCommitAndNothingIsPublished() throws Exception {
        DataDir data = TestData.generate(dir, 120, 71);
        addHistories(data, 5);
        IndexLayout out = new IndexLayout(dir.resolve("index"));

        assertThatThrownBy(() -> job(HistoryReadingMapper.class).run(path(data.root()), path(out.root()), 2, 2, Monitoring.REFERENCE_MONITOR,
                n -> { }))
                .isInstanceOfSatisfying(IndexJobException.class, e -> assertThat(e.refused()).isTrue())
                .hasMessageContaining("job commit")
                .hasMessageContaining("the task read conduit h0 (\"history/u0/0\", owner u0)")
                .hasMessageContaining("whose declassify rule does not allow this flow")
                .hasMessageContaining("destNameIs");
        assertThat(listing(out.root())).isEmpty();

        // The same data with a correct mapper: the rerun publishes.
        MapReduceIndexing.run(data, out, 2, 2, Monitoring.REFERENCE_MONITOR, n -> { });
        assertThat(listing(out.root())).containsExactlyInAnyOrder("shard-0", "shard-1", "labels.db");
        try (SearchService service = SearchService.open(data, out, Monitoring.REFERENCE_MONITOR)) {
            assertThat(service.search(Session.of("u1", "r1"), "budget", 5)).isNotEmpty();
        }
    }

    @Test
    void aRefusedJobLeavesThePreviouslyPublishedIndexAsItWas() throws Exception {
        DataDir data = TestData.generate(dir, 120, 72);
        addHistories(data, 5);
        IndexLayout out = new IndexLayout(dir.resolve("index"));
        MapReduceIndexing.run(data, out, 2, 2, Monitoring.REFERENCE_MONITOR, n -> { });
        List<String> before;
        try (SearchService service = SearchService.open(data, out, Monitoring.REFERENCE_MONITOR)) {
            before = service.search(Session.of("u1", "r1"), "budget", 10);
        }

        assertThatThrownBy(() -> job(HistoryReadingMapper.class).run(path(data.root()), path(out.root()), 3, 1, Monitoring.REFERENCE_MONITOR,
                n -> { })).isInstanceOf(IndexJobException.class).hasMessageContaining("declassify");

        assertThat(listing(out.root())).containsExactlyInAnyOrder("shard-0", "shard-1", "labels.db");
        try (SearchService service = SearchService.open(data, out, Monitoring.REFERENCE_MONITOR)) {
            assertThat(service.index().shards()).isEqualTo(2);
            assertThat(service.search(Session.of("u1", "r1"), "budget", 10)).isEqualTo(before).isNotEmpty();
        }
    }

    @Test
    void anIndexerFedSearchHistoriesIsRefusedInItsReducersAndPublishesNothing() throws Exception {
        DataDir histories = historiesDataDir(dir.resolve("histories"), 20);
        IndexLayout out = new IndexLayout(dir.resolve("index"));
        assertThatThrownBy(() -> MapReduceIndexing.run(histories, out, 2, 2, Monitoring.REFERENCE_MONITOR, n -> { }))
                .isInstanceOfSatisfying(IndexJobException.class, e -> assertThat(e.refused()).as(e.getMessage()).isTrue())
                .hasMessageContaining("reduce task")
                .hasMessageContaining("(\"history/u")
                .hasMessageContaining("whose declassify rule does not allow this flow");
        assertThat(listing(out.root())).isEmpty();
        assertThat(out.isLabelled()).isFalse();
    }

    /** A reducer whose (buggy) mapper carries the first title it maps into the bodies of the entries after it. */
    public static final class TitleCarryingReducer extends ShardReducer {
        @Override
        protected DocumentMapper mapper() {
            StringBuilder carried = new StringBuilder();
            return labelled -> {
                org.apache.lucene.document.Document entry = IndexFields.document(labelled);
                if (carried.length() == 0) {
                    carried.append(labelled.document().title());
                } else {
                    entry.add(new TextField(IndexFields.BODY, carried.toString(), Field.Store.NO));
                }
                return entry;
            };
        }
    }

    @Test
    void aReducerWhoseMapperCarriesATitleIntoOtherEntriesFailsTheJobAndPublishesNothing() throws Exception {
        DataDir data = TestData.generate(dir, 120, 73);
        IndexLayout out = new IndexLayout(dir.resolve("index"));
        IndexJob job = new IndexJob(MapReduceIndexing.localConfiguration(Files.createTempDirectory(dir, "hadoop-"), 2))
                .withReducer(TitleCarryingReducer.class);
        assertThatThrownBy(() -> job.run(path(data.root()), path(out.root()), 2, 2, Monitoring.REFERENCE_MONITOR, n -> { }))
                .isInstanceOf(IndexJobException.class)
                .hasMessageContaining("reduce task")
                .hasMessageContaining("the index entry of document d")
                .hasMessageContaining("its field body is missing or repeated")
                .hasMessageNotContaining("Debate on");
        assertThat(listing(out.root())).isEmpty();
        assertThat(out.isLabelled()).isFalse();
    }

    /** A mapper whose code throws with the title of the tenth document it reads in its message and its cause. */
    public static final class TitleThrowingMapper extends RoutingMapper {
        private int mapped;

        @Override
        protected void map(org.apache.hadoop.io.LongWritable ordinal, DocumentWritable value, Context context)
                throws IOException, InterruptedException {
            if (++mapped == 10) {
                String title = value.get().title();
                throw new IllegalArgumentException("cannot route owner=" + title, new IOException(title));
            }
            super.map(ordinal, value, context);
        }
    }

    /** A reducer whose (buggy) mapper throws with the title of the fifth document it maps. */
    public static final class TitleThrowingReducer extends ShardReducer {
        @Override
        protected DocumentMapper mapper() {
            int[] mapped = {0};
            return labelled -> {
                if (++mapped[0] == 5) {
                    throw new IllegalStateException("title=" + labelled.document().title());
                }
                return IndexFields.document(labelled);
            };
        }
    }

    @Test
    void aMapOrReduceTaskThatThrowsATitleFailsTheJobInTheRuntimesWordsAndPublishesNothing() throws Exception {
        DataDir data = TestData.generate(dir, 120, 74);
        IndexLayout out = new IndexLayout(dir.resolve("index"));
        Path hadoop = Files.createTempDirectory(dir, "hadoop-");
        for (IndexJob job : List.of(new IndexJob(MapReduceIndexing.localConfiguration(hadoop, 2)).withMapper(TitleThrowingMapper.class),
                new IndexJob(MapReduceIndexing.localConfiguration(hadoop, 2)).withReducer(TitleThrowingReducer.class))) {
            Throwable failed = org.assertj.core.api.Assertions.catchThrowable(() -> job.run(path(data.root()),
                    path(out.root()), 2, 2, Monitoring.REFERENCE_MONITOR, n -> { }));
            assertThat(failed).isInstanceOfSatisfying(IndexJobException.class,
                    e -> assertThat(e.refused()).as(e.getMessage()).isFalse());
            java.io.StringWriter printed = new java.io.StringWriter();
            failed.printStackTrace(new java.io.PrintWriter(printed));
            assertThat(failed.getMessage()).containsPattern("the (map|reduce) task failed \\(incident [0-9a-f]{10}\\)");
            assertThat(printed.toString()).doesNotContain("Debate on").doesNotContain("owner=").doesNotContain("title=");
            assertThat(listing(out.root())).isEmpty();
        }
    }

    private IndexJob job(Class<? extends RoutingMapper> mapper) throws IOException {
        return new IndexJob(MapReduceIndexing.localConfiguration(Files.createTempDirectory(dir, "hadoop-"), 2))
                .withMapper(mapper);
    }

    private static org.apache.hadoop.fs.Path path(Path p) {
        return new org.apache.hadoop.fs.Path(p.toAbsolutePath().toUri());
    }

    private static List<String> listing(Path root) throws IOException {
        if (!Files.exists(root)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(root)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }

    /** Search-history conduits h0.. of users u0..u4 in the data directory's policy store. */
    private static void addHistories(DataDir data, int count) {
        try (PolicyStore store = PolicyStore.open(data.policyStore())) {
            Batch batch = store.batch().putPolicy(HISTORY, HISTORY_TEXT);
            for (int i = 0; i < count; i++) {
                batch.putConduit(new Conduit("h" + i, "history/u" + i + "/0", "u" + i, HISTORY,
                        Map.of("template", "history")));
            }
            batch.commit();
        }
    }

    /** A data directory whose "documents" are users' search histories, under the history policy. */
    private static DataDir historiesDataDir(Path root, int count) throws IOException {
        DataDir data = DataDir.at(root);
        Files.createDirectories(root);
        try (ConduitStoreWriter writer = ConduitStore.create(data.documents());
             PolicyStore store = PolicyStore.open(data.policyStore())) {
            Batch batch = store.batch().putPolicy(HISTORY, HISTORY_TEXT);
            for (int i = 0; i < count; i++) {
                String user = "u" + (i % 5);
                Document d = writer.append("searches of " + user, "2012-04-01", "budget fishing water query " + i);
                batch.putConduit(new Conduit(d.id(), "history/" + user + "/" + i, user, HISTORY,
                        Map.of("template", "history")));
            }
            writer.commit();
            batch.commit();
        }
        org.maat.policy.mal.MalLog.open(data.malLog()).close();
        data.writeManifest(new Manifest("histories", count, 0, 5, 0, "0/0/0", false, 0, List.of("r0"), "r0", 0,
                List.of(), 0, 1));
        return data;
    }
}
