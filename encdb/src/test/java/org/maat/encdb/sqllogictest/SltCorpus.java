package org.maat.encdb.sqllogictest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.maat.encdb.jdbc.MaatDriver;
import org.maat.keys.KeyFile;

/**
 * Runs every {@code *.test} script under a directory through plain H2 and through the encrypted layer
 * ({@link SltRunner}), each script on two fresh in-memory databases, and tallies records, identical answers,
 * refusals by kind and mismatches.
 */
public final class SltCorpus {

    private SltCorpus() {
    }

    /** The tallies of every script under {@code dir}, at most {@code limit} records each; keys under {@code keyDir}. */
    public static List<SltTally> run(Path dir, int limit, Path keyDir, java.util.function.Consumer<String> progress)
            throws Exception {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(dir)) {
            files = walk.filter(p -> p.toString().endsWith(".test")).sorted().toList();
        }
        List<SltTally> tallies = new ArrayList<>();
        int n = 0;
        for (Path f : files) {
            tallies.add(runOne(dir.relativize(f).toString(), read(f), limit, keyDir.resolve("slt.key"), n++));
            progress.accept(tallies.get(tallies.size() - 1).row());
        }
        return tallies;
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
