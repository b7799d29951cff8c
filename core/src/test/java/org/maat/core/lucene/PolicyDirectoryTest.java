package org.maat.core.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.index.IndexFields;
import org.maat.core.task.AccessGate;
import org.maat.policy.Conduit;
import org.maat.policy.ConduitMap;
import org.maat.policy.Session;
import org.maat.policy.eval.PolicyEngine;
import org.maat.policy.facts.FactIndex;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.monitor.Payload;
import org.maat.policy.monitor.PolicyViolation;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.Task;
import org.maat.policy.monitor.TaskMode;
import org.maat.policy.templates.PolicyTemplates;

class PolicyDirectoryTest {

    @TempDir
    Path dir;

    private final PolicyEngine engine = new PolicyEngine(new FactIndex());
    private final ConduitMap conduits = new ConduitMap();
    private final ReferenceMonitor monitor = new ReferenceMonitor(engine, conduits);

    PolicyDirectoryTest() {
        engine.intern(IndexLabels.POLICY);
    }

    private Conduit conduit(String id, String name, String owner, String template) {
        PolicyId policy = engine.intern(PolicyTemplates.policy(template));
        return conduits.put(new Conduit(id, name, owner, policy, Map.of("template", template)));
    }

    /** A gate that counts the monitor calls it passes on to a real task. */
    private static final class CountingGate implements AccessGate {
        final AccessGate inner;
        final List<String> reads = new ArrayList<>();
        int writes;

        CountingGate(Task task) {
            this.inner = AccessGate.of(task);
        }

        @Override
        public void read(Conduit conduit) {
            reads.add(conduit.id());
            inner.read(conduit);
        }

        @Override
        public void write(Conduit destination, Session recipient, Payload payload) {
            writes++;
            inner.write(destination, recipient, payload);
        }

        @Override
        public java.util.Optional<String> minimumAtRest() {
            return inner.minimumAtRest();
        }

        @Override
        public boolean monitored() {
            return true;
        }
    }

