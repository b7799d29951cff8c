package org.maat.encdb.sqllogictest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.maat.encdb.jdbc.MaatDriver;
import org.maat.keys.KeyFile;

/**
 * Runs every {@code *.test} script under a directory through plain H2 and through the encrypted layer
 * ({@link SltRunner}), each script on two fresh in-memory databases, and tallies records, identical answers,
 * refusals by kind and mismatches. Scripts may run several at a time ({@code jobs}); each has its own
 * databases, so the answers are those of running them one after the other.
 */
public final class SltCorpus {

    private SltCorpus() {
    }

    /** The tallies of every script under {@code dir}, at most {@code limit} records each; keys under {@code keyDir}. */
    public static List<SltTally> run(Path dir, int limit, Path keyDir, java.util.function.Consumer<String> progress)
            throws Exception {
        return run(dir, limit, keyDir, 1, progress);
    }

    /**
     * As {@link #run(Path, int, Path, java.util.function.Consumer)}, {@code jobs} scripts at a time. Scripts are
     * independent: each runs on its own two databases, so running several at once changes no answer; the
     * tallies come back in the scripts' order, {@code progress} hears of each as it ends.
     */
    public static List<SltTally> run(Path dir, int limit, Path keyDir, int jobs,
            java.util.function.Consumer<String> progress) throws Exception {
        if (jobs < 1) {
            throw new IllegalArgumentException("jobs must be at least 1, got " + jobs);
        }
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(p -> p.toString().endsWith(".test")).sorted().toList();
        }
        Path key = keyDir.resolve("slt.key");
        KeyFile.createIfAbsent(key); // once, before any script: parallel scripts only read it
        ExecutorService pool = Executors.newFixedThreadPool(jobs, task -> {
            Thread t = new Thread(task, "slt-script");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<SltTally>> running = new ArrayList<>();
            for (int n = 0; n < files.size(); n++) {
                Path f = files.get(n);
                int id = n;
                running.add(pool.submit(() -> {
                    SltTally t = runOne(dir.relativize(f).toString(), read(f), limit, key, id);
                    synchronized (progress) {
                        progress.accept(t.row());
                    }
                    return t;
                }));
            }
            List<SltTally> tallies = new ArrayList<>();
            for (Future<SltTally> r : running) {
                try {
                    tallies.add(r.get());
                } catch (ExecutionException e) {
                    throw e.getCause() instanceof Exception cause ? cause : e;
                }
            }
            return tallies;
        } finally {
            pool.shutdownNow();
        }
    }

    static SltTally runOne(String name, String text, int limit, Path key, int n) throws Exception {
        SltTally tally = new SltTally(name);
        String db = "slt" + n + "-" + System.nanoTime();
        try (Connection h2 = DriverManager.getConnection("jdbc:h2:mem:" + db + "-plain");
                Connection driver = MaatDriver.connect("jdbc:h2:mem:" + db + "-enc", KeyFile.createIfAbsent(key))) {
            new SltRunner(h2, driver, tally).run(SltScript.parse(name, text, "h2"), limit);
        }
        return tally;
    }

    private static String read(Path f) throws IOException {
        return Files.readString(f, java.nio.charset.StandardCharsets.ISO_8859_1);
    }

    /** {@code records / identical / refused / mismatches} over all tallies, one line. */
    public static String summary(List<SltTally> tallies) {
        int records = 0;
        int agrees = 0;
        int refused = 0;
        int mismatches = 0;
        int notRun = 0;
        for (SltTally t : tallies) {
            records += t.records;
            agrees += t.agrees;
            refused += t.refused();
            mismatches += t.mismatches.size();
            notRun += t.notRun;
        }
        return String.format(java.util.Locale.ROOT, "%d scripts, %d records: %d identical, %d refused (%.2f %%), "
                + "%d mismatches, %d not compared after a refused write", tallies.size(), records, agrees, refused,
                records == 0 ? 0.0 : 100.0 * refused / records, mismatches, notRun);
    }

    /** The Markdown table, refusals by kind and every mismatch. */
    public static String report(List<SltTally> tallies) {
        return SqlLogicTestSampleTest.report(tallies);
    }
}
