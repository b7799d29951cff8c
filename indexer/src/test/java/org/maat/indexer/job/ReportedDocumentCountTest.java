package org.maat.indexer.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLabelling;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.indexer.MapReduceIndexing;

/**
 * What the driver reports as the documents indexed is the runtime's own count (the store's live documents, which
 * the committer found in the shards exactly once): task code that sets counters, custom counters and its status
 * to arbitrary values changes at most the progress figures, which stay within {@code [0, documents]}.
 */
class ReportedDocumentCountTest {

    @TempDir
    Path dir;

    /** Counts far too many (and negative) routed documents, and sets its status. */
    public static final class MiscountingMapper extends RoutingMapper {
        @Override
        protected void map(LongWritable ordinal, DocumentWritable value, Context context)
                throws IOException, InterruptedException {
            super.map(ordinal, value, context);
            context.getCounter(IndexCounters.DOCUMENTS_ROUTED).increment(ordinal.get() % 2 == 0 ? 1_000_003 : -7);
            context.setStatus("title of " + value.get().id() + ": " + value.get().title());
        }
    }

    /** Adds counts of its own to the indexed documents and to a custom counter, and sets its status. */
    public static final class MiscountingReducer extends ShardReducer {
        @Override
        protected void cleanup(Context context) throws IOException {
            super.cleanup(context);
            context.getCounter(IndexCounters.DOCUMENTS_INDEXED).increment(0x5A5A5A);
            context.getCounter("maat", "documents").increment(77);
            context.setStatus("42 documents");
        }
    }

    @Test
    void theReportedCountIsTheStoresLiveCountWhateverTheTasksCount() throws Exception {
        DataDir data = TestData.generate(dir.resolve("data"), 40, 82);
        IndexLayout out = new IndexLayout(dir.resolve("index"));
        Configuration conf = MapReduceIndexing.localConfiguration(Files.createTempDirectory(dir, "hadoop-"), 2);
        conf.setInt("mapreduce.client.completion.pollinterval", 10); // let the driver show progress while it runs
        List<Long> shown = new CopyOnWriteArrayList<>();
        IndexJob.Result result = new IndexJob(conf).withMapper(MiscountingMapper.class)
                .withReducer(MiscountingReducer.class)
                .run(path(data.root()), path(out.root()), 2, 2, Monitoring.REFERENCE_MONITOR, shown::add);

        assertThat(result.documents()).isEqualTo(40);
        try (IndexLabelling labels = IndexLabelling.forReading(out, Monitoring.REFERENCE_MONITOR)) {
            assertThat(labels.published().orElseThrow().documents()).isEqualTo(40);
        }
        assertThat(shown).isNotEmpty().allSatisfy(n -> assertThat(n).isBetween(0L, 40L));
        assertThat(shown.get(shown.size() - 1)).isEqualTo(40);
    }

    private static org.apache.hadoop.fs.Path path(Path p) {
        return new org.apache.hadoop.fs.Path(p.toAbsolutePath().toUri());
    }
}
