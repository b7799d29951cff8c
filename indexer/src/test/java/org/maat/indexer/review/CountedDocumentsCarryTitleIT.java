package org.maat.indexer.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.lucene.index.DirectoryReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.index.DocumentMapper;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.indexer.MapReduceIndexing;
import org.maat.indexer.job.IndexCounters;
import org.maat.indexer.job.IndexJob;
import org.maat.indexer.job.ShardReducer;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Review attack on "an indexer task's output is its index entries": a reduce task's code is handed Hadoop's
 * {@code Context}, whose counters are not a channel the boundary or the entry check sees. The driver reports
 * {@link IndexCounters#DOCUMENTS_INDEXED} as the number of documents indexed ({@code IndexJob.Result.documents()},
 * which {@code maat index --engine mapreduce} prints to the operator as "N documents in K shard(s)"), and task code
 * can increment it by any amount. A buggy reducer (its {@code DocumentMapper} and {@code cleanup}, no rule broken: no
 * exception, no log, no static field, every entry admitted) adds 7 bits per character of a private title, 8 characters
 * per run; the job succeeds and publishes, and the caller decodes the title from the count it is shown.
 */
class CountedDocumentsCarryTitleIT {

    static final String SECRET = "review.secret";
    static final String OFFSET = "review.offset";

    @TempDir
    Path dir;

    /** A reducer whose mapper notes 8 characters of one document's title and whose cleanup counts them as documents. */
    public static final class TitleCountingReducer extends ShardReducer {
        private long carried;

        @Override
        protected DocumentMapper mapper() {
            return labelled -> {
                // the job's settings name the document and the characters; task code reads its own Configuration
                if (labelled.document().id().equals(conf.get(SECRET))) {
                    String title = labelled.document().title();
                    int offset = conf.getInt(OFFSET, 0);
                    for (int i = 0; i < 8; i++) {
                        int c = offset + i < title.length() ? title.charAt(offset + i) & 0x7F : 0;
                        carried |= (long) c << (7 * i);
                    }
                }
                return IndexFields.document(labelled); // the exact entry: admitted
            };
        }

        private Configuration conf;

        @Override
        protected void setup(Context context) throws IOException {
            conf = context.getConfiguration();
            super.setup(context);
        }

        @Override
        protected void cleanup(Context context) throws IOException {
            super.cleanup(context);
            context.getCounter(IndexCounters.DOCUMENTS_INDEXED).increment(carried);
        }
    }

    @Test
    void aReducerCannotSpellAPrivateTitleIntoTheDocumentCountTheCallerIsShown() throws Exception {
        DataDir data = TestData.generate(dir.resolve("data"), 120, 75);
        Conduit secret;
        String title;
        try (DataSet set = DataSet.open(data)) {
            List<Conduit> documents = TestData.conduits(set).stream().filter(c -> c.id().matches("d[0-9]+")).toList();
            secret = unreadableBy(set, documents, Session.of("u1", "r0"), Session.of("u2", "r0")).get(0);
            title = set.documents().get(secret.id()).orElseThrow().title();
        }
        IndexLayout out = new IndexLayout(dir.resolve("index"));
        StringBuilder decoded = new StringBuilder();
        for (int offset = 0; offset < title.length(); offset += 8) {
            Configuration conf = MapReduceIndexing.localConfiguration(Files.createTempDirectory(dir, "hadoop-"), 2);
            conf.set(SECRET, secret.id());
            conf.setInt(OFFSET, offset);
            IndexJob.Result result = new IndexJob(conf).withReducer(TitleCountingReducer.class)
                    .run(path(data.root()), path(out.root()), 2, 2, Monitoring.REFERENCE_MONITOR, n -> { });
            long indexed = documentsIn(out);
            long carried = result.documents() - indexed; // what the caller is told, less what the index holds
            for (int i = 0; i < 8; i++) {
                char c = (char) (carried >>> (7 * i) & 0x7F);
                if (c != 0) {
                    decoded.append(c);
                }
            }
            System.out.println("job " + offset / 8 + ": reported " + result.documents() + " documents, the index holds "
                    + indexed);
        }
        System.out.println("real title: " + title + "; decoded from the counts: " + decoded);
        // the index was published: the job succeeded, and u2's searches run as usual
        try (SearchService service = SearchService.open(data, out, Monitoring.REFERENCE_MONITOR)) {
            assertThat(service.search(Session.of("u2", "r0"), "budget", 5)).isNotNull();
        }
        assertThat(decoded.toString()).as("what the caller decodes from the document counts of jobs whose reducer read "
                + "the title of %s (private: neither u1 nor u2 may read it)", secret.id()).isNotEqualTo(title);
    }

    private static long documentsIn(IndexLayout out) throws IOException {
        long total = 0;
        try (var shards = java.nio.file.Files.list(out.root())) {
            for (Path shard : shards.filter(p -> p.getFileName().toString().startsWith("shard-")).toList()) {
                try (var directory = org.apache.lucene.store.FSDirectory.open(shard);
                     DirectoryReader reader = DirectoryReader.open(directory)) {
                    total += reader.numDocs();
                }
            }
        }
        return total;
    }

    private static List<Conduit> unreadableBy(DataSet set, List<Conduit> documents, Session... sessions) {
        var monitor = new org.maat.policy.monitor.ReferenceMonitor(set.engine(), set.policies());
        List<Conduit> out = new java.util.ArrayList<>(documents);
        for (Session session : sessions) {
            out.removeIf(c -> monitor.mayRead(session, c));
        }
        return out;
    }

    private static org.apache.hadoop.fs.Path path(Path p) {
        return new org.apache.hadoop.fs.Path(p.toAbsolutePath().toUri());
    }
}
