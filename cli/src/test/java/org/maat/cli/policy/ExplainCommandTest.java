package org.maat.cli.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.cli.Main;
import org.maat.cli.search.CommandHarness;
import org.maat.core.access.DocumentAccess;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.runtime.TestData;
import org.maat.policy.Conduit;

class ExplainCommandTest {

    @TempDir
    static Path dir;
    static DataDir data;
    static List<Conduit> documents;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void generate() throws IOException {
        data = TestData.generate(dir, 60, 19);
        try (DataSet set = DataSet.open(data); Stream<Conduit> all = set.policies().conduits()) {
            documents = all.filter(c -> c.id().matches("d[0-9]+")).toList();
        }
    }

    private int maat(String... args) {
        return CommandHarness.run(new Main(), out, err, args);
    }

    private static Conduit withTemplate(String template) {
        return documents.stream().filter(c -> c.attributes().get("template").startsWith(template + "+")).findFirst().orElseThrow();
    }

    @Test
    void theOwnerIsShownTheRuleAndLiteralsThatAllowTheirReadAndWhoElseMayRead() {
        Conduit doc = withTemplate("friends");
        // No region: a censored document is blocked only in a region, so its owner's read is allowed here.
        assertThat(maat("policy", "explain", "--data", data.root().toString(), "--doc", doc.id(), "--as", doc.owner()))
                .isZero();
        assertThat(out.toString())
                .startsWith(doc.id() + ": owner " + doc.owner() + ", policy friends")
                .contains("ALLOW read for session")
                .contains("sKeyIs(this.owner=\"" + doc.owner() + "\")")
                .contains("Who can read it:\n  the owner, " + doc.owner() + "\n  friends of " + doc.owner() + ": ");
        assertThat(err.toString()).isEmpty();
    }

    /** Adversarial: another user's unreadable document, one they may read, a missing id: one answer, one exit code. */
    @Test
    void aNonOwnerGetsTheSameRefusalWhetherTheDocumentExistsOrNot() {
        Conduit hidden = withTemplate("private");
        Conduit open = withTemplate("public");
        String asker = documents.stream().map(Conduit::owner)
                .filter(u -> !u.equals(hidden.owner()) && !u.equals(open.owner())).findFirst().orElseThrow();
        String refusal = "maat policy explain: " + DocumentAccess.NOT_EXPLAINED + System.lineSeparator();
        for (String id : List.of(hidden.id(), open.id(), "d999999", "nonsense")) {
            StringWriter o = new StringWriter();
            StringWriter e = new StringWriter();
            assertThat(CommandHarness.run(new Main(), o, e, "policy", "explain", "--data", data.root().toString(),
                    "--doc", id, "--as", asker)).as(id).isEqualTo(3);
            assertThat(o.toString()).as(id).isEmpty();
            assertThat(e.toString()).as(id).isEqualTo(refusal);
        }
    }

    @Test
    void helpDescribesTheOptionsAndABlankUserIsBadUsage() {
        assertThat(maat("policy", "explain", "--help")).isZero();
        assertThat(out.toString()).contains("--doc=ID").contains("--as=USER").contains("--region=R")
                .contains("Exit codes: 0 explained");
        assertThat(maat("policy", "explain", "--data", data.root().toString(), "--doc", "d1", "--as", " ")).isEqualTo(2);
        assertThat(err.toString()).contains("--as must not be blank");
    }
}
