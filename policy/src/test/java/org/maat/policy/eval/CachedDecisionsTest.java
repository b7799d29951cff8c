package org.maat.policy.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.maat.policy.Conduit;
import org.maat.policy.PolicyWorld;
import org.maat.policy.Session;
import org.maat.policy.facts.Fact;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.PolicyId;

/**
 * The engine's read decisions (the cache, the fact-free rules it bypasses, the unconditional ones it does not
 * evaluate) against the independent truth of evaluating the compiled rule afresh, over random sessions,
 * documents and fact changes.
 */
class CachedDecisionsTest {

    private static final String[] TEMPLATES = {"public", "private", "friends", "fof", "mal", "friends+censorship",
            "history", "index", "mal-log"};
    private static final String[] OWN_POLICIES = {
            "read :- sKeyIs(this.owner) or sRegionIs(\"eu\");",
            "read :- cNameIs(\"docs/*\") and sTimeBefore(\"2030-01-01T00:00:00Z\");",
            "read :- sKeyIs(K) and member(K, this.name);",
            "read :- false;"};

    private final PolicyWorld world = new PolicyWorld();
    private final PolicyEngine engine = world.engine;
    private final SplittableRandom random = new SplittableRandom(18);

    @Test
    void everyReadDecisionEqualsAFreshEvaluationWhileFactsChange() {
        List<PolicyId> policies = new ArrayList<>();
        for (String t : TEMPLATES) {
            policies.add(world.template(t));
        }
        for (String p : OWN_POLICIES) {
            policies.add(engine.intern(p));
        }
        List<Conduit> docs = new ArrayList<>();
        for (int d = 0; d < 60; d++) {
            docs.add(new Conduit("doc-" + d, (d % 2 == 0 ? "docs/" : "other/") + d, user(), policies.get(d % policies.size())));
        }
        List<Session> sessions = new ArrayList<>();
        for (int s = 0; s < 12; s++) {
            // One anonymous session (no principal): its decisions are cached under a null principal.
            sessions.add(new Session(s == 11 ? null : user(), s % 3 == 0 ? "eu" : "us",
                    Instant.parse(s % 2 == 0 ? "2026-11-26T09:00:00Z" : "2031-01-01T00:00:00Z"), Map.of()));
        }
        int granted = 0;
        int denied = 0;
        for (int round = 0; round < 3_000; round++) {
            if (round % 50 == 0) {
                changeFacts(docs);
            }
            Session session = sessions.get(random.nextInt(sessions.size()));
            Conduit doc = docs.get(random.nextInt(docs.size()));
            boolean truth = engine.policy(doc.policy()).holds(Permission.READ, EvalContext.read(session, doc, engine));
            assertThat(engine.mayRead(session, doc)).as("%s reads %s", session, doc).isEqualTo(truth);
            assertThat(engine.holds(doc.policy(), Permission.READ, EvalContext.read(session, doc, engine)))
                    .as("%s reads %s through a context", session, doc).isEqualTo(truth);
            if (truth) {
                granted++;
            } else {
                denied++;
            }
        }
        assertThat(granted).as("the random world grants some reads").isGreaterThan(300);
        assertThat(denied).as("and denies some").isGreaterThan(300);
    }

    @Test
    void updateDecisionsKeepAppendOnlyApart() {
        PolicyId history = world.template("history");
        Conduit log = new Conduit("h", "history/alice", "alice", history);
        Session alice = Session.of("alice");
        for (int i = 0; i < 2; i++) {
            assertThat(engine.holds(history, Permission.UPDATE, new EvalContext(alice, log, null, true, engine))).isTrue();
            assertThat(engine.holds(history, Permission.UPDATE, new EvalContext(alice, log, null, false, engine))).isFalse();
        }
    }

    private void changeFacts(List<Conduit> docs) {
        List<Fact> removed = new ArrayList<>(world.facts.facts());
        removed.removeIf(f -> random.nextInt(3) != 0);
        List<Fact> added = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            added.add(Fact.of("friend", user(), user()));
        }
        for (int i = 0; i < 5; i++) {
            String employee = user();
            added.add(Fact.of("employee", employee));
            added.add(Fact.of("logged", employee, docs.get(random.nextInt(docs.size())).id()));
            added.add(Fact.of("member", user(), "docs/" + random.nextInt(60)));
            added.add(Fact.of("blocked", random.nextBoolean() ? "eu" : "us", docs.get(random.nextInt(docs.size())).id()));
        }
        world.facts.update(removed, added);
    }

    private String user() {
        return "u" + random.nextInt(8);
    }
}