    private IndexLayout buildIndex() throws IOException {
        IndexLayout layout = new IndexLayout(dir.resolve("index"));
        try (IndexLabels labels = IndexLabels.open(layout);
             Task indexer = monitor.open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED);
             ShardWriters writers = ShardWriters.open(layout, 1, IndexFields.analyzer(), labels,
                     AccessGate.of(indexer))) {
            // Segments built aside and added as the MapReduce job commit adds its reducers': every file is a checked write.
            try (ByteBuffersDirectory built = new ByteBuffersDirectory()) {
                try (IndexWriter writer = new IndexWriter(built, ShardWriters.config(IndexFields.analyzer()))) {
                    for (int i = 0; i < 50; i++) {
                        Document doc = new Document();
                        doc.add(new StringField(IndexFields.ID, "d" + i, Field.Store.YES));
                        doc.add(new TextField(IndexFields.BODY, "word" + (i % 5) + " common", Field.Store.NO));
                        writer.addDocument(doc);
                    }
                    writer.commit();
                }
                writers.addSegments(0, built);
            }
            writers.commit(50);
        }
        return layout;
    }

    @Test
    void eachFileTaintsTheTaskOnceHoweverOftenItIsReadClonedOrSliced() throws IOException {
        IndexLayout layout = buildIndex();
        try (IndexLabels labels = IndexLabels.open(layout);
             Task search = monitor.open(Session.of("u1"), TaskMode.CONFINED);
             FSDirectory raw = FSDirectory.open(layout.shard(0))) {
            CountingGate gate = new CountingGate(search);
            PolicyDirectory policyDir = new PolicyDirectory(raw, 0, labels, gate);
            long generation = labels.published().orElseThrow().generation(0);
            try (DirectoryReader reader = DirectoryReader.open(new PublishedCommit(policyDir, generation))) {
                IndexSearcher searcher = new IndexSearcher(reader);
                for (int i = 0; i < 20; i++) {
                    assertThat(searcher.count(new TermQuery(new Term(IndexFields.BODY, "common")))).isEqualTo(50);
                }
            }
            String someFile = policyDir.labelsRead().get(0).attributes().get("file");
            try (IndexInput in = policyDir.openInput(someFile, IOContext.DEFAULT)) {
                in.clone().seek(0);
                in.slice("part", 0, 1).close();
            }
            assertThat(gate.reads).doesNotHaveDuplicates().hasSameSizeAs(policyDir.labelsRead());
            assertThat(search.taint().policies()).containsExactly(IndexLabels.POLICY_ID);
        }
    }

    @Test
    void aFileWithoutALabelIsNotOpened() throws IOException {
        IndexLayout layout = buildIndex();
        try (FSDirectory raw = FSDirectory.open(layout.shard(0));
             IndexLabels labels = IndexLabels.open(layout);
             Task task = monitor.open(Session.of("u1"), TaskMode.CONFINED)) {
            try (IndexOutput out = raw.createOutput("planted.bin", IOContext.DEFAULT)) {
                out.writeInt(42);
            }
            PolicyDirectory policyDir = new PolicyDirectory(raw, 0, labels, AccessGate.of(task));
            assertThatThrownBy(() -> policyDir.openInput("planted.bin", IOContext.DEFAULT))
                    .isInstanceOf(UnlabelledFileException.class)
                    .hasMessageContaining("planted.bin").hasMessageContaining("has no label");
            assertThat(task.taint().isEmpty()).isTrue();
        }
    }

    @Test
    void aTaskThatReadASearchHistoryCannotCreateAnIndexFile() throws IOException {
        Conduit history = conduit("h1", "history/u1/1", "u1", "history");
        try (Task task = monitor.open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED);
             Directory ram = new ByteBuffersDirectory()) {
            task.read(history);
            PolicyDirectory policyDir = new PolicyDirectory(ram, 0, null, AccessGate.of(task));
            assertThatThrownBy(() -> policyDir.createOutput("_0.cfs", IOContext.DEFAULT))
                    .isInstanceOf(PolicyViolation.class)
                    .hasMessageContaining("conduit h1 (\"history/u1/1\", owner u1)")
                    .hasMessageContaining("destNameIs");
            assertThat(ram.listAll()).isEmpty();
        }
    }

    @Test
    void aTaskThatReadDocumentsMayWriteIndexFilesAndOnlyAsTheIndexer() throws IOException {
        Conduit document = conduit("d1", "docs/1", "u1", "friends+censorship");
        try (Task indexer = monitor.open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED);
             Task impostor = monitor.open(Session.of("u1"), TaskMode.CONFINED);
             Directory ram = new ByteBuffersDirectory()) {
            indexer.read(document);
            new PolicyDirectory(ram, 0, null, AccessGate.of(indexer)).createOutput("_0.si", IOContext.DEFAULT).close();
            assertThat(ram.listAll()).containsExactly("_0.si");
            assertThatThrownBy(() -> new PolicyDirectory(ram, 0, null, AccessGate.of(impostor))
                    .createOutput("_1.si", IOContext.DEFAULT))
                    .isInstanceOf(PolicyViolation.class).hasMessageContaining("update rule");
        }
    }

    @Test
    void anIndexWriterOverAPolicyDirectoryRefusesTheHistoryAtItsFirstFlush() throws IOException {
        Conduit history = conduit("h2", "history/u2/1", "u2", "history");
        try (Task task = monitor.open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED);
             Directory ram = new ByteBuffersDirectory()) {
            task.read(history);
            PolicyDirectory policyDir = new PolicyDirectory(ram, 0, null, AccessGate.of(task));
            assertThatThrownBy(() -> {
                try (IndexWriter writer = new IndexWriter(policyDir, new IndexWriterConfig(IndexFields.analyzer())
                        .setCommitOnClose(false))) {
                    Document doc = new Document();
                    doc.add(new StringField(IndexFields.ID, "h2", Field.Store.YES));
                    writer.addDocument(doc);
                    writer.commit();
                }
            }).isInstanceOf(PolicyViolation.class).hasMessageContaining("destNameIs");
            assertThat(ram.listAll()).noneMatch(f -> f.startsWith("segments"));
        }
    }
}
