package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.apache.lucene.analysis.standard.StandardAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.FilterMergePolicy;
import org.apache.lucene.index.MergePolicy;
import org.apache.lucene.index.NoMergePolicy;
import org.apache.lucene.index.SegmentCommitInfo;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.population.PopulationSpec;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.crypto.PrincipalKeys;

/**
 * The byte scans read Lucene's compressed files expanded ({@link LuceneSegmentText}): the LZ4 bytes of another
 * user's stored fields that spell a deleted user's id are not taken for it, and a value the compression spells in
 * no byte (a back-reference to an earlier value) is found, in a plain segment and inside a compound file, live or
 * deleted.
 */
class LuceneSegmentTextTest {

    @TempDir
    Path dir;

    /**
     * The population of {@link DisguiseSequencesTest}'s sequence 7: after u101 deletes their account, the rewritten
     * segment of shard 0 spells {@code u101} in its LZ4 bytes (u100's document {@code d22}: the literal {@code u10},
     * then an offset byte {@code '1'}), which no stored value or term holds.
     */
    @Test
    void compressedBytesThatSpellADeletedUserAreNotTakenForThem() throws Exception {
        long seed = 7;
        Random random = new Random(seed);
        PopulationSpec spec = new PopulationSpec(120, 3 + random.nextInt(3), 30, 50, 20, 0.10, 20, 2, 1, 8, seed);
        SearchFixture f = SearchFixture.generate(dir.resolve("seed-7"), spec, 90, 110);
        try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
            disguises.register("u101", PrincipalKeys.generate().publicKey());
            disguises.apply(SearchDisguisesTest.DELETE, "u101", PrincipalProof.none());
        }
        List<Path> spelling;
        try (Stream<Path> files = Files.walk(f.index.root())) {
            spelling = files.filter(p -> p.getFileName().toString().endsWith(".fdt"))
                    .filter(p -> raw(p).contains("u101")).toList();
        }
        assertThat(spelling).as("the compressed bytes that spell u101").isNotEmpty();
        for (Path p : spelling) {
            String expanded = SearchFixture.scannable(p);
            assertThat(expanded).as("the values of " + p).doesNotContain("u101").contains("u100");
        }
        assertThat(SearchFixture.containing(f.storedBytes(), "u101")).as("files naming u101")
                .allSatisfy(p -> assertThat(p.getFileName().toString()).isIn("mal.log"));
    }

    @Test
    void aValueTheCompressionSpellsInNoByteIsFoundInAPlainSegment() throws Exception {
        Path index = write(dir.resolve("plain"), false);
        Map<Path, String> scanned = scan(index);
        Path fdt = scanned.keySet().stream().filter(p -> p.toString().endsWith(".fdt")).findFirst().orElseThrow();
        assertThat(raw(fdt)).as("the last secret-u101 is a back-reference and a literal").doesNotContain("secret-u101");
        assertThat(SearchFixture.containing(scanned, "secret-u101")).contains(fdt);
        assertThat(SearchFixture.containing(scanned, "deletedvalue")).as("a deleted document's value").contains(fdt);
    }

    @Test
    void aValueTheCompressionSpellsInNoByteIsFoundInACompoundFile() throws Exception {
        Path index = write(dir.resolve("compound"), true);
        Map<Path, String> scanned = scan(index);
        Path cfs = scanned.keySet().stream().filter(p -> p.toString().endsWith(".cfs")).findFirst().orElseThrow();
        assertThat(raw(cfs)).doesNotContain("secret-u101");
        assertThat(SearchFixture.containing(scanned, "secret-u101")).contains(cfs);
        assertThat(SearchFixture.containing(scanned, "deletedvalue")).contains(cfs);
    }

    /** One segment: a value the compression splits, and a deleted document. */
    private static Path write(Path index, boolean compound) throws Exception {
        try (FSDirectory d = FSDirectory.open(index);
             IndexWriter w = new IndexWriter(d, new IndexWriterConfig(new StandardAnalyzer())
                     .setUseCompoundFile(compound).setMergePolicy(noMerges(compound)))) {
            // LZ4 writes the first secret-u10 and then one back-reference for the rest: the last 1 follows an offset
            w.addDocument(document("1", "secret-u10".repeat(200) + "1"));
            w.addDocument(document("3", "deletedvalue"));
            w.commit();
            w.deleteDocuments(new Term("id", "3"));
            w.commit();
        }
        return index;
    }

    /** No merge (a merge would drop the deleted document), new segments compound or not. */
    private static MergePolicy noMerges(boolean compound) {
        return new FilterMergePolicy(NoMergePolicy.INSTANCE) {
            @Override
            public boolean useCompoundFile(SegmentInfos infos, SegmentCommitInfo segment, MergeContext context) {
                return compound;
            }
        };
    }

    private static Document document(String id, String value) {
        Document doc = new Document();
        doc.add(new StringField("id", id, Field.Store.YES));
        doc.add(new StoredField("value", value));
        return doc;
    }

    private static Map<Path, String> scan(Path index) throws Exception {
        Map<Path, String> scanned = new java.util.TreeMap<>();
        try (Stream<Path> files = Files.list(index)) {
            for (Path p : files.toList()) {
                scanned.put(p, SearchFixture.scannable(p));
            }
        }
        return scanned;
    }

    private static String raw(Path p) {
        return new String(SearchFixture.bytes(p), StandardCharsets.ISO_8859_1);
    }
}
