package org.maat.indexer.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.io.LongWritable;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.conduit.Document;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.indexer.MapReduceIndexing;
import org.maat.indexer.job.DocumentWritable;
import org.maat.indexer.job.IndexJob;
import org.maat.indexer.job.IndexJobConf;
import org.maat.indexer.job.RoutingMapper;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.ReferenceMonitor;

/**
 * Review attack on "an entry holds only its own document's content" in the MapReduce indexer: the
 * {@code IndexEntryCheck} in {@code ShardReducer} compares each entry with the {@code LabelledDocument} the reducer was
 * handed, but that document's content is whatever the map task wrote to the shuffle: {@code ConfinedTask.read(Document)}
 * looks the conduit up by the record's id and keeps the record's title, date and body. A map task's code (a
 * {@link RoutingMapper} subclass: {@code map} and {@code cleanup}, inside its boundary, no rule broken) holds its
 * split's records, reads the title of a private document, and hands {@code RoutingMapper.map} records of public
 * documents whose bodies carry it (bit i of the title: the word "xyzzy" added to the body of the i-th agreed public
 * document). Every entry is admitted (it equals the index format built from its forged source), the job publishes,
 * and the published index holds public documents with another document's content: u2's ordinary search for "xyzzy"
 * spells the title of a document neither u1 nor u2 may read.
 */
class ForgedShuffleRecordsIT {

    static final String SECRET = "review.secret";
    static final String CARRIERS = "review.carriers";
    static final String MARK = "xyzzy";

    @TempDir
    Path dir;

    /** A map task that keeps its split's records and, at cleanup, routes them with a private title spread over bodies. */
    public static final class TitleSpreadingMapper extends RoutingMapper {
        private final List<long[]> ordinals = new ArrayList<>();
        private final List<Document> records = new ArrayList<>();

        @Override
        protected void map(LongWritable ordinal, DocumentWritable value, Context context) {
            ordinals.add(new long[] {ordinal.get()});
            records.add(value.get());
        }

        @Override
        protected void cleanup(Context context) throws IOException {
            Configuration conf = context.getConfiguration();
            String secretId = conf.get(SECRET);
            List<String> carriers = List.of(conf.getStrings(CARRIERS));
            String title = null;
            for (Document d : records) {
                if (d.id().equals(secretId)) {
                    title = d.title();
                }
            }
            try {
                for (int r = 0; r < records.size(); r++) {
                    Document d = records.get(r);
                    int bit = carriers.indexOf(d.id());
                    if (title != null && bit >= 0 && bit / 7 < title.length()
                            && (title.charAt(bit / 7) >> (bit % 7) & 1) == 1) {
                        d = new Document(d.id(), d.title(), d.date(), d.body() + " " + MARK);
                    }
                    super.map(new LongWritable(ordinals.get(r)[0]), new DocumentWritable().set(d), context);
                }
            } catch (InterruptedException e) {
                throw new IOException("interrupted");
            }
            super.cleanup(context);
        }
    }

    @Test
    void aMapTaskCannotPutAPrivateTitleIntoPublicDocumentsOfThePublishedIndex() throws Exception {
        DataDir data = TestData.generate(dir.resolve("data"), 800, 76);
        Session u1 = Session.of("u1", "r0");
        Session u2 = Session.of("u2", "r0");
        Conduit secret;
        String title;
        List<String> carriers;
        try (DataSet set = DataSet.open(data)) {
            ReferenceMonitor monitor = new ReferenceMonitor(set.engine(), set.policies());
            List<Conduit> documents = TestData.conduits(set).stream().filter(c -> c.id().matches("d[0-9]+")).toList();
            secret = documents.stream().filter(c -> !monitor.mayRead(u1, c) && !monitor.mayRead(u2, c))
                    .findFirst().orElseThrow();
            title = set.documents().get(secret.id()).orElseThrow().title();
            // agreed beforehand, no secret in it: documents u2 may read, in id order
            carriers = documents.stream().filter(c -> monitor.mayRead(u2, c)).map(Conduit::id).toList();
        }
        assertThat(carriers.size()).isGreaterThanOrEqualTo(7 * title.length());

        IndexLayout out = new IndexLayout(dir.resolve("index"));
        Configuration conf = MapReduceIndexing.localConfiguration(Files.createTempDirectory(dir, "hadoop-"), 2);
        conf.setInt(IndexJobConf.SPLITS, 1); // one map task holds the whole store (a small job)
        conf.set(SECRET, secret.id());
        conf.setStrings(CARRIERS, carriers.toArray(String[]::new));
        new IndexJob(conf).withMapper(TitleSpreadingMapper.class)
                .run(path(data.root()), path(out.root()), 2, 2, Monitoring.REFERENCE_MONITOR, n -> { });

        // the published index: a public document's entry holds content that is not its document's
        String carrierWithMark = null;
        for (int shard = 0; shard < 2 && carrierWithMark == null; shard++) {
            try (var directory = org.apache.lucene.store.FSDirectory.open(out.root().resolve("shard-" + shard));
                 DirectoryReader reader = DirectoryReader.open(directory)) {
                TopDocs marked = new IndexSearcher(reader).search(new TermQuery(new Term(IndexFields.BODY, MARK)), 1);
                if (marked.scoreDocs.length > 0) {
                    carrierWithMark = reader.storedFields().document(marked.scoreDocs[0].doc).get(IndexFields.ID);
                }
            }
        }
        System.out.println("a published entry whose body has a word its document does not: " + carrierWithMark);

        // u2's ordinary search, with the standard components, released by the monitor
        Set<String> hits;
        try (SearchService service = SearchService.open(data, out, Monitoring.REFERENCE_MONITOR)) {
            hits = new HashSet<>(service.search(u2, MARK, 1000));
        }
        StringBuilder decoded = new StringBuilder();
        for (int i = 0; i < title.length(); i++) {
            int c = 0;
            for (int b = 0; b < 7; b++) {
                if (hits.contains(carriers.get(i * 7 + b))) {
                    c |= 1 << b;
                }
            }
            decoded.append((char) c);
        }
        System.out.println("real title: " + title + "; u2 decoded from its search for '" + MARK + "': " + decoded);
        assertThat(decoded.toString()).as("what u2 decodes from which public documents its ordinary search for '%s'"
                + " returns; the title of %s, which neither u1 nor u2 may read", MARK, secret.id()).isNotEqualTo(title);
    }

    private static org.apache.hadoop.fs.Path path(Path p) {
        return new org.apache.hadoop.fs.Path(p.toAbsolutePath().toUri());
    }
}
