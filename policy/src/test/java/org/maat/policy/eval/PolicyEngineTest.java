package org.maat.policy.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.maat.policy.Conduit;
import org.maat.policy.PolicyWorld;
import org.maat.policy.Session;
import org.maat.policy.facts.Fact;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.PolicyCheckException;
import org.maat.policy.lang.PolicyId;

class PolicyEngineTest {

    private final PolicyWorld world = new PolicyWorld();
    private final PolicyEngine engine = world.engine;

    private boolean read(String policy, String principal, String region, Conduit self) {
        PolicyId id = engine.intern(policy);
        Conduit c = new Conduit(self.id(), self.name(), self.owner(), id);
        return engine.holds(id, Permission.READ, EvalContext.read(Session.of(principal, region), c, engine));
    }

    private final Conduit doc = new Conduit("doc-1", "docs/doc-1", "alice", PolicyId.ofCanonicalText(""));

    @Test
    void friendOfFriendJoinIsCompiledToOneIntersection() {
        PolicyId fof = world.template("fof");
        String plan = engine.policy(fof).explain(Permission.READ,
                EvalContext.read(Session.of("dave"), new Conduit("d", "d", "alice", fof), engine)).rules().toString();
        assertThat(plan).contains("have no common F");
    }

    @Test
    void friendOfFriendAgreesWithTheFactsOnALargeGraph() {
        // 2,000 users with 100 friends each; the cost of this check is measured by ReadCheck.coldFof in jmh/.
        for (int u = 0; u < 2_000; u++) {
            for (int k = 1; k <= 100; k++) {
                world.facts.add(Fact.of("friend", "u" + u, "u" + ((u + k * 17) % 2_000)));
            }
        }
        PolicyId fof = world.template("fof");
        Conduit owned = new Conduit("d", "d", "u0", fof);
        Session far = Session.of("u1999");
        boolean expected = world.facts.neighbours("friend", 0, "u0").stream()
                .anyMatch(f -> world.facts.contains("friend", java.util.List.of(f, "u1999")))
                || world.facts.contains("friend", java.util.List.of("u0", "u1999"));
        assertThat(engine.holds(fof, Permission.READ, EvalContext.read(far, owned, engine))).isEqualTo(expected);
    }

    @Test
    void variablesUnifyAcrossAtoms() {
        world.facts.add(Fact.of("member", "bob", "team-x"));
        world.facts.add(Fact.of("grants", "team-x", "doc-1"));
        String policy = "read :- sKeyIs(K) and member(K, T) and grants(T, this.id);";
        assertThat(read(policy, "bob", null, doc)).isTrue();
        assertThat(read(policy, "carol", null, doc)).isFalse();
    }

    @Test
    void repeatedVariableInOneAtomMustAgree() {
        world.facts.add(Fact.of("pair", "x", "y"));
        world.facts.add(Fact.of("pair", "z", "z"));
        assertThat(read("read :- pair(X, X) and eq(X, \"z\");", "bob", null, doc)).isTrue();
        assertThat(read("read :- pair(X, X) and eq(X, \"x\");", "bob", null, doc)).isFalse();
    }

    @Test
    void regionAndTimeBuiltinsReadTheSession() {
        assertThat(read("read :- sRegionIs(\"eu\");", "bob", "eu", doc)).isTrue();
        assertThat(read("read :- sRegionIs(\"eu\");", "bob", "us", doc)).isFalse();
        PolicyId embargo = engine.intern("read :- sTimeAfter(\"2030-01-01T00:00:00Z\");");
        Conduit c = new Conduit("d", "d", "alice", embargo);
        Session now = new Session("bob", null, Instant.parse("2026-11-22T00:00:00Z"), Map.of());
        Session later = new Session("bob", null, Instant.parse("2031-01-01T00:00:00Z"), Map.of());
        assertThat(engine.holds(embargo, Permission.READ, EvalContext.read(now, c, engine))).isFalse();
        assertThat(engine.holds(embargo, Permission.READ, EvalContext.read(later, c, engine))).isTrue();
    }

    @Test
    void conduitNameGlobs() {
        Conduit named = new Conduit("d", "profile/alice/history", "alice", PolicyId.ofCanonicalText(""));
        assertThat(read("read :- cNameIs(\"profile/*/history\");", "x", null, named)).isTrue();
        assertThat(read("read :- cNameIs(\"profile/?/history\");", "x", null, named)).isFalse();
    }

