package org.maat.bench.serve;

import java.io.IOException;
import java.nio.file.Path;
import java.util.function.Consumer;
import org.maat.core.accounts.PasswordHasher;
import org.maat.core.conduit.ScanMode;
import org.maat.core.corpus.CorpusSpec;
import org.maat.core.corpus.FirstDocuments;
import org.maat.core.data.DataDir;
import org.maat.core.data.DirectoryTree;
import org.maat.core.data.Manifest;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.population.GenerationProgress;
import org.maat.core.population.PopulationGenerator;
import org.maat.core.population.PopulationSpec;
import org.maat.core.runtime.IndexRun;
import org.maat.core.task.Monitoring;

/**
 * The benchmark's data, generated from one corpus prefix and seed: the full mix (30/50/20, 1%
 * censored, MAL-protected documents, one employee) with its monitored index; a copy of that data
 * directory for the baseline's front-end (each front-end owns its directory's MAL log); and the
 * all-public data set (every document public, nothing censored) with its own index. Every user has a
 * login.
 */
public record BenchData(DataDir mix, DataDir baseline, DataDir allPublic, IndexLayout mixIndex, IndexLayout publicIndex,
                 Manifest manifest) {

    /**
     * Argon2id at 1 MiB and one pass: signing hundreds of benchmark sessions in should cost little next to the
     * searches measured. {@link PasswordHasher#standard()} is for deployments.
     */
    public static final PasswordHasher LIGHT_HASHER = new PasswordHasher(1024, 1, 1);

    static BenchData prepare(Path work, int documents, int users, int shards, long seed, PasswordHasher hasher,
                             Consumer<String> log) throws IOException {
        PopulationSpec mixSpec = mixSpec(documents, users, seed);
        PopulationSpec publicSpec = publicSpec(users, seed);

        DataDir mix = generate(work.resolve("data-mix"), mixSpec, documents, hasher, log);
        IndexLayout mixIndex = index(mix, work.resolve("index-mix"), shards, log);
        DataDir allPublic = generate(work.resolve("data-public"), publicSpec, documents, hasher, log);
        IndexLayout publicIndex = index(allPublic, work.resolve("index-public"), shards, log);
        DataDir baseline = DataDir.at(work.resolve("data-baseline"));
        DirectoryTree.copy(mix.root(), baseline.root());
        return new BenchData(mix, baseline, allPublic, mixIndex, publicIndex, mix.readManifest());
    }

    /**
     * The full mix of the search benchmarks (bench serve, JMeter's search-mix): 30/50/20 private/public/friends,
     * 1 % of documents censored in the blacklisting region, MAL-protected documents, one employee.
     */
    public static PopulationSpec mixSpec(int documents, int users, long seed) {
        int blacklist = Math.max(1, Math.min(2_250, documents / 20));
        return new PopulationSpec(users, friends(users), 30, 50, 20, 0.01, blacklist, 4, 1,
                Math.min(200, documents / 10), seed);
    }

    /** The all-public data set of the search benchmarks: every document public, nothing censored. */
    public static PopulationSpec publicSpec(int users, long seed) {
        return new PopulationSpec(users, friends(users), 0, 100, 0, 0.0, 0, 4, 1, 0, seed);
    }

    private static int friends(int users) {
        return Math.min(12, users - 1);
    }

    /** Generates {@code documents} europarl documents with {@code spec}'s population into {@code dir}. */
    public static DataDir generate(Path dir, PopulationSpec spec, int documents, PasswordHasher hasher,
                                   Consumer<String> log) throws IOException {
        log.accept("generating " + dir.getFileName() + ": " + documents + " europarl documents, " + spec.users() + " users, mix "
                + spec.privatePercent() + "/" + spec.publicPercent() + "/" + spec.friendsPercent());
        DataDir data = DataDir.at(dir);
        new PopulationGenerator(spec, spec.users(), hasher).generate(new FirstDocuments(CorpusSpec.parse("europarl", spec.seed()),
                documents), data, ScanMode.STRICT, bad -> { }, GenerationProgress.NONE);
        return data;
    }

    /** Indexes {@code data} into {@code shards} shards under the monitor. */
    public static IndexLayout index(DataDir data, Path dir, int shards, Consumer<String> log) throws IOException {
        log.accept("indexing " + data.root().getFileName() + " into " + shards + " shards under the monitor");
        IndexLayout layout = new IndexLayout(dir);
        IndexRun.standard().run(data, layout, shards, Monitoring.REFERENCE_MONITOR, n -> { });
        return layout;
    }
}
