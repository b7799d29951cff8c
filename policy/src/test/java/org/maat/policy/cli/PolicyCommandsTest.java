package org.maat.policy.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class PolicyCommandsTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cl = new CommandLine(new PolicyCommand());
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void checkPrintsTheCanonicalFormOfAValidPolicy() throws IOException {
        Path p = write("ok.policy", "read:-sKeyIs(this.owner)   or(sKeyIs(K)and friend(this.owner,K));");
        assertThat(run("check", p.toString())).isZero();
        assertThat(out.toString()).contains("read :- sKeyIs(this.owner) or sKeyIs(K) and friend(this.owner, K);");
    }

    @Test
    void checkReportsSyntaxAndStaticErrorsAsFileLineColumn() throws IOException {
        Path bad = write("bad.policy", "read :- sKeyIs(this.owner)\nupdate :- true;");
        Path unsafe = write("unsafe.policy", "\n  read :- not friend(this.owner, K);");
        assertThat(run("check", bad.toString(), unsafe.toString())).isEqualTo(1);
        assertThat(err.toString())
                .contains(bad + ":2:1: unexpected 'update', expected")
                .contains(unsafe + ":2:11: unsafe negation: variable K");
    }

    @Test
    void evalAllowsFriendOfFriendAndExitsZero() throws IOException {
        Path facts = write("f.facts", "# friends\nfriend(alice, bob).\nfriend(bob, carol).\n");
        assertThat(run("eval", "--template", "fof", "--owner", "alice", "--as", "carol",
                "--facts", facts.toString())).isZero();
        assertThat(out.toString()).startsWith("ALLOW read of doc-1");
    }

    @Test
    void evalDeniesWithExplanationAndExitsOne() throws IOException {
        Path facts = write("f.facts", "employee(erin).\n");
        assertThat(run("eval", "--template", "mal", "--owner", "alice", "--as", "erin",
                "--facts", facts.toString())).isEqualTo(1);
        assertThat(out.toString()).startsWith("DENY read of doc-1")
                .contains("logged(K=\"erin\", this.id=\"doc-1\") is not a fact");
    }

    @Test
    void evalOfCensoredDocumentDependsOnRegion() throws IOException {
        Path facts = write("f.facts", "blocked(cn, doc-9).\n");
        String[] base = {"eval", "--template", "public+censorship", "--owner", "alice", "--as", "dave",
            "--id", "doc-9", "--facts", facts.toString(), "--region"};
        assertThat(run(concat(base, "cn"))).isEqualTo(1);
        assertThat(run(concat(base, "eu"))).isZero();
    }

    @Test
    void evalOfUpdateUsesTheUpdateRule() {
        assertThat(run("eval", "--template", "private", "--owner", "alice", "--as", "alice",
                "--op", "update")).isZero();
        assertThat(run("eval", "--template", "private", "--owner", "alice", "--as", "bob",
                "--op", "update")).isEqualTo(1);
    }

    @Test
    void malformedFactsLineIsBadInputNamingTheLine() throws IOException {
        Path facts = write("f.facts", "friend(alice, bob).\nfriend(alice bob).\n");
        assertThat(run("eval", "--template", "friends", "--owner", "alice", "--as", "bob",
                "--facts", facts.toString())).isEqualTo(2);
        assertThat(err.toString()).contains(facts + ":2:");
    }

    @Test
    void malformedPolicyFileIsBadInput() throws IOException {
        Path p = write("p.policy", "read :- sKeyIs(;");
        assertThat(run("eval", "--policy", p.toString(), "--owner", "a", "--as", "b")).isEqualTo(2);
        assertThat(err.toString()).contains(p + ":1:16: unexpected ';'");
    }

    @Test
    void missingFilesAndBadFlagsAreUsageErrors() {
        assertThat(run("eval", "--policy", dir.resolve("none").toString(), "--owner", "a", "--as", "b"))
                .isEqualTo(2);
        assertThat(err.toString()).contains(dir.resolve("none") + ": cannot read: no such file or directory");
        assertThat(run("eval", "--template", "public", "--owner", "a")).isEqualTo(2);
        assertThat(run("check", "--nope", "x")).isEqualTo(2);
        assertThat(run("eval", "--template", "nope", "--owner", "a", "--as", "b")).isEqualTo(2);
    }

    private static String[] concat(String[] a, String b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + 1);
        out[a.length] = b;
        return out;
    }
}