    @Test
    void cachedDecisionIsDroppedWhenFactsChange() {
        PolicyId friends = world.template("friends");
        Conduit c = new Conduit("d", "d", "alice", friends);
        EvalContext dave = EvalContext.read(Session.of("dave"), c, engine);
        assertThat(engine.holds(friends, Permission.READ, dave)).isFalse();
        world.facts.add(Fact.of("friend", "alice", "dave"));
        assertThat(engine.holds(friends, Permission.READ, dave)).isTrue();
        world.facts.remove(Fact.of("friend", "alice", "dave"));
        assertThat(engine.holds(friends, Permission.READ, dave)).isFalse();
    }

    @Test
    void cacheKeepsDecisionsForDifferentOwnersApart() {
        PolicyId priv = world.template("private");
        Session alice = Session.of("alice");
        assertThat(engine.holds(priv, Permission.READ, EvalContext.read(alice, new Conduit("a", "a", "alice", priv), engine))).isTrue();
        assertThat(engine.holds(priv, Permission.READ, EvalContext.read(alice, new Conduit("b", "b", "bob", priv), engine))).isFalse();
    }

    @Test
    void explanationNamesTheFailedLiteralsWithBindings() {
        PolicyId friends = world.template("friends");
        Explanation why = engine.explain(friends, Permission.READ,
                EvalContext.read(Session.of("dave"), new Conduit("d", "d", "alice", friends), engine));
        assertThat(why.allowed()).isFalse();
        assertThat(why.describe())
                .contains("sKeyIs(this.owner=\"alice\") is false: the session principal is \"dave\"")
                .contains("friend(this.owner=\"alice\", K=\"dave\") is not a fact");
    }

    @Test
    void anAllowedReadIsExplainedByTheLiteralsThatProvedItsRule() {
        world.facts.add(Fact.of("friend", "alice", "bob"));
        world.facts.add(Fact.of("friend", "bob", "carol"));
        world.facts.add(Fact.of("blocked", "r9", "d"));
        PolicyId fof = world.template("fof+censorship");
        Conduit doc = new Conduit("d", "d", "alice", fof);
        Explanation why = engine.explain(fof, Permission.READ, EvalContext.read(Session.of("carol", "r1"), doc, engine));
        assertThat(why.allowed()).isTrue();
        assertThat(why.granting().orElseThrow().heldLiterals()).containsExactlyInAnyOrder("sKeyIs(K=\"carol\")",
                "friend(this.owner=\"alice\", F=\"bob\") and friend(F=\"bob\", K=\"carol\")",
                "not blocked(session.region=\"r1\", this.id=\"d\")");
        assertThat(why.describe()).contains("because: ").contains("sKeyIs(K=\"carol\")");
        // The same read from the blocking region: refused, no proof, the negation named as the failure.
        Explanation refused = engine.explain(fof, Permission.READ, EvalContext.read(Session.of("carol", "r9"), doc, engine));
        assertThat(refused.allowed()).isFalse();
        assertThat(refused.granting()).isEmpty();
        assertThat(refused.rules().get(0).heldLiterals()).isEmpty();
        assertThat(refused.describe()).contains("not blocked(session.region, this.id) is false");
        // The owner's own read is proved by the first alternative alone.
        Explanation own = engine.explain(fof, Permission.READ, EvalContext.read(Session.of("alice", "r1"), doc, engine));
        assertThat(own.granting().orElseThrow().heldLiterals()).containsExactlyInAnyOrder("sKeyIs(this.owner=\"alice\")",
                "not blocked(session.region=\"r1\", this.id=\"d\")");
    }

    @Test
    void invalidPoliciesAreRefusedAtIntern() {
        assertThatThrownBy(() -> engine.intern("read :- not friend(this.owner, K);"))
                .isInstanceOf(PolicyCheckException.class).hasMessageContaining("unsafe negation");
    }

    @Test
    void aPolicyBuiltInCodeBeyondTheLimitsIsRefusedAtInternNotAStackOverflow() {
        org.maat.policy.lang.Expr deep = new org.maat.policy.lang.Expr.Const(true);
        for (int i = 0; i < 100_000; i++) {
            deep = new org.maat.policy.lang.Expr.Not(deep);
        }
        org.maat.policy.lang.Policy policy = new org.maat.policy.lang.Policy(
                java.util.List.of(new org.maat.policy.lang.Rule(Permission.READ, deep)));
        assertThatThrownBy(() -> engine.intern(policy))
                .isInstanceOf(PolicyCheckException.class).hasMessageContaining("nested more than 64 levels deep");
    }

    @Test
    void unknownPolicyIdIsAnErrorNotADecision() {
        assertThatThrownBy(() -> engine.policy(PolicyId.ofCanonicalText("nope")))
                .isInstanceOf(PolicyEvaluationException.class).hasMessageContaining("unknown policy");
    }
}
