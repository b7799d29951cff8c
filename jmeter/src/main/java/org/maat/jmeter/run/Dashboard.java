package org.maat.jmeter.run;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * JMeter's own HTML dashboard over every series of a run: the series' CSVs are concatenated into
 * {@code merged.csv} in the run directory (one header; all were written with the same settings), then
 * {@code jmeter -g merged.csv -o DIR} generates the dashboard into a fresh {@code DIR}, and the merged copy
 * is deleted again.
 */
public final class Dashboard {

    private static final long MINUTES = 10;

    private Dashboard() {
    }

    /** Generates the dashboard of {@code csvs} into {@code out} (replaced if it exists). */
    public static void generate(JMeterInstallation jmeter, Path runDir, List<Path> csvs, Path out)
            throws IOException, InterruptedException {
        Path merged = merge(runDir.resolve("merged.csv"), csvs);
        org.maat.core.data.DirectoryTree.delete(out);
        Files.createDirectories(out.toAbsolutePath().getParent());
        Path logs = runDir.resolve("logs");
        Files.createDirectories(logs);
        Path prefs = runDir.resolve(".jmeter-prefs").toAbsolutePath();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx768m",
                "-Djava.util.prefs.userRoot=" + prefs, "-Djava.util.prefs.systemRoot=" + prefs,
                "-jar", jmeter.jar().toString(), "-g", merged.toAbsolutePath().toString(),
                "-o", out.toAbsolutePath().toString(), "-j", logs.resolve("dashboard.log").toAbsolutePath().toString(),
                // One-second points: the quick runs last seconds, the default minute would show one point.
                "-Jjmeter.reportgenerator.overall_granularity=1000",
                "-Jjmeterengine.force.system.exit=true"));
        Process p = new ProcessBuilder(command).directory(runDir.toFile()).redirectErrorStream(true)
                .redirectOutput(logs.resolve("dashboard.out").toFile()).start();
        try {
            if (!p.waitFor(MINUTES, TimeUnit.MINUTES)) {
                throw new IOException("JMeter's dashboard took over " + MINUTES + " minutes; stopped");
            }
            if (p.exitValue() != 0 || !Files.isRegularFile(out.resolve("index.html"))) {
                throw new IOException("JMeter's dashboard generation failed (exit " + p.exitValue() + "; see "
                        + logs.resolve("dashboard.out") + ")");
            }
            Files.delete(merged); // a copy of the series' CSVs, as large as all of them together
        } finally {
            if (p.isAlive()) {
                p.destroyForcibly();
            }
        }
    }

    static Path merge(Path merged, List<Path> csvs) throws IOException {
        String header = null;
        try (BufferedWriter out = Files.newBufferedWriter(merged, StandardCharsets.UTF_8)) {
            for (Path csv : csvs) {
                try (BufferedReader in = Files.newBufferedReader(csv, StandardCharsets.UTF_8)) {
                    String first = in.readLine();
                    if (first == null) {
                        continue;
                    }
                    if (header == null) {
                        header = first;
                        out.write(header);
                        out.newLine();
                    } else if (!header.equals(first)) {
                        throw new IOException(csv + ": its columns differ from the first CSV's; cannot merge");
                    }
                    in.transferTo(out);
                }
            }
        }
        if (header == null) {
            throw new IOException("no samples to make a dashboard of: every CSV of the run is empty");
        }
        return merged;
    }
}
