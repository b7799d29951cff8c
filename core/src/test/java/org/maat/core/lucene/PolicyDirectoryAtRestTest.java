package org.maat.core.lucene;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.atrest.lucene.AtRestDirectory;
import org.maat.core.index.IndexFields;
import org.maat.core.storage.RawFiles;
import org.maat.core.task.AccessGate;
import org.maat.policy.Conduit;
import org.maat.policy.ConduitMap;
import org.maat.policy.Session;
import org.maat.policy.eval.PolicyEngine;
import org.maat.policy.facts.FactIndex;
import org.maat.policy.lang.AtRestStrength;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.monitor.PolicyViolation;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.Task;
import org.maat.policy.monitor.TaskMode;
import org.maat.policy.templates.PolicyTemplates;

/** PolicyDirectory over an AtRestDirectory: files are sealed as the taint requires, and labelled with it. */
class PolicyDirectoryAtRestTest {

    @TempDir
    Path dir;

    private final PolicyEngine engine = new PolicyEngine(new FactIndex());
    private final ConduitMap conduits = new ConduitMap();
    private final ReferenceMonitor monitor = new ReferenceMonitor(engine, conduits);

    PolicyDirectoryAtRestTest() {
        engine.intern(IndexLabels.POLICY);
    }

    private Conduit document(String id, String template, String atLeast) {
        PolicyId policy = engine.intern(atLeast == null ? PolicyTemplates.policy(template)
                : PolicyTemplates.requiringAtRest(PolicyTemplates.policy(template), atLeast));
        return conduits.put(new Conduit(id, "docs/" + id, "u1", policy, Map.of("template", template)));
    }

