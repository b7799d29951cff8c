package org.maat.policy.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.maat.policy.Conduit;
import org.maat.policy.PolicyWorld;
import org.maat.policy.Session;
import org.maat.policy.lang.AtRestStrength;
import org.maat.policy.lang.PolicyChecker;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.PolicyParser;
import org.maat.policy.lang.PolicyProblem;

/** {@code atRestAtLeast}: what the monitor requires of the cipher a file at rest is sealed with. */
class AtRestRequirementTest {

    private static final String PRIVATE_AT_REST = "read :- sKeyIs(this.owner);\n"
            + "declassify :- isAsRestrictive(dest.read, this.read) and atRestAtLeast(\"chacha20\") until ONLY_CND_IDS+;";

    private final PolicyWorld world = new PolicyWorld();
    private final Session indexer = Session.of("indexer");

    private Conduit indexFile(String id, String sealedWith) {
        Map<String, String> attributes = sealedWith == null ? Map.of() : Map.of(AtRestStrength.ATTRIBUTE, sealedWith);
        return world.conduits.put(new Conduit(id, "index/shard-0/" + id, "indexer", world.template("index"), attributes));
    }

    private Conduit privateDocument() {
        PolicyId id = world.engine.intern(PRIVATE_AT_REST);
        return world.conduits.put(new Conduit("doc-1", "docs/doc-1", "alice", id));
    }

    @Test
    void aFileSealedWithTheRequiredCipherOrStrongerReceivesTheData() {
        Conduit doc = privateDocument();
        for (String cipher : List.of("chacha20", "freestyle-fast", "freestyle-strong")) {
            Conduit file = indexFile("_" + cipher + ".cfs", cipher);
            try (Task task = world.monitor.open(indexer, TaskMode.CONFINED)) {
                task.read(doc);
                assertThatCode(() -> task.write(file, Payload.data())).as(cipher).doesNotThrowAnyException();
            }
        }
    }

    @Test
    void aFileSealedWithAWeakerCipherOrInPlaintextIsRefusedNamingTheLiteral() {
        Conduit doc = privateDocument();
        for (String cipher : List.of("none", "chacha8", "chacha12")) {
            Conduit file = indexFile("_" + cipher + ".cfs", cipher);
            try (Task task = world.monitor.open(indexer, TaskMode.CONFINED)) {
                task.read(doc);
                assertThatThrownBy(() -> task.write(file, Payload.data())).as(cipher)
                        .isInstanceOf(PolicyViolation.class)
                        .hasMessageContaining("atRestAtLeast(\"chacha20\")")
                        .hasMessageContaining("sealed with \"" + cipher + "\"");
            }
        }
    }

    @Test
    void anAttributeNamingNoKnownCipherIsRefusedNotTrusted() {
        Conduit doc = privateDocument();
        Conduit file = indexFile("_x.cfs", "rot13");
        try (Task task = world.monitor.open(indexer, TaskMode.CONFINED)) {
            task.read(doc);
            assertThatThrownBy(() -> task.write(file, Payload.data())).isInstanceOf(PolicyViolation.class);
        }
    }

    @Test
    void aDestinationThatIsNoFileAtRestHasNothingToRequire() {
        Conduit doc = privateDocument();
        Conduit channel = world.conduits.put(new Conduit("ch", "channel/alice", "alice", world.template("private")));
        try (Task task = world.monitor.open(Session.of("alice"), TaskMode.CONFINED)) {
            task.read(doc);
            assertThatCode(() -> task.write(channel, Payload.data())).doesNotThrowAnyException();
        }
    }

    @Test
    void theTaskRequiresTheStrongestMinimumOfItsTaint() {
        PolicyId weak = world.engine.intern("read :- true;\n"
                + "declassify :- isAsRestrictive(dest.read, this.read) and atRestAtLeast(\"chacha8\") until ONLY_CND_IDS+;");
        Conduit pub = world.conduits.put(new Conduit("doc-pub", "docs/doc-pub", "bob", weak));
        Conduit plain = world.conduit("doc-plain", "bob", "public");
        try (Task task = world.monitor.open(indexer, TaskMode.CONFINED)) {
            assertThat(task.minimumAtRest()).isEmpty();
            task.read(plain);
            assertThat(task.minimumAtRest()).isEmpty();
            task.read(pub);
            assertThat(task.minimumAtRest()).contains("chacha8");
            task.read(privateDocument());
            assertThat(task.minimumAtRest()).contains("chacha20");
        }
    }

    @Test
    void theEngineExposesTheStaticMinimumOfADeclassifyRule() {
        assertThat(world.engine.minimumAtRest(world.engine.intern(PRIVATE_AT_REST))).contains("chacha20");
        assertThat(world.engine.minimumAtRest(world.engine.intern("read :- true;\ndeclassify :- "
                + "atRestAtLeast(\"chacha12\") or (atRestAtLeast(\"freestyle-fast\") and destNameIs(\"x\"));")))
                .contains("freestyle-fast");
        assertThat(world.engine.minimumAtRest(world.template("private"))).isEqualTo(Optional.empty());
    }

    @Test
    void anUnknownCipherIsACheckerErrorWithItsPosition() {
        List<String> problems = PolicyChecker.check(PolicyParser.parseWithPositions(
                "read :- true;\ndeclassify :- atRestAtLeast(\"chacha21\");")).stream().map(PolicyProblem::toString).toList();
        assertThat(problems).singleElement().asString().startsWith("2:29: unknown cipher \"chacha21\"")
                .contains("chacha8, chacha12, chacha20");
    }

    @Test
    void theMinimumMustBeAQuotedNameAndOnlyInDeclassify() {
        assertThat(PolicyChecker.check(PolicyParser.parseWithPositions("declassify :- atRestAtLeast(dest.name);")))
                .extracting(PolicyProblem::toString).anyMatch(p -> p.contains("takes a cipher name in quotes"));
        assertThat(PolicyChecker.check(PolicyParser.parseWithPositions("read :- atRestAtLeast(\"chacha8\");")))
                .extracting(PolicyProblem::toString).anyMatch(p -> p.contains("only meaningful in a declassify rule"));
    }
}
