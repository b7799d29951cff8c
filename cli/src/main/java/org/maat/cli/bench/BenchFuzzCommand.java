package org.maat.cli.bench;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.maat.encdb.sqllogictest.SltCorpus;
import org.maat.encdb.sqllogictest.SltTally;
import org.maat.encdb.sqllogictest.SqlFuzzer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code maat bench fuzz}: the differential fuzzer, or a sqllogictest corpus, on plain H2 and the encrypted layer. */
@Command(name = "fuzz",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {"Differential testing of the encrypted layer (jdbc:maat:h2:) against plain H2.",
            "Without --corpus: random tables (every encrypted type, NULLs, duplicates, extremes) and random queries "
                + "(joins, subqueries, DISTINCT, GROUP BY/HAVING, ORDER BY/LIMIT, CASE, arithmetic, LIKE, window "
                + "functions, set operations) run on both for --seconds; every answer that differs is shrunk (fewer "
                + "rows, columns, tables, a simpler query) and printed as a reproduction: schema, rows, query, both "
                + "answers. Where H2 raises an error the layer must raise the same SQLState; a refusal (0A000) is "
                + "counted by kind, not as a mismatch.",
            "With --corpus DIR: runs every *.test sqllogictest script under DIR the same way and prints records, "
                + "identical, refused and mismatches."},
        footer = {"", "Examples:",
            "  maat bench fuzz --seconds 60 --seed 7",
            "  maat bench fuzz --corpus ~/sqllogictest/test --jobs 2",
            "", "Exit codes: 0 no mismatch, 3 mismatches found, 1 it could not run, 2 bad usage."})
public final class BenchFuzzCommand implements Callable<Integer> {

    @Option(names = "--seconds", paramLabel = "S", defaultValue = "60",
            description = "How long to generate queries (default: ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed of the random schemas and queries; one seed gives one sequence (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--corpus", paramLabel = "DIR",
            description = "Run the sqllogictest scripts (*.test) under DIR instead of random queries.")
    Path corpus;

    @Option(names = "--records", paramLabel = "N",
            description = "With --corpus: at most N records per script (default: all).")
    Integer records;

    @Option(names = "--jobs", paramLabel = "N", defaultValue = "1",
            description = "With --corpus: run N scripts at a time, each on its own databases (default: ${DEFAULT-VALUE}).")
    int jobs;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (seconds <= 0) {
            throw new ParameterException(spec.commandLine(), "--seconds must be positive");
        }
        if (jobs < 1) {
            throw new ParameterException(spec.commandLine(), "--jobs must be at least 1");
        }
        if (corpus != null && !Files.isDirectory(corpus)) {
            throw new ParameterException(spec.commandLine(), "--corpus " + corpus + ": not a directory");
        }
        Path keys = Files.createTempDirectory("maat-fuzz");
        try {
            if (corpus != null) {
                List<SltTally> tallies = SltCorpus.run(corpus, records == null ? Integer.MAX_VALUE : records, keys,
                        jobs, line -> System.err.println(line));
                out.println(SltCorpus.report(tallies));
                out.println(SltCorpus.summary(tallies));
                out.flush();
                return tallies.stream().anyMatch(t -> !t.mismatches.isEmpty()) ? 3 : 0;
            }
            SqlFuzzer.Report report = new SqlFuzzer(keys.resolve("fuzz.key")).run(seed, Integer.MAX_VALUE,
                    System.nanoTime() + seconds * 1_000_000_000L, m -> {
                        out.println("MISMATCH (shrunk)\n" + m + "\n");
                        out.flush();
                    });
            out.println(report.summary());
            out.println("refused by kind: " + report.refusals);
            out.flush();
            return report.mismatches.isEmpty() ? 0 : 3;
        } finally {
            try (var walk = Files.walk(keys)) {
                walk.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