    /** A shard directory in a volume writing ChaCha8 unless more is required (Selective, ChaCha20 region). */
    private AtRestDirectory shard() throws IOException {
        Path root = Files.createDirectories(dir.resolve("data"));
        AtRestVolume volume = AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + dir.resolve("data.atrest.key"));
        volume.switchTo(Ciphers.CHACHA8, org.maat.atrest.SwitchModel.SELECTIVE);
        return (AtRestDirectory) ShardDirectory.open(Files.createDirectories(root.resolve("index/shard-0")));
    }

    private static int weakestBlock(AtRestDirectory shard, String name) throws IOException {
        try (EncryptedChannel c = shard.volume().open(dir(shard).resolve(name), StandardOpenOption.READ)) {
            return c.blockCiphers().stream().mapToInt(AtRestCipher::strength).min().orElse(Integer.MAX_VALUE);
        }
    }

    private static Path dir(AtRestDirectory shard) {
        return ((org.apache.lucene.store.FSDirectory) shard.getDelegate()).getDirectory();
    }

    @Test
    void aFileIsSealedWithTheStrongestMinimumOfTheTaintAndLabelledWithIt() throws IOException {
        try (AtRestDirectory shard = shard();
             Task indexer = monitor.open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED)) {
            PolicyDirectory policyDir = new PolicyDirectory(shard, 0, null, AccessGate.of(indexer));
            writeBytes(policyDir, "_0.si");
            assertThat(policyDir.stagedLabel("_0.si").attributes()).containsEntry(AtRestStrength.ATTRIBUTE, "chacha8");
            indexer.read(document("d1", "public", "chacha8"));
            indexer.read(document("d2", "private", "chacha20"));
            writeBytes(policyDir, "_1.si");
            assertThat(policyDir.stagedLabel("_1.si").attributes()).containsEntry(AtRestStrength.ATTRIBUTE, "chacha20");
            assertThat(weakestBlock(shard, "_1.si")).isEqualTo(Ciphers.CHACHA20.strength());
            policyDir.rename("_1.si", "_2.si");
            assertThat(policyDir.stagedLabel("_2.si").attributes()).containsEntry(AtRestStrength.ATTRIBUTE, "chacha20");
        }
    }

    @Test
    void aWriterForcingAWeakerCipherIsRefusedBeforeTheFileExists() throws IOException {
        try (AtRestDirectory shard = shard();
             Task indexer = monitor.open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED)) {
            indexer.read(document("d2", "private", "chacha20"));
            // Fault injection: a buggy writer that asks for ChaCha8 whatever the taint requires.
            PolicyDirectory buggy = new PolicyDirectory(shard, 0, null, AccessGate.of(indexer), required -> Ciphers.CHACHA8);
            assertThatThrownBy(() -> buggy.createOutput("_0.cfs", IOContext.DEFAULT))
                    .isInstanceOf(PolicyViolation.class)
                    .hasMessageContaining("atRestAtLeast(\"chacha20\")")
                    .hasMessageContaining("sealed with \"chacha8\"");
            assertThat(shard.listAll()).doesNotContain("_0.cfs");
            assertThat(shard.volume().physicalFiles(dir(shard).resolve("_0.cfs"))).noneMatch(Files::exists);
        }
    }

    @Test
    void aFileThatReceivedDataRequiringMoreThanItsCipherIsRefusedAtCloseAndDeleted() throws IOException {
        try (AtRestDirectory shard = shard();
             Task indexer = monitor.open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED)) {
            PolicyDirectory policyDir = new PolicyDirectory(shard, 0, null, AccessGate.of(indexer));
            indexer.read(document("d1", "public", "chacha8"));
            IndexOutput out = policyDir.createOutput("_0.fdt", IOContext.DEFAULT); // sealed with ChaCha8
            out.writeInt(1);
            indexer.read(document("d2", "private", "chacha20")); // its stored fields would follow into the file
            out.writeInt(2);
            assertThatThrownBy(out::close).isInstanceOf(PolicyViolation.class)
                    .hasMessageContaining("atRestAtLeast(\"chacha20\")");
            assertThat(shard.listAll()).doesNotContain("_0.fdt");
            assertThat(policyDir.stagedLabel("_0.fdt")).isNull();
        }
    }

    @Test
    void aPlaintextIndexIsLabelledNoneAndRefusesDataThatRequiresACipher() throws IOException {
        try (Directory ram = new ByteBuffersDirectory();
             Task indexer = monitor.open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED)) {
            PolicyDirectory policyDir = new PolicyDirectory(ram, 0, null, AccessGate.of(indexer));
            indexer.read(document("d1", "friends", null));
            writeBytes(policyDir, "_0.si");
            assertThat(policyDir.stagedLabel("_0.si").attributes()).containsEntry(AtRestStrength.ATTRIBUTE, "none");
            indexer.read(document("d2", "private", "chacha12"));
            assertThatThrownBy(() -> policyDir.createOutput("_1.si", IOContext.DEFAULT))
                    .isInstanceOf(PolicyViolation.class).hasMessageContaining("atRestAtLeast(\"chacha12\")");
            assertThat(ram.listAll()).containsExactly("_0.si");
        }
    }

    @Test
    void anIndexWriterOverBothWrappersSealsEveryFileAsItsTaintRequires() throws IOException {
        try (AtRestDirectory shard = shard();
             Task indexer = monitor.open(Session.of(IndexLabels.OWNER), TaskMode.CONFINED)) {
            PolicyDirectory policyDir = new PolicyDirectory(shard, 0, null, AccessGate.of(indexer));
            indexer.read(document("d2", "private", "chacha20"));
            index(policyDir);
            Path plain = Files.createDirectories(dir.resolve("plain"));
            try (Directory plainDir = org.apache.lucene.store.FSDirectory.open(plain)) {
                index(plainDir);
            }
            assertThat(WORDS).as("words found in the same index in plaintext").anyMatch(w -> contains(plain, w));
            assertThat(WORDS).noneMatch(w -> contains(dir.resolve("data"), w));
            for (String file : shard.listAll()) {
                if (file.equals("write.lock")) {
                    continue;
                }
                assertThat(policyDir.stagedLabel(file).attributes()).as(file)
                        .containsEntry(AtRestStrength.ATTRIBUTE, "chacha20");
                assertThat(weakestBlock(shard, file)).as(file).isGreaterThanOrEqualTo(Ciphers.CHACHA20.strength());
            }
        }
    }

    private static final java.util.List<String> WORDS = java.util.List.of("albatross", "kumquat", "zeppelin",
            "marmalade", "quixotic", "rhubarb", "vortex", "yodelling");

    private static void index(Directory d) throws IOException {
        try (IndexWriter writer = new IndexWriter(d, new IndexWriterConfig(IndexFields.analyzer()))) {
            for (int i = 0; i < 40; i++) {
                Document doc = new Document();
                doc.add(new StringField(IndexFields.ID, "d" + i, Field.Store.YES));
                doc.add(new TextField(IndexFields.BODY, WORDS.get(i % WORDS.size()) + " common", Field.Store.NO));
                writer.addDocument(doc);
            }
            writer.commit();
        }
    }

    private static boolean contains(Path root, String word) {
        try {
            return RawFiles.contain(root, word);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static void writeBytes(Directory d, String name) throws IOException {
        try (IndexOutput out = d.createOutput(name, IOContext.DEFAULT)) {
            for (int i = 0; i < 3000; i++) {
                out.writeInt(i);
            }
        }
    }
}
