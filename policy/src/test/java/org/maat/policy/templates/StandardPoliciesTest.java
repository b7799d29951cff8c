package org.maat.policy.templates;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.maat.policy.Conduit;
import org.maat.policy.PolicyWorld;
import org.maat.policy.Session;
import org.maat.policy.facts.Fact;

class StandardPoliciesTest {

    private final PolicyWorld world = new PolicyWorld();

    private boolean mayRead(String principal, String region, Conduit doc) {
        return world.monitor.open(Session.of(principal, region), org.maat.policy.monitor.TaskMode.UNCONFINED)
                .mayRead(doc);
    }

    private boolean mayRead(String principal, Conduit doc) {
        return mayRead(principal, "eu", doc);
    }

    @Test
    void publicIsReadableByAnyoneIncludingAnonymous() {
        Conduit doc = world.conduit("doc-1", "alice", "public");
        assertThat(mayRead("dave", doc)).isTrue();
        assertThat(mayRead(null, doc)).isTrue();
    }

    @Test
    void privateIsReadableOnlyByItsOwner() {
        Conduit doc = world.conduit("doc-1", "alice", "private");
        assertThat(mayRead("alice", doc)).isTrue();
        assertThat(mayRead("bob", doc)).isFalse();
        assertThat(mayRead(null, doc)).isFalse();
    }

    @Test
    void friendsAclAdmitsOwnerAndFriendsOnly() {
        Conduit doc = world.conduit("doc-1", "alice", "friends");
        assertThat(mayRead("alice", doc)).isTrue();
        assertThat(mayRead("bob", doc)).isTrue();
        assertThat(mayRead("carol", doc)).as("friend of friend").isFalse();
        assertThat(mayRead("dave", doc)).as("stranger").isFalse();
    }

    @Test
    void friendOfFriendAdmitsTheChainAndNothingElse() {
        Conduit doc = world.conduit("doc-1", "alice", "fof");
        assertThat(mayRead("alice", doc)).isTrue();
        assertThat(mayRead("bob", doc)).isTrue();
        assertThat(mayRead("carol", doc)).isTrue();
        assertThat(mayRead("dave", doc)).isFalse();
    }

    @Test
    void friendOfFriendIsDeniedWhenChainIsBroken() {
        Conduit doc = world.conduit("doc-1", "alice", "fof");
        assertThat(mayRead("carol", doc)).isTrue();
        world.facts.remove(Fact.of("friend", "bob", "carol"));
        assertThat(mayRead("carol", doc)).as("bob no longer links alice to carol").isFalse();
    }

    @Test
    void friendshipIsDirectedAsTheFactsSay() {
        world.facts.add(Fact.of("friend", "alice", "frank"));
        Conduit franksDoc = world.conduit("doc-2", "frank", "friends");
        assertThat(mayRead("alice", franksDoc)).as("friend(frank, alice) is not a fact").isFalse();
    }

    @Test
    void employeeReadsMalDocumentOnlyWithALogEntry() {
        Conduit doc = world.conduit("doc-1", "alice", "mal");
        assertThat(mayRead("erin", doc)).as("no MAL entry yet").isFalse();
        world.facts.add(Fact.of("logged", "erin", "doc-1"));
        assertThat(mayRead("erin", doc)).isTrue();
        assertThat(mayRead("erin", world.conduit("doc-2", "alice", "mal"))).as("the entry is per document").isFalse();
    }

    @Test
    void aLogEntryDoesNotMakeANonEmployeeAReader() {
        Conduit doc = world.conduit("doc-1", "alice", "mal");
        world.facts.add(Fact.of("logged", "dave", "doc-1"));
        assertThat(mayRead("dave", doc)).isFalse();
        assertThat(mayRead("bob", doc)).as("friends still read").isTrue();
    }

    @Test
    void censorshipHidesBlockedDocumentInItsRegionOnly() {
        Conduit blocked = world.conduit("doc-blocked", "alice", "public+censorship");
        Conduit other = world.conduit("doc-other", "alice", "public+censorship");
        assertThat(mayRead("dave", "cn", blocked)).isFalse();
        assertThat(mayRead("dave", "eu", blocked)).isTrue();
        assertThat(mayRead("dave", "cn", other)).isTrue();
        assertThat(mayRead("alice", "cn", blocked)).as("even the owner, inside the censoring region").isFalse();
    }

    @Test
    void censorshipModifiesEveryDocumentTemplate() {
        Conduit friendsBlocked = world.conduit("doc-blocked", "alice", "friends+censorship");
        assertThat(mayRead("bob", "eu", friendsBlocked)).isTrue();
        assertThat(mayRead("bob", "cn", friendsBlocked)).isFalse();
        assertThat(mayRead("dave", "eu", friendsBlocked)).isFalse();
    }

    @Test
    void historyIsReadableByItsOwnerOnly() {
        Conduit history = world.conduit("h-alice", "profile/alice/history", "alice", "history");
        assertThat(mayRead("alice", history)).isTrue();
        assertThat(mayRead("bob", history)).isFalse();
    }

    @Test
    void indexFilesAreReadableByNobody() {
        Conduit index = world.conduit("idx-1", "index/shard-0/_0.cfs", "indexer", "index");
        assertThat(mayRead("indexer", index)).isFalse();
        assertThat(mayRead("alice", index)).isFalse();
    }

    @Test
    void identicalTemplatesShareOnePolicyIdWhateverTheOwner() {
        Conduit a = world.conduit("doc-a", "alice", "friends");
        Conduit b = world.conduit("doc-b", "bob", "friends");
        assertThat(a.policy()).isEqualTo(b.policy());
        assertThat(world.template("friends+censorship")).isNotEqualTo(a.policy());
    }

    @Test
    void unknownTemplateNamesAreRejectedWithTheKnownNames() {
        assertThatThrownBy(() -> PolicyTemplates.policy("frends"))
                .hasMessageContaining("unknown policy template 'frends'").hasMessageContaining("fof");
        assertThatThrownBy(() -> PolicyTemplates.policy("index+censorship"))
                .hasMessageContaining("document policies only");
    }

    @Test
    void malModifierAdmitsLoggedEmployeesOnTopOfTheBasePolicy() {
        world.facts.add(Fact.of("employee", "erin"));
        Conduit doc = world.conduit("doc-1", "alice", "private+mal+censorship");
        assertThat(mayRead("alice", doc)).isTrue();
        assertThat(mayRead("erin", doc)).as("employee without a log entry").isFalse();
        world.facts.add(Fact.of("logged", "erin", "doc-1"));
        assertThat(mayRead("erin", doc)).as("employee with a log entry").isTrue();
        assertThat(mayRead("bob", doc)).as("a stranger").isFalse();
        world.facts.add(Fact.of("blocked", "cn", "doc-1"));
        assertThat(mayRead("erin", "cn", doc)).as("censorship applies to employees too").isFalse();
    }

    @Test
    void modifiersMustComeInOrderAndOnlyOnce() {
        assertThatThrownBy(() -> PolicyTemplates.policy("private+censorship+mal"))
                .hasMessageContaining("unknown policy template");
        assertThatThrownBy(() -> PolicyTemplates.policy("private+mal+mal"))
                .hasMessageContaining("unknown policy template");
    }
}
