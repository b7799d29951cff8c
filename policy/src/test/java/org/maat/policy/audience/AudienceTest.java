package org.maat.policy.audience;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.maat.policy.Conduit;
import org.maat.policy.facts.Fact;
import org.maat.policy.facts.FactIndex;
import org.maat.policy.lang.PolicyChecker;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.templates.PolicyTemplates;
import org.junit.jupiter.api.Test;

/** "Who can read this" for each standard template, against a small friend graph written out here. */
class AudienceTest {

    // alice - bob - carol - dave; alice - erin(employee) ; frank is an employee with a MAL entry for doc d7
    private static final FactIndex FACTS = new FactIndex(List.of(
            Fact.of("friend", "alice", "bob"), Fact.of("friend", "bob", "alice"),
            Fact.of("friend", "bob", "carol"), Fact.of("friend", "carol", "bob"),
            Fact.of("friend", "carol", "dave"), Fact.of("friend", "dave", "carol"),
            Fact.of("friend", "alice", "erin"), Fact.of("friend", "erin", "alice"),
            Fact.of("employee", "erin"), Fact.of("employee", "frank"),
            Fact.of("logged", "frank", "d7"), Fact.of("logged", "dave", "d7"),
            Fact.of("blocked", "r2", "d7"), Fact.of("blocked", "r1", "d7"), Fact.of("blocked", "r3", "d8")));

    private static final Conduit DOC = new Conduit("d7", "docs/d7", "alice", PolicyId.ofCanonicalText("unused"));

    private static List<String> lines(String template) {
        return Audience.of(PolicyTemplates.policy(template), DOC, FACTS).lines();
    }

    @Test
    void publicIsEveryone() {
        assertThat(lines("public")).containsExactly("everyone");
    }

    @Test
    void privateIsTheOwnerAlone() {
        assertThat(lines("private")).containsExactly("the owner, alice");
    }

    @Test
    void friendsAreNamedFromTheFacts() {
        assertThat(lines("friends")).containsExactly("the owner, alice", "friends of alice: 2 people (bob, erin)");
    }

    @Test
    void friendsOfFriendsAreTheFriendsOfEachFriendButNotTheOwner() {
        assertThat(lines("fof")).containsExactly("the owner, alice", "friends of alice: 2 people (bob, erin)",
                "friends of alice's friends: 1 person (carol)");
    }

    @Test
    void employeesReadOnlyUnderTheAccessLogAndOnlyEmployeesEntriesCount() {
        assertThat(lines("mal")).containsExactly("the owner, alice", "friends of alice: 2 people (bob, erin)",
                "2 employees, each only after recording a reason for reading d7 in the mandatory access log; "
                        + "1 person (frank) has so far");
    }

    @Test
    void censorshipNamesTheRegionsThatBlockThisDocumentOnly() {
        assertThat(lines("friends+censorship")).containsExactly("the owner, alice",
                "friends of alice: 2 people (bob, erin)", "except sessions in regions r1, r2, where d7 is blocked");
        Conduit unblocked = new Conduit("d9", "docs/d9", "alice", DOC.policy());
        assertThat(Audience.of(PolicyTemplates.policy("public+censorship"), unblocked, FACTS).lines())
                .containsExactly("everyone", "except sessions in a region that blocks d9 (none does now)");
    }

    @Test
    void malModifierOnFriendsOfFriendsWithCensorship() {
        assertThat(lines("fof+mal+censorship")).containsExactly("the owner, alice",
                "friends of alice: 2 people (bob, erin)", "friends of alice's friends: 1 person (carol)",
                "2 employees, each only after recording a reason for reading d7 in the mandatory access log; "
                        + "1 person (frank) has so far",
                "except sessions in regions r1, r2, where d7 is blocked");
    }

    @Test
    void aRuleOfAnotherShapeIsShownAsItsTextNotLeftOut() {
        var policy = PolicyChecker.parseAndCheck("read :- sKeyIs(this.owner) or (sKeyIs(K) and colleague(this.owner, K));");
        assertThat(Audience.of(policy, DOC, FACTS).lines()).containsExactly("the owner, alice",
                "anyone for whom sKeyIs(K) and colleague(this.owner, K) holds");
    }

    @Test
    void manyNamesAreCutShort() {
        List<Fact> many = new java.util.ArrayList<>();
        for (int i = 0; i < 11; i++) {
            many.add(Fact.of("friend", "alice", "u" + i));
        }
        assertThat(Audience.of(PolicyTemplates.policy("friends"), DOC, new FactIndex(many)).lines().get(1))
                .isEqualTo("friends of alice: 11 people (u0, u1, u10, u2, u3, u4, u5, u6 and 3 more)");
    }

    @Test
    void aRegionRestrictionOnOneAlternativeOnlyIsShownOnThatOne() {
        var policy = PolicyChecker.parseAndCheck(
                "read :- sKeyIs(this.owner) or (sKeyIs(K) and friend(this.owner, K) and not blocked(session.region, this.id));");
        assertThat(Audience.of(policy, DOC, FACTS).lines()).containsExactly("the owner, alice",
                "friends of alice: 2 people (bob, erin), except sessions in regions r1, r2, where d7 is blocked");
    }
}
