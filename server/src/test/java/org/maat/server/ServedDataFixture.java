package org.maat.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.maat.core.accounts.PasswordHasher;
import org.maat.core.conduit.ScanMode;
import org.maat.core.corpus.CorpusSpec;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.population.GenerationProgress;
import org.maat.core.population.PopulationGenerator;
import org.maat.core.population.PopulationSpec;
import org.maat.core.runtime.IndexRun;
import org.maat.core.task.Monitoring;

/**
 * A small real data directory and monitored 2-shard index for the server's tests: a JSONL corpus
 * over a small vocabulary plus a unique word {@code uniq<N>} in document {@code d<N>}, a population
 * from the real generator (30 users, 30/50/20, censorship, one employee with MAL entries).
 */
public record ServedDataFixture(DataDir data, IndexLayout index) {

    public static final List<String> VOCABULARY = List.of("parliament", "budget", "fishing", "council", "energy",
            "treaty", "farmers", "water", "transport", "rights", "market", "tax");
    public static final PopulationSpec SPEC = new PopulationSpec(30, 3, 30, 50, 20, 0.10, 20, 2, 1, 8, 7);

    public static ServedDataFixture generate(Path dir, int documents) throws IOException {
        Random random = new Random(3);
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < documents; i++) {
            StringBuilder body = new StringBuilder();
            for (int w = 0; w < 12; w++) {
                body.append(VOCABULARY.get(random.nextInt(VOCABULARY.size()))).append(' ');
            }
            body.append("uniq").append(i);
            lines.append("{\"id\": \"src-").append(i).append("\", \"title\": \"Debate ").append(i)
                    .append("\", \"body\": \"").append(body).append(".\"}\n");
        }
        Files.createDirectories(dir);
        Path corpus = Files.writeString(dir.resolve("corpus.jsonl"), lines);
        DataDir data = DataDir.at(dir.resolve("data"));
        new PopulationGenerator(SPEC, SPEC.users(), new PasswordHasher(64, 1, 1)).generate(CorpusSpec.parse("jsonl:" + corpus, 3), data, ScanMode.STRICT,
                bad -> { }, GenerationProgress.NONE);
        IndexLayout index = new IndexLayout(dir.resolve("index"));
        IndexRun.standard().run(data, index, 2, Monitoring.REFERENCE_MONITOR, n -> { });
        return new ServedDataFixture(data, index);
    }

    /** A small WAR of test servlets ({@link TestWars}). */
    public static Path war(Path file, Class<?>... servlets) throws IOException {
        return TestWars.build(file, servlets);
    }
}
