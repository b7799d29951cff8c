package org.maat.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a log gets: commands run as bin/maat runs them (their own JVM through {@link Main}), standard
 * error to a file as in {@code bench erp 2> out.log} or a CI job. No carriage return and no bar frame
 * reaches the file; each phase is one line with its count, duration and rate; {@code --quiet} shows
 * nothing; an unknown command exits 2 whether or not {@code --help} follows it (its messages and
 * suggestions at every level are {@link UnknownCommandTest}'s).
 */
class ProgressInLogsIT {

    /** What progressbar draws: {@code 42% [====>    ] 105/250 rows (0:00:01 / 0:00:02)} in some form. */
    private static final Pattern BAR_FRAME = Pattern.compile("\\d+%|\\[[=> .]*\\]|\\d+:\\d\\d:\\d\\d");

    @TempDir
    Path dir;

    private record Result(int exit, String out, String err) {
    }

    private Result maat(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx384m", "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC",
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
                "-cp", System.getProperty("java.class.path"), Main.class.getName()));
        command.addAll(List.of(args));
        Path out = dir.resolve("out.log");
        Path err = dir.resolve("err.log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().remove(ProgressStyle.ENVIRONMENT); // the real terminal check, no override
        Process process = builder.start();
        try {
            assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("maat %s ended", String.join(" ", args)).isTrue();
        } finally {
            process.destroyForcibly();
        }
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    private static void assertNoBars(Result r) {
        assertThat(r.err()).doesNotContain("\r");
        assertThat(r.err().lines().filter(line -> BAR_FRAME.matcher(line).find())).as("bar frames in%n%s", r.err())
                .isEmpty();
    }

    @Test
    void erpLoadAndEncryptWriteOneLinePerPhaseToAFile() throws Exception {
        Path plain = dir.resolve("plain");
        Result load = maat("erp", "load", "--db", plain.toString(), "--employees", "200", "--seed", "7");
        Result encrypt = maat("erp", "encrypt", "--from", plain.toString(), "--to", dir.resolve("enc").toString(),
                "--threads", "2", "--batch", "50");

        assertThat(load.exit()).as(load.err()).isZero();
        assertThat(encrypt.exit()).as(encrypt.err()).isZero();
        assertNoBars(load);
        assertNoBars(encrypt);
        assertThat(load.err()).containsPattern("(?m)^load: [1-9][0-9,]* rows in [0-9]+\\.[0-9] s \\([0-9,]+ rows/s\\)$");
        assertThat(encrypt.err()).containsPattern("(?m)^encrypt: [1-9][0-9,]* rows in [0-9]+\\.[0-9] s \\([0-9,]+ rows/s\\)$");
        assertThat(encrypt.err().lines().filter(line -> line.startsWith("encrypt:"))).hasSize(1);
        assertThat(load.out() + encrypt.out()).as("results stay on standard output").contains("EMPLOYEES", "Encrypted");
    }

    @Test
    void benchErpLogsEveryPhaseAsOneLine() throws Exception {
        Result bench = maat("bench", "erp", "--employees", "100", "--threads", "1", "--seconds", "0.2", "--warmup", "0",
                "--queries", "Q7", "--encrypt-sizes", "100", "--encrypt-threads", "1", "--work", dir.resolve("erp").toString());

        assertThat(bench.exit()).as(bench.err()).isZero();
        assertNoBars(bench);
        assertThat(bench.err()).containsPattern("(?m)^load 100: [1-9][0-9,]* rows in [0-9]+\\.[0-9] s")
                .containsPattern("(?m)^encrypt 100: [1-9][0-9,]* rows in ")
                .containsPattern("(?m)^encrypt 100/1t: [1-9][0-9,]* rows in ");
        assertThat(bench.out()).contains("Bulk encryption");
    }

    @Test
    void generateWritesItsPhasesAndQuietWritesNone() throws Exception {
        Path corpus = Files.writeString(dir.resolve("two.jsonl"), "{\"id\":\"a\",\"title\":\"A\",\"body\":\"fishing quotas\"}\n"
                + "{\"id\":\"b\",\"title\":\"B\",\"body\":\"farm subsidies\"}\n");
        String[] common = {"generate", "--corpus", "jsonl:" + corpus, "--users", "5", "--friends", "2", "--blacklist", "1",
            "--accounts", "0", "--employees", "0", "--mal-accesses", "0"}; // no password to hash: seconds, not tens

        Result shown = maat(concat(common, "--out", dir.resolve("shown").toString()));
        Result quiet = maat(concat(common, "--out", dir.resolve("quiet").toString(), "--quiet"));

        assertThat(shown.exit()).as(shown.err()).isZero();
        assertNoBars(shown);
        assertThat(shown.err()).containsPattern("(?m)^documents: 2 docs in [0-9]+\\.[0-9] s")
                .containsPattern("(?m)^facts: [1-9][0-9,]* facts in [0-9]+\\.[0-9] s");
        assertThat(quiet.exit()).as(quiet.err()).isZero();
        assertThat(quiet.err()).doesNotContain("\r", "documents:", "facts:");
    }

    @Test
    void anUnknownCommandExitsTwoWithOrWithoutHelp() throws Exception {
        for (String[] args : List.of(new String[] {"nosuch", "--help"}, new String[] {"nosuch"},
                new String[] {"bench", "nosuch", "--help"})) {
            Result r = maat(args);

            assertThat(r.exit()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).as(String.join(" ", args)).startsWith("Unknown command 'nosuch'");
            assertThat(r.out()).as(String.join(" ", args)).isEmpty();
        }
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
