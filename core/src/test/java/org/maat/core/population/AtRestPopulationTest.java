package org.maat.core.population;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.EncryptedChannel;
import org.maat.atrest.SwitchModel;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.atrest.cipher.Ciphers;
import org.maat.core.InvalidSettingException;
import org.maat.core.conduit.ScanMode;
import org.maat.core.corpus.CorpusSpec;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.runtime.TestData;
import org.maat.core.storage.RawFiles;
import org.maat.policy.Conduit;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.templates.PolicyTemplates;

/** A population whose templates require ciphers at rest, generated into an encrypted volume. */
class AtRestPopulationTest {

    @TempDir
    Path dir;

    private static final PopulationSpec SPEC = new PopulationSpec(40, 3, 30, 50, 20, 0.05, 10, 2, 1, 4, 17);
    private static final int DOCUMENTS = 600;

    /** Generates into {@code root}/docs-data; each body holds {@code probe-N-end} and some filler. */
    private DataDir generate(Path root, PopulationSpec spec) throws IOException {
        String lines = IntStream.range(0, DOCUMENTS)
                .mapToObj(i -> "{\"id\": \"src-" + i + "\", \"title\": \"Title " + i + "\", \"body\": \"probe-" + i
                        + "-end " + "filler ".repeat(i % 40) + "\"}")
                .collect(Collectors.joining("\n"));
        Path corpus = Files.writeString(dir.resolve("corpus-" + root.getFileName() + ".jsonl"), lines);
        DataDir data = DataDir.at(root);
        new PopulationGenerator(spec, 2, TestData.CHEAP_HASHER).generate(CorpusSpec.parse("jsonl:" + corpus, 1), data,
                ScanMode.STRICT, b -> { }, GenerationProgress.NONE);
        return data;
    }

    @Test
    void underSelectiveEachRecordIsSealedWithACipherItsTemplateAccepts() throws IOException {
        Path root = Files.createDirectories(dir.resolve("data"));
        AtRestVolume volume = AtRestVolume.create(root, Ciphers.CHACHA20, "file:" + dir.resolve("data.atrest.key"));
        volume.switchTo(Ciphers.CHACHA8, SwitchModel.SELECTIVE);
        DataDir data = generate(root, SPEC.withAtRest(PopulationSpec.parseAtRest("private=chacha20,mal=chacha20,public=chacha8")));

        Map<String, String> templates;
        try (DataSet set = DataSet.open(data)) {
            templates = set.policies().conduits().collect(Collectors.toMap(Conduit::id, c -> c.attributes().get("template")));
            assertThat(set.documents().scan()).toIterable().hasSize(DOCUMENTS);
        }
        Path segment = data.documents().resolve("segment-00000.dat");
        String plaintext;
        List<AtRestCipher> blocks;
        try (EncryptedChannel c = volume.open(segment, StandardOpenOption.READ)) {
            ByteBuffer all = ByteBuffer.allocate((int) c.size());
            while (all.hasRemaining() && c.read(all, all.position()) >= 0) {
                // positional reads until full
            }
            plaintext = new String(all.array(), StandardCharsets.ISO_8859_1);
            blocks = c.blockCiphers();
        }
        int strict = 0;
        int lenient = 0;
        for (int i = 0; i < DOCUMENTS; i++) {
            String probe = "probe-" + i + "-end";
            int at = plaintext.indexOf(probe);
            assertThat(at).as(probe).isNotNegative();
            String template = templates.get("d" + i);
            int required = template.startsWith("public") ? Ciphers.CHACHA8.strength() : Ciphers.CHACHA20.strength();
            for (int b = at / volume.blockSize(); b <= (at + probe.length() - 1) / volume.blockSize(); b++) {
                assertThat(blocks.get(b).strength()).as(probe + " of " + template + " in block " + b)
                        .isGreaterThanOrEqualTo(required);
            }
            if (template.startsWith("public")) {
                lenient++;
            } else {
                strict++;
            }
        }
        assertThat(strict).isPositive();
        assertThat(lenient).isPositive();
        // A 4 KiB block holds a dozen records, nearly always one non-public: no ChaCha8 block is expected here.
        assertThat(blocks).contains(Ciphers.CHACHA20);
        assertThat(RawFiles.contain(root.resolve("documents"), "probe-")).isFalse();

        // The indexer reads every document: each index file is sealed and labelled as the strongest policy requires.
        org.maat.core.lucene.IndexLayout index = TestData.index(data, root.resolve("index"), 2);
        try (org.maat.core.lucene.IndexLabels labels = org.maat.core.lucene.IndexLabels.open(index);
             var all = labels.all()) {
            List<Conduit> files = all.filter(c -> c.attributes().containsKey("file")).toList();
            assertThat(files).isNotEmpty().allSatisfy(c -> assertThat(c.attributes())
                    .containsEntry(org.maat.policy.lang.AtRestStrength.ATTRIBUTE, "chacha20"));
        }
        try (org.maat.core.runtime.SearchService search = org.maat.core.runtime.SearchService.open(data, index,
                org.maat.core.task.Monitoring.REFERENCE_MONITOR)) {
            assertThat(search.search(org.maat.policy.Session.of("u1", "r1"), "filler", 10)).isNotEmpty();
        }
    }

    @Test
    void requirementsAreAppendedToTheDeclassifyRulesAndAbsentOtherwise() throws IOException {
        DataDir plain = generate(dir.resolve("plain"), SPEC);
        DataDir required = generate(dir.resolve("required"), SPEC.withAtRest(Map.of("private", "chacha20", "mal", "chacha12")));
        try (DataSet p = DataSet.open(plain); DataSet r = DataSet.open(required)) {
            Map<String, String> plainTexts = texts(p);
            assertThat(plainTexts.values()).noneMatch(t -> t.contains("atRestAtLeast"));
            assertThat(plainTexts.keySet()).containsExactlyInAnyOrder("private+mal+censorship", "public+censorship",
                    "friends+mal+censorship");
            plainTexts.forEach((template, text) ->
                    assertThat(text).isEqualTo(org.maat.policy.lang.PolicyPrinter.print(PolicyTemplates.policy(template))));
            Map<String, String> requiredTexts = texts(r);
            assertThat(requiredTexts.get("public+censorship")).isEqualTo(plainTexts.get("public+censorship"));
            assertThat(requiredTexts.get("private+mal+censorship")).contains("atRestAtLeast(\"chacha20\")")
                    .doesNotContain("chacha12");
            assertThat(requiredTexts.get("friends+mal+censorship")).contains("and atRestAtLeast(\"chacha12\") until");
        }
    }

    private static Map<String, String> texts(DataSet set) {
        Map<PolicyId, String> policies = set.policies().policies();
        try (var conduits = set.policies().conduits()) {
            return conduits.filter(c -> c.attributes().containsKey("template"))
                    .collect(Collectors.toMap(c -> c.attributes().get("template"), c -> policies.get(c.policy()),
                            (a, b) -> a));
        }
    }

    @Test
    void aBadRequirementNamesTheSetting() {
        assertThatThrownBy(() -> SPEC.withAtRest(PopulationSpec.parseAtRest("private=chacha9")))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("chacha9");
        assertThatThrownBy(() -> SPEC.withAtRest(PopulationSpec.parseAtRest("secret=chacha20")))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("secret");
        assertThatThrownBy(() -> PopulationSpec.parseAtRest("private:chacha20"))
                .isInstanceOf(InvalidSettingException.class).hasMessageContaining("PART=CIPHER");
    }
}
