package org.maat.indexer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.Ciphers;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.storage.RawFiles;
import org.maat.core.task.Monitoring;
import org.maat.policy.Session;

/**
 * The MapReduce indexer (LocalJobRunner) over an encrypted data directory: mappers decrypt the conduit store,
 * reducers write encrypted shards, and every search answers as over the same data in plaintext indexed by the
 * sequential indexer.
 */
public class EncryptedMapReduceIT {

    private static final List<String> QUERIES = List.of("budget", "water climate", "parliament", "uniq17",
            "energy market", "vote report");

    @TempDir
    static Path dir;

    private static DataDir plain;
    private static IndexLayout plainSequential;
    private static Path root;
    private static DataDir encrypted;
    private static IndexLayout encryptedMapReduce;

    @BeforeAll
    static void indexBothWays() throws IOException {
        plain = TestData.generate(dir.resolve("plain"), 300, 61);
        plainSequential = TestData.index(plain, dir.resolve("plain/index"), 2);
        root = Files.createDirectories(dir.resolve("encrypted"));
        AtRestVolume.create(root, Ciphers.CHACHA12, "file:" + dir.resolve("encrypted.atrest.key"));
        encrypted = TestData.generate(root, 300, 61);
        encryptedMapReduce = new IndexLayout(root.resolve("index"));
        MapReduceIndexing.run(encrypted, encryptedMapReduce, 2, 2, Monitoring.REFERENCE_MONITOR, n -> { });
    }

    @Test
    void searchesAnswerAsOverThePlaintextSequentialIndex() throws IOException {
        Map<String, List<String>> expected = topTens(plain, plainSequential);
        assertThat(topTens(encrypted, encryptedMapReduce)).isEqualTo(expected);
        assertThat(expected.values().stream().filter(ids -> !ids.isEmpty()).count()).isGreaterThan(20);
    }

    @Test
    void neitherTheStoreNorTheShardsHoldCorpusTextOnDisk() throws IOException {
        assertThat(AtRestVolume.isEncrypted(encrypted.documents().resolve("segment-00000.dat"))).isTrue();
        assertThat(RawFiles.contain(encrypted.documents(), "uniq17")).isFalse();
        assertThat(RawFiles.contain(plain.documents(), "uniq17")).as("the probe is found where it is plaintext").isTrue();
        // Terms sharing a prefix are stored by suffix: probe with every word of the vocabulary. "tax" is three
        // bytes, in this much ciphertext by chance about once in 200 runs: a word fails the scan when found more
        // often than chance allows (for words of five letters or more, once; "tax" four times, "vote" twice).
        long inPlaintext = 0;
        for (String word : TestData.VOCABULARY) {
            assertThat(RawFiles.containBeyondChance(encryptedMapReduce.root(), word)).as(word).isFalse();
            inPlaintext += RawFiles.contain(plainSequential.root(), word) ? 1 : 0;
        }
        assertThat(inPlaintext).as("vocabulary words found in the plaintext index").isPositive();
    }

    private static Map<String, List<String>> topTens(DataDir data, IndexLayout layout) throws IOException {
        Map<String, List<String>> results = new LinkedHashMap<>();
        try (SearchService service = SearchService.open(data, layout, Monitoring.REFERENCE_MONITOR)) {
            for (String user : List.of("u0", "u3", "u12")) {
                for (String region : List.of("r0", "r1")) {
                    Session session = Session.of(user, region);
                    for (String query : QUERIES) {
                        results.put(query + " as " + session, service.search(session, query, 10));
                    }
                }
            }
        }
        return results;
    }
}
