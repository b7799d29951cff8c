package org.maat.policy.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.maat.policy.Conduit;
import org.maat.policy.PolicyWorld;
import org.maat.policy.Session;

class RestrictivenessTest {

    private final PolicyWorld world = new PolicyWorld();
    private final Session writer = Session.of("alice", "eu");

    private Verdict asRestrictive(Conduit destination, Session recipient, Conduit source) {
        return world.engine.readableAt(new Destination(destination, recipient), source, writer);
    }

    @Test
    void falseIsAsRestrictiveAsAnything() {
        Conduit index = world.conduit("idx", "indexer", "index");
        assertThat(asRestrictive(index, null, world.conduit("d", "alice", "private")).holds()).isTrue();
    }

    @Test
    void anythingIsAsRestrictiveAsTrue() {
        Conduit board = world.conduit("board", "bob", "friends");
        assertThat(asRestrictive(board, null, world.conduit("d", "alice", "public")).holds()).isTrue();
    }

    @Test
    void singleSessionDestinationIsDecidedExactlyInThatSession() {
        Conduit channel = world.conduit("chan", "carol", "private");
        Conduit fof = world.conduit("d", "alice", "fof");
        assertThat(asRestrictive(channel, Session.of("carol", "eu"), fof).holds()).isTrue();
        assertThat(asRestrictive(channel, Session.of("dave", "eu"), fof).holds()).isFalse();
    }

    @Test
    void singleSessionDestinationSeesTheRecipientsRegion() {
        Conduit channel = world.conduit("chan", "bob", "private");
        Conduit blocked = world.conduit("doc-blocked", "alice", "public+censorship");
        assertThat(asRestrictive(channel, Session.of("bob", "eu"), blocked).holds()).isTrue();
        assertThat(asRestrictive(channel, Session.of("bob", "cn"), blocked).holds()).isFalse();
    }

    @Test
    void identicalRulesForTheSameOwnerAreAsRestrictive() {
        Conduit a = world.conduit("a", "alice", "friends");
        Conduit b = world.conduit("b", "alice", "friends");
        assertThat(asRestrictive(a, null, b).holds()).isTrue();
    }

    @Test
    void singlePrincipalDestinationIsDecidedForThatPrincipal() {
        Conduit alicesPrivate = world.conduit("p", "alice", "private");
        assertThat(asRestrictive(alicesPrivate, null, world.conduit("f", "bob", "friends")).holds()).isTrue();
        assertThat(asRestrictive(alicesPrivate, null, world.conduit("g", "carol", "friends")).holds()).isFalse();
    }

    @Test
    void regionDependentSourceUnderSinglePrincipalDestinationIsAConservativeNo() {
        Conduit alicesPrivate = world.conduit("p", "alice", "private");
        Verdict v = asRestrictive(alicesPrivate, null, world.conduit("doc-x", "alice", "private+censorship"));
        assertThat(v.holds()).isFalse();
        assertThat(v.reason()).contains("cannot prove");
    }

    @Test
    void widerDestinationIsNeverProvedAsRestrictive() {
        Conduit publicBoard = world.conduit("board", "alice", "public");
        Verdict v = asRestrictive(publicBoard, null, world.conduit("d", "alice", "friends"));
        assertThat(v.holds()).isFalse();
        Conduit friendsBoard = world.conduit("fb", "bob", "friends");
        assertThat(asRestrictive(friendsBoard, null, world.conduit("d2", "alice", "friends")).holds())
                .as("bob's friends are not alice's friends").isFalse();
    }
}
