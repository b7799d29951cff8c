package org.maat.bench.atrest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.maat.atrest.AtRestVolume;
import org.maat.atrest.cipher.AtRestCipher;
import org.maat.bench.index.IndexBenchmark;
import org.maat.bench.search.SearchBenchmark;
import org.maat.bench.serve.BenchData;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.task.Monitoring;

/**
 * The cost of encryption at rest on Maat's own work: the same europarl prefix and population generated twice, once
 * plaintext and once into an encrypted volume, then {@code bench index}'s and {@code bench search}'s code run on
 * both in one process (the encrypted index built inside the encrypted data directory, so it lies in the volume).
 * Indexing is the monitored run's median wall time; search the monitored mix's throughput, measured plaintext,
 * encrypted, plaintext, encrypted (one pass each when quick), so that drift of the machine falls on both.
 */
public final class IndexCost {

    /** What to generate and how long to measure. */
    public record Options(int documents, int users, int indexRuns, int queries, int rounds, int searchPasses,
            AtRestCipher cipher, long seed) {
    }

    /**
     * @param encryptedFiles files of the encrypted data's conduit store that start with the volume's header, of
     *        {@code storeFiles} non-empty ones (lock files are empty): proof that the encrypted run read encrypted files
     */
    public record Result(int documents, String cipher, double indexPlainSeconds, double indexEncryptedSeconds,
            double searchPlainPerSecond, double searchEncryptedPerSecond, long encryptedFiles, long storeFiles) {

        double indexRatio() {
            return indexEncryptedSeconds / indexPlainSeconds;
        }

        /** Encrypted search throughput as a fraction of plaintext (the goal: at least 0.95). */
        double searchRatio() {
            return searchEncryptedPerSecond / searchPlainPerSecond;
        }
    }

    private final Options options;
    private final Path work;
    private final Consumer<String> log;

    IndexCost(Options options, Path work, Consumer<String> log) {
        this.options = options;
        this.work = work;
        this.log = log;
    }

    Result run() throws Exception {
        var spec = BenchData.mixSpec(options.documents(), options.users(), options.seed());
        DataDir plain = BenchData.generate(work.resolve("plain"), spec, options.documents(), BenchData.LIGHT_HASHER, log);
        Path encryptedRoot = Files.createDirectories(work.resolve("encrypted"));
        AtRestVolume.create(encryptedRoot, options.cipher(), "file:" + work.resolve("encrypted.atrest.key"));
        DataDir encrypted = BenchData.generate(encryptedRoot, spec, options.documents(), BenchData.LIGHT_HASHER, log);
        long[] files = countEncrypted(encrypted.documents());

        log.accept("bench index: plaintext");
        double indexPlain = new IndexBenchmark(plain, work.resolve("plain-scratch"), 1, options.indexRuns())
                .run(line -> { }).policyMedianSeconds();
        log.accept("bench index: encrypted (" + options.cipher().name() + ")");
        double indexEncrypted = new IndexBenchmark(encrypted, encryptedRoot.resolve("index-scratch"), 1,
                options.indexRuns()).run(line -> { }).policyMedianSeconds();

        IndexLayout plainIndex = BenchData.index(plain, work.resolve("plain-index"), 1, log);
        IndexLayout encryptedIndex = BenchData.index(encrypted, encryptedRoot.resolve("index"), 1, log);
        double plainRate = 0;
        double encryptedRate = 0;
        for (int pass = 0; pass < options.searchPasses(); pass++) {
            plainRate += searchRate(plain, plainIndex);
            encryptedRate += searchRate(encrypted, encryptedIndex);
        }
        return new Result(options.documents(), options.cipher().name(), indexPlain, indexEncrypted,
                plainRate / options.searchPasses(), encryptedRate / options.searchPasses(), files[0], files[1]);
    }

    private double searchRate(DataDir data, IndexLayout index) throws Exception {
        try (SearchService service = SearchService.open(data, index, Monitoring.REFERENCE_MONITOR)) {
            Map<String, SearchBenchmark.Measurement> results = new SearchBenchmark(service, data.readManifest(), 1,
                    options.queries(), 10, options.seed()).run(options.rounds(), line -> { });
            return results.get("mix").throughput();
        }
    }

    /** {encrypted files, all non-empty files} under {@code dir}. */
    private static long[] countEncrypted(Path dir) throws IOException {
        long encrypted = 0;
        long all = 0;
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) walk.filter(Files::isRegularFile)::iterator) {
                if (Files.size(p) == 0) {
                    continue; // a lock file: nothing to protect
                }
                all++;
                if (AtRestVolume.isEncrypted(p)) {
                    encrypted++;
                }
            }
        }
        return new long[] {encrypted, all};
    }
}
