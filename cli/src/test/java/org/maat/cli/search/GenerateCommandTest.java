package org.maat.cli.search;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;

class GenerateCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return CommandHarness.run(new GenerateCommand(), out, err, args);
    }

    @Test
    void generatesASmallPopulationOnEuroparlByDefault() {
        Path data = dir.resolve("data");
        assertThat(run("--out", data.toString(), "--users", "200", "--blacklist", "100", "--quiet")).isZero();
        assertThat(out.toString()).contains("17,597 documents").contains("200 users with 12 friends");
        assertThat(DataDir.at(data).readManifest().documents()).isEqualTo(17_597);
        assertThat(out.toString()).contains("101 accounts");
        assertThat(org.maat.core.accounts.GeneratedLogins.read(DataDir.at(data))).hasSize(101);
    }

    @Test
    void accountsFlagChoosesHowManyUsersGetALoginAndRejectsANegativeCount() {
        String[] base = {"--corpus", "jsonl:" + corpusOfTwo(), "--users", "5", "--friends", "2", "--blacklist", "1",
            "--quiet", "--out"};
        assertThat(run(concat(base, dir.resolve("a").toString(), "--accounts", "2"))).isZero();
        assertThat(org.maat.core.accounts.GeneratedLogins.read(DataDir.at(dir.resolve("a"))))
                .extracting(org.maat.core.accounts.Login::user).containsExactly("u0", "u1", "e0");
        assertThat(run(concat(base, dir.resolve("b").toString(), "--accounts", "-1"))).isEqualTo(2);
        assertThat(err.toString()).contains("--accounts must not be negative");
    }

    private Path corpusOfTwo() {
        try {
            return Files.writeString(dir.resolve("two.jsonl"),
                    "{\"id\": 1, \"title\": \"a\", \"body\": \"b\"}\n{\"id\": 2, \"title\": \"c\", \"body\": \"d\"}\n");
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void badRecordsFailByDefaultAndAreReportedWhenSkipped() throws IOException {
        Path jsonl = Files.writeString(dir.resolve("c.jsonl"),
                "{\"id\": 1, \"title\": \"a\", \"body\": \"b\"}\n{broken\n{\"id\": 3, \"title\": \"c\", \"body\": \"d\"}\n");
        String[] base = {"--corpus", "jsonl:" + jsonl, "--users", "5", "--friends", "2", "--blacklist", "1",
            "--quiet", "--out"};
        assertThat(run(concat(base, dir.resolve("strict").toString()))).isEqualTo(2);
        assertThat(err.toString()).contains(jsonl + ":2: not one JSON object");
        assertThat(run(concat(base, dir.resolve("skip").toString(), "--on-bad-record", "skip"))).isZero();
        assertThat(err.toString()).contains("skipped bad record: " + jsonl + ":2:");
        assertThat(DataDir.at(dir.resolve("skip")).readManifest().documents()).isEqualTo(2);
    }

    @Test
    void everyKindOfBadJsonlLineIsReportedWithItsLineAndTheRestIsGenerated() throws IOException {
        Path jsonl = dir.resolve("bad.jsonl");
        try (java.io.OutputStream o = Files.newOutputStream(jsonl)) {
            o.write("{\"id\": 1, \"title\": \"a\", \"body\": \"b\"}\n".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            o.write(new byte[] {'{', '"', 'i', 'd', '"', ':', '2', ',', '"', 't', 'i', 't', 'l', 'e', '"', ':', '"',
                (byte) 0xE9, '"', ',', '"', 'b', 'o', 'd', 'y', '"', ':', '"', 'x', '"', '}', '\n'});
            o.write(("{\"id\": 3, \"title\": \"c\", \"body\": \"d\"} {\"id\": 4, \"title\": \"e\", \"body\": \"f\"}\n"
                    + "{\"title\": \"no id\", \"body\": \"g\"}\n"
                    + "{\"id\": 5, \"title\": \"h\", \"body\": \"i\"}\n").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        String[] base = {"--corpus", "jsonl:" + jsonl, "--users", "5", "--friends", "2", "--blacklist", "1",
            "--quiet", "--out"};
        assertThat(run(concat(base, dir.resolve("strict").toString()))).isEqualTo(2);
        assertThat(err.toString()).contains(jsonl + ":2: not UTF-8");
        assertThat(run(concat(base, dir.resolve("skip").toString(), "--on-bad-record", "skip"))).isZero();
        assertThat(err.toString()).contains("skipped bad record: " + jsonl + ":2: not UTF-8")
                .contains("skipped bad record: " + jsonl + ":3: not one JSON object")
                .contains("skipped bad record: " + jsonl + ":4: missing \"id\"");
        assertThat(DataDir.at(dir.resolve("skip")).readManifest().documents()).isEqualTo(2);
    }

    @Test
    void badFlagsAreUsageErrors() {
        assertThat(run("--out", dir.resolve("x").toString(), "--mix", "30/30/30")).isEqualTo(2);
        assertThat(err.toString()).contains("--mix must be three non-negative percentages");
        assertThat(run("--out", dir.resolve("y").toString(), "--users", "many")).isEqualTo(2);
        assertThat(run("--out", dir.resolve("z").toString(), "--corpus", "nope")).isEqualTo(2);
        assertThat(err.toString()).contains("unknown corpus 'nope'");
        assertThat(run()).isEqualTo(2);
        assertThat(err.toString()).contains("Missing required option: '--out=DIR'");
    }

    @Test
    void theGeneratorsBadSettingsAreNamedByTheirFlags() {
        assertThat(run("--out", dir.resolve("f").toString(), "--users", "5", "--friends", "5", "--quiet")).isEqualTo(2);
        assertThat(err.toString()).contains("--friends must be between 0 and --users - 1 (4), not 5");
        assertThat(run("--out", dir.resolve("m").toString(), "--employees", "0", "--mal-accesses", "3", "--quiet"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--mal-accesses needs at least one employee");
        assertThat(run("--corpus", "jsonl:" + corpusOfTwo(), "--users", "5", "--friends", "2", "--blacklist", "5",
                "--quiet", "--out", dir.resolve("b").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--blacklist 5 exceeds the corpus's 2 documents");
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
