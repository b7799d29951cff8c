package org.maat.core.runtime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.maat.core.accounts.PasswordHasher;
import org.maat.core.conduit.ScanMode;
import org.maat.core.corpus.CorpusSpec;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.population.GenerationProgress;
import org.maat.core.population.PopulationGenerator;
import org.maat.core.population.PopulationSpec;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;

/**
 * A small real data directory for tests: a JSONL corpus whose bodies draw from a small vocabulary
 * (so queries match many documents) plus one unique word per document ({@code uniq<N>} in
 * document {@code d<N>}), and a population from the real generator.
 */
public final class TestData {

    /**
     * Argon2id at the smallest legal cost: at OWASP's cost ({@link PasswordHasher#standard()}) a generated
     * data directory spends seconds hashing its accounts' passwords, and test logins need not resist guessing.
     */
    public static final PasswordHasher CHEAP_HASHER = new PasswordHasher(64, 1, 1);

    public static final List<String> VOCABULARY = List.of("parliament", "budget", "fishing", "council",
            "energy", "treaty", "farmers", "water", "transport", "rights", "market", "tax", "safety", "vote",
            "committee", "report", "agriculture", "health", "climate", "trade");

    /** 30 users, 3 friends each, 30/50/20, 10% censored, 20 blacklisted in r0, 2 regions, 1 employee with 8 MAL entries. */
    public static final PopulationSpec SPEC = new PopulationSpec(30, 3, 30, 50, 20, 0.10, 20, 2, 1, 8, 7);

    private TestData() {
    }

    /** Generates {@code documents} documents into {@code dir}/data. */
    public static DataDir generate(Path dir, int documents, long seed) throws IOException {
        return generate(dir, documents, seed, SPEC);
    }

    public static DataDir generate(Path dir, int documents, long seed, PopulationSpec spec) throws IOException {
        return generate(dir, documents, seed, spec, PopulationGenerator.DEFAULT_ACCOUNTS);
    }

    /** As {@link #generate(Path, int, long, PopulationSpec)}, giving accounts to users {@code u0 .. u(accounts-1)} only. */
    public static DataDir generate(Path dir, int documents, long seed, PopulationSpec spec, int accounts)
            throws IOException {
        Random random = new Random(seed);
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < documents; i++) {
            List<String> words = new ArrayList<>();
            for (int w = 0; w < 12; w++) {
                words.add(VOCABULARY.get((int) Math.floor(Math.pow(random.nextDouble(), 2) * VOCABULARY.size())));
            }
            words.add("uniq" + i);
            lines.append("{\"id\": \"src-").append(i).append("\", \"title\": \"Debate on ")
                    .append(words.get(0)).append(' ').append(i).append("\", \"body\": \"")
                    .append(String.join(" ", words)).append(".\"}\n");
        }
        Files.createDirectories(dir);
        Path corpus = Files.writeString(dir.resolve("corpus-" + seed + ".jsonl"), lines);
        DataDir data = DataDir.at(dir.resolve("data-" + seed));
        new PopulationGenerator(spec, accounts, CHEAP_HASHER).generate(CorpusSpec.parse("jsonl:" + corpus, seed), data, ScanMode.STRICT,
                bad -> { }, GenerationProgress.NONE);
        return data;
    }

    /** Builds a monitored index of {@code data} into {@code out} with the standard indexer. */
    public static IndexLayout index(DataDir data, Path out, int shards) throws IOException {
        IndexLayout layout = new IndexLayout(out);
        IndexRun.standard().run(data, layout, shards, Monitoring.REFERENCE_MONITOR, n -> { });
        return layout;
    }

    /** Builds a plain-Lucene index of {@code data} into {@code out}. */
    public static IndexLayout indexPlain(DataDir data, Path out, int shards) throws IOException {
        IndexLayout layout = new IndexLayout(out);
        IndexRun.standard().run(data, layout, shards, Monitoring.NONE, n -> { });
        return layout;
    }

    /** Every document conduit of the data set. */
    public static List<Conduit> conduits(DataSet data) {
        try (Stream<Conduit> all = data.policies().conduits()) {
            return all.toList();
        }
    }
}
