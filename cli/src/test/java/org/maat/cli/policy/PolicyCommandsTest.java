package org.maat.cli.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
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
    void deepNestingIsRefusedByCheckAndEvalWithItsPositionNotAStackTrace() throws IOException {
        Path p = write("deep.policy", "read :- " + "(".repeat(5_000) + "true" + ")".repeat(5_000) + ";\n");
        assertThat(run("check", p.toString())).isEqualTo(1);
        assertThat(run("eval", "--policy", p.toString(), "--owner", "a", "--as", "b")).isEqualTo(2);
        assertThat(err.toString().lines()).containsExactly(
                p + ":1:73: nested more than 64 levels deep (parentheses and 'not')",
                p + ":1:73: nested more than 64 levels deep (parentheses and 'not')");
    }

    @Test
    void aLongAndChainIsRefusedByCheckAndEvalNotACrashThatLooksLikeDeny() throws IOException {
        Path p = write("long.policy", "read :- " + String.join(" and ", Collections.nCopies(5_000, "true")) + ";\n");
        assertThat(run("check", p.toString())).isEqualTo(1);
        assertThat(run("eval", "--policy", p.toString(), "--owner", "a", "--as", "b")).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(2)
                .allSatisfy(line -> assertThat(line).startsWith(p + ":1:2313: more than 256 literals"));
    }

    @Test
    void aPolicyAtBothLimitsChecksAndEvaluatesOnASmallStack() throws Exception {
        // 256 literals, the deepest under 64 levels of 'not' (64 nested negations when evaluated): the
        // largest policy check accepts. Granted only when every literal holds, so the evaluation goes
        // through all of them.
        String deepest = "not ".repeat(org.maat.policy.lang.PolicyLimits.MAX_DEPTH) + "sKeyIs(this.owner)";
        String body = String.join(" and ", Collections.nCopies(127, "sKeyIs(K) and friend(this.owner, K)"))
                + " and " + deepest + " and sKeyIs(this.owner)";
        Path p = write("big.policy", "read :- " + body + ";\n");
        Path facts = write("f.facts", "friend(alice, alice).\n");
        assertThat(run("check", p.toString())).as(err.toString()).isZero();
        int[] exit = new int[2];
        Thread small = new Thread(null, () -> {
            exit[0] = run("eval", "--policy", p.toString(), "--owner", "alice", "--as", "alice", "--facts", facts.toString());
            exit[1] = run("eval", "--policy", p.toString(), "--owner", "alice", "--as", "bob", "--facts", facts.toString());
        }, "small-stack", 512 * 1024); // half the JVM's default thread stack
        small.start();
        small.join();
        assertThat(exit).containsExactly(0, 1);
    }

    @Test
    void twoRulesForOnePermissionAreRefusedNamingTheFirst() throws IOException {
        Path p = write("two.policy", "read :- sKeyIs(this.owner);\nread :- true;\n");
        assertThat(run("check", p.toString())).isEqualTo(1);
        assertThat(run("eval", "--policy", p.toString(), "--owner", "a", "--as", "b")).isEqualTo(2);
        assertThat(err.toString().lines()).hasSize(2).allSatisfy(line -> assertThat(line)
                .startsWith(p + ":2:1: a second 'read' rule (the first is on line 1)"));
        assertThat(out.toString()).doesNotContain("ALLOW");
    }

    @Test
    void factsWithVariablesNoArgumentsOrABuiltinNameAreBadInput() throws IOException {
        for (String bad : new String[] {"friend(X, bob).", "friend(alice, _x).", "friend().", "sKeyIs(dave)."}) {
            Path facts = write("bad.facts", "friend(alice, bob).\n  " + bad + "\n");
            assertThat(run("eval", "--template", "friends", "--owner", "alice", "--as", "bob",
                    "--facts", facts.toString())).as(bad).isEqualTo(2);
            assertThat(err.toString()).as(bad).contains(facts + ":2:");
            assertThat(out.toString()).as(bad).isEmpty();
        }
        Path quoted = write("quoted.facts", "friend(\"X\", bob).\nscore(bob, -3).\nscore(bob, 2.5).\n");
        assertThat(run("eval", "--template", "friends", "--owner", "X", "--as", "bob",
                "--facts", quoted.toString())).isZero();
    }

    @Test
    void anEmptyOrBlankPrincipalOrOwnerIsAUsageError() {
        for (String blank : new String[] {"", "  "}) {
            assertThat(run("eval", "--template", "public", "--owner", "alice", "--as", blank)).isEqualTo(2);
            assertThat(run("eval", "--template", "public", "--owner", blank, "--as", "bob")).isEqualTo(2);
        }
        assertThat(err.toString()).contains("--as must not be blank").contains("--owner must not be blank");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aPolicyThatCannotBeEvaluatedIsBadInputNotADenial() throws IOException {
        Path checked = write("time.policy", "read :- sTimeBefore(\"soon\");\n");
        assertThat(run("eval", "--policy", checked.toString(), "--owner", "alice", "--as", "bob")).isEqualTo(2);
        assertThat(err.toString()).contains(checked + ":1:21: \"soon\" is neither epoch milliseconds");
        Path field = write("field.policy", "read :- sTimeBefore(this.owner);\n");
        assertThat(run("eval", "--policy", field.toString(), "--owner", "alice", "--as", "bob")).isEqualTo(2);
        assertThat(err.toString()).contains(field + ": cannot evaluate: 'alice' is neither epoch milliseconds");
        assertThat(out.toString()).isEmpty();
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
