package org.maat.cli.policy;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.mal.MalLog;
import picocli.CommandLine;

class LogCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = new CommandLine(new LogCommand());
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private Path log() {
        return dir.resolve("reads.mal");
    }

    @Test
    void appendCreatesTheLogAndPrintsSequenceAndHash() throws IOException {
        assertThat(run("append", log().toString(), "--principal", "alice", "--conduit", "doc-1",
                "--reason", "case 12\nsecond line")).isZero();
        assertThat(run("append", log().toString(), "--principal", "bob", "--conduit", "doc-2",
                "--reason", "audit")).isZero();

        String head = MalLog.verify(log()).headHash();
        assertThat(out.toString().lines()).hasSize(2).last().isEqualTo("1 " + head);
        assertThat(out.toString()).startsWith("0 ");
        try (MalLog reopened = MalLog.open(log())) {
            assertThat(reopened.entries().get(0).reason()).isEqualTo("case 12\nsecond line");
        }
    }

    @Test
    void verifyOfAnIntactLogPrintsOkWithEntryCountAndHeadAndExitsZero() throws IOException {
        String head;
        try (MalLog created = MalLog.open(log())) {
            created.append("alice", "doc-1", "r");
            head = created.append("alice", "doc-2", "r").hash();
        }

        assertThat(run("verify", log().toString())).isZero();
        assertThat(out.toString()).isEqualTo("OK: 2 entries, head " + head + System.lineSeparator());
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void verifyOfATamperedLogPrintsTheFirstBadLineToStderrAndExitsOne() throws IOException {
        try (MalLog created = MalLog.open(log())) {
            created.append("alice", "doc-1", "r");
            created.append("alice", "doc-2", "r");
            created.append("alice", "doc-3", "r");
        }
        Files.writeString(log(), Files.readString(log(), UTF_8).replace("doc-2", "doc-9"), UTF_8);

        assertThat(run("verify", log().toString())).isEqualTo(1);
        assertThat(err.toString()).startsWith(log() + ":2: bad hash");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void appendToAnAlteredLogIsRefusedAndExitsOne() throws IOException {
        try (MalLog created = MalLog.open(log())) {
            created.append("alice", "doc-1", "r");
            created.append("alice", "doc-2", "r");
        }
        String altered = Files.readString(log(), UTF_8).replace("doc-1", "doc-9");
        Files.writeString(log(), altered, UTF_8);

        assertThat(run("append", log().toString(), "--principal", "k", "--conduit", "d", "--reason", "r"))
                .isEqualTo(1);
        assertThat(err.toString()).contains(log() + ":1: bad hash");
        assertThat(Files.readString(log(), UTF_8)).isEqualTo(altered);
    }

    @Test
    void appendToALogWhoseLastEntryWasAlteredIsRefusedAndLeavesItAsItIs() throws IOException {
        try (MalLog created = MalLog.open(log())) {
            created.append("alice", "doc-1", "r");
            created.append("alice", "doc-2", "r");
        }
        String altered = Files.readString(log(), UTF_8).replace("doc-2", "doc-9");
        Files.writeString(log(), altered, UTF_8);

        assertThat(run("append", log().toString(), "--principal", "k", "--conduit", "d", "--reason", "r"))
                .isEqualTo(1);
        assertThat(run("verify", log().toString())).isEqualTo(1);
        assertThat(err.toString().lines()).hasSize(2).allSatisfy(line -> assertThat(line)
                .startsWith(log() + ":2: bad hash"));
        assertThat(Files.readString(log(), UTF_8)).isEqualTo(altered);
    }

    @Test
    void verifyReportsAnUnterminatedLastLineWithoutFailingAndAppendRemovesIt() throws IOException {
        try (MalLog created = MalLog.open(log())) {
            created.append("alice", "doc-1", "r");
        }
        Files.writeString(log(), "1\t17", UTF_8, java.nio.file.StandardOpenOption.APPEND);
        long torn = Files.size(log());

        assertThat(run("verify", log().toString())).isZero();
        assertThat(out.toString()).startsWith("OK: 1 entry, head ");
        assertThat(err.toString()).startsWith(log() + ":2: torn tail").contains("the next append removes it");
        assertThat(Files.size(log())).isEqualTo(torn);
        assertThat(run("append", log().toString(), "--principal", "k", "--conduit", "d", "--reason", "r")).isZero();
        assertThat(MalLog.verify(log()).describe()).startsWith("OK: 2 entries");
    }

    @Test
    void aBlankPrincipalOrConduitIsAUsageErrorAndWritesNothing() {
        assertThat(run("append", log().toString(), "--principal", "", "--conduit", "d", "--reason", "r")).isEqualTo(2);
        assertThat(run("append", log().toString(), "--principal", "k", "--conduit", " ", "--reason", "r")).isEqualTo(2);
        assertThat(err.toString()).contains("must not be blank");
        assertThat(log()).doesNotExist();
    }

    @Test
    void verifyOfAMissingFileExitsTwo() {
        assertThat(run("verify", dir.resolve("absent.mal").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("absent.mal: no such file");
    }

    @Test
    void appendWithoutPrincipalPrintsUsageAndExitsTwo() {
        assertThat(run("append", log().toString(), "--conduit", "doc-1", "--reason", "r")).isEqualTo(2);
        assertThat(err.toString()).contains("Missing required option: '--principal=K'").contains("Usage: log append");
        assertThat(log()).doesNotExist();
    }

    @Test
    void unknownFlagPrintsUsageAndExitsTwo() {
        assertThat(run("verify", "--frobnicate", log().toString())).isEqualTo(2);
        assertThat(err.toString()).contains("Unknown option: '--frobnicate'").contains("Usage: log verify");
    }

    @Test
    void missingSubcommandPrintsUsageAndExitsTwo() {
        assertThat(run()).isEqualTo(2);
        assertThat(err.toString()).contains("Missing subcommand").contains("verify").contains("append");
    }

    @Test
    void helpListsBothSubcommandsAndExitsZero() {
        assertThat(run("--help")).isZero();
        assertThat(out.toString()).contains("Usage: log").contains("verify").contains("append")
                .contains("Exit codes");
    }
}
