package org.maat.policy.monitor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.maat.policy.Conduit;
import org.maat.policy.PolicyWorld;
import org.maat.policy.Session;
import org.maat.policy.lang.Permission;

class TaintTest {

    private final PolicyWorld world = new PolicyWorld();
    private final Session alice = Session.of("alice", "eu");
    private final Session bob = Session.of("bob", "eu");
    private final Session dave = Session.of("dave", "eu");

    @Test
    void confinedTaskThatReadPrivateDocumentCannotWriteToPublicConduit() {
        Conduit secret = world.conduit("doc-secret", "alice", "private");
        Conduit board = world.conduit("board", "alice", "public");
        try (Task task = world.monitor.open(alice, TaskMode.CONFINED)) {
            task.read(secret);
            assertThatThrownBy(() -> task.write(board, Payload.data()))
                    .isInstanceOf(PolicyViolation.class)
                    .satisfies(e -> assertThat(((PolicyViolation) e).permission()).isEqualTo(Permission.DECLASSIFY))
                    .hasMessageContaining("doc-secret")
                    .hasMessageContaining("isAsRestrictive(dest.read, this.read)");
        }
    }

    @Test
    void confinedTaskThatReadPrivateDocumentCanWriteToItsOwnersChannel() {
        Conduit secret = world.conduit("doc-secret", "alice", "private");
        Conduit channel = world.conduit("chan-alice", "session/alice", "alice", "private");
        try (Task task = world.monitor.open(alice, TaskMode.CONFINED)) {
            task.read(secret);
            assertThatCode(() -> task.write(channel, alice, Payload.data())).doesNotThrowAnyException();
            assertThatCode(() -> task.write(channel, Payload.data())).as("proved without a recipient: same owner")
                    .doesNotThrowAnyException();
        }
    }

    @Test
    void readingTaintsOnlyConfinedTasks() {
        Conduit pub = world.conduit("doc-pub", "alice", "public");
        try (Task confined = world.monitor.open(bob, TaskMode.CONFINED);
             Task unconfined = world.monitor.open(bob, TaskMode.UNCONFINED)) {
            confined.read(pub);
            unconfined.read(pub);
            assertThat(confined.taint().policies()).containsExactly(pub.policy());
            assertThat(unconfined.taint().isEmpty()).isTrue();
        }
    }

    @Test
    void unconfinedReadIsRefusedBeforeAnyByte() {
        Conduit secret = world.conduit("doc-secret", "alice", "private");
        long before = world.monitor.denials();
        try (Task task = world.monitor.open(dave, TaskMode.UNCONFINED)) {
            assertThatThrownBy(() -> task.read(secret)).isInstanceOf(PolicyViolation.class)
                    .hasMessageContaining("read of conduit doc-secret")
                    .hasMessageContaining("sKeyIs(this.owner=\"alice\") is false: the session principal is \"dave\"");
        }
        assertThat(world.monitor.denials()).isEqualTo(before + 1);
    }

    @Test
    void resultListOfReadableIdsIsReleasedUnderOnlyCndIdsPlus() {
        Conduit index = world.conduit("idx-0", "index/shard-0/_0.cfs", "indexer", "index");
        world.conduit("doc-pub", "carol", "public");
        world.conduit("doc-friends", "alice", "friends");
        Conduit results = world.conduit("res-bob", "session/bob/results", "bob", "private");
        try (Task search = world.monitor.open(bob, TaskMode.CONFINED)) {
            search.read(index);
            assertThatCode(() -> search.write(results, bob, Payload.conduitIds(List.of("doc-pub", "doc-friends"))))
                    .doesNotThrowAnyException();
        }
    }

    @Test
    void resultListHoldingOneUnreadableIdIsRefused() {
        Conduit index = world.conduit("idx-0", "index/shard-0/_0.cfs", "indexer", "index");
        world.conduit("doc-pub", "carol", "public");
        world.conduit("doc-secret", "alice", "private");
        Conduit results = world.conduit("res-bob", "session/bob/results", "bob", "private");
        try (Task search = world.monitor.open(bob, TaskMode.CONFINED)) {
            search.read(index);
            assertThatThrownBy(() -> search.write(results, bob, Payload.conduitIds(List.of("doc-pub", "doc-secret"))))
                    .isInstanceOf(PolicyViolation.class)
                    .hasMessageContaining("may not read listed conduit doc-secret");
        }
    }

    @Test
    void resultListNamingAMissingConduitIsRefused() {
        Conduit index = world.conduit("idx-0", "index/shard-0/_0.cfs", "indexer", "index");
        Conduit results = world.conduit("res-bob", "session/bob/results", "bob", "private");
        try (Task search = world.monitor.open(bob, TaskMode.CONFINED)) {
            search.read(index);
            assertThatThrownBy(() -> search.write(results, bob, Payload.conduitIds(List.of("no-such-doc"))))
                    .isInstanceOf(PolicyViolation.class)
                    .hasMessageContaining("'no-such-doc' in the list is not an existing conduit id");
        }
    }

    @Test
    void taskThatWritesTextWhereOnlyConduitIdsAreReleasedIsRefused() {
        Conduit index = world.conduit("idx-0", "index/shard-0/_0.cfs", "indexer", "index");
        Conduit results = world.conduit("res-bob", "session/bob/results", "bob", "private");
        try (Task search = world.monitor.open(bob, TaskMode.CONFINED)) {
            search.read(index);
            assertThatThrownBy(() -> search.write(results, bob, Payload.data()))
                    .isInstanceOf(PolicyViolation.class)
                    .hasMessageContaining("the payload is data, not a list of conduit ids");
        }
    }

    @Test
    void taskTaintedBySearchHistoryCannotWriteAnIndexFile() {
        Conduit history = world.conduit("h-bob", "profile/bob/history", "bob", "history");
        Conduit indexFile = world.conduit("idx-1", "index/shard-0/_1.cfs", "bob", "index");
        try (Task task = world.monitor.open(bob, TaskMode.CONFINED)) {
            task.read(history);
            assertThatThrownBy(() -> task.write(indexFile, Payload.data()))
                    .isInstanceOf(PolicyViolation.class)
                    .hasMessageContaining("destNameIs(\"profile/*\")");
        }
    }

    @Test
    void searchHistoryFlowsToTheOwnersProfileOnly() {
        Conduit history = world.conduit("h-bob", "profile/bob/history", "bob", "history");
        Conduit profile = world.conduit("p-bob", "profile/bob/boosts", "bob", "private");
        Conduit otherProfile = world.conduit("p-alice", "profile/alice/boosts", "alice", "private");
        try (Task task = world.monitor.open(bob, TaskMode.CONFINED)) {
            task.read(history);
            assertThatCode(() -> task.write(profile, Payload.data())).doesNotThrowAnyException();
        }
        try (Task task = world.monitor.open(alice, TaskMode.CONFINED)) {
            task.read(history);
            assertThatThrownBy(() -> task.write(otherProfile, Payload.data())).isInstanceOf(PolicyViolation.class);
        }
    }

    @Test
    void indexerTaintedByManyDocumentsMayWriteIndexFiles() {
        Conduit indexFile = world.conduit("idx-1", "index/shard-0/_1.cfs", "indexer", "index");
        Session indexer = Session.of("indexer");
        try (Task task = world.monitor.open(indexer, TaskMode.CONFINED)) {
            for (int i = 0; i < 300; i++) {
                String template = switch (i % 4) {
                    case 0 -> "public";
                    case 1 -> "private";
                    case 2 -> "friends+censorship";
                    default -> "mal";
                };
                task.read(world.conduit("doc-" + i, "user" + (i % 7), template));
            }
            assertThat(task.taint().policies()).hasSize(4);
            assertThatCode(() -> task.write(indexFile, Payload.data())).doesNotThrowAnyException();
        }
    }

    @Test
    void writesAreCheckedAgainstTheDestinationsUpdateRule() {
        Conduit bobsDoc = world.conduit("doc-bob", "bob", "public");
        try (Task task = world.monitor.open(alice, TaskMode.UNCONFINED)) {
            assertThatThrownBy(() -> task.write(bobsDoc, Payload.data()))
                    .isInstanceOf(PolicyViolation.class)
                    .satisfies(e -> assertThat(((PolicyViolation) e).permission()).isEqualTo(Permission.UPDATE));
        }
    }

    @Test
    void malLogAcceptsAppendsOnly() {
        Conduit log = world.conduit("mal", "logs/mal", "compliance", "mal-log");
        try (Task task = world.monitor.open(Session.of("erin"), TaskMode.UNCONFINED)) {
            assertThatCode(() -> task.write(log, Payload.append())).doesNotThrowAnyException();
            assertThatThrownBy(() -> task.write(log, Payload.data()))
                    .isInstanceOf(PolicyViolation.class).hasMessageContaining("appendOnly()");
        }
    }

    @Test
    void discardedTaskCannotBeUsed() {
        Conduit pub = world.conduit("doc-pub", "alice", "public");
        Task task = world.monitor.open(bob, TaskMode.CONFINED);
        task.close();
        assertThatThrownBy(() -> task.read(pub)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void taintIsPerTaskSoSessionsNeverShareIt() {
        Conduit secret = world.conduit("doc-secret", "alice", "private");
        Conduit board = world.conduit("board", "bob", "public");
        try (Task aliceTask = world.monitor.open(alice, TaskMode.CONFINED);
             Task bobTask = world.monitor.open(bob, TaskMode.CONFINED)) {
            aliceTask.read(secret);
            assertThat(bobTask.taint().isEmpty()).isTrue();
            assertThatCode(() -> bobTask.write(board, Payload.data())).doesNotThrowAnyException();
        }
    }

    @Test
    void everyConduitIsCheckedWhenTheDeclassifyRuleLooksAtIt() {
        var policy = world.engine.intern("read :- true; update :- true; declassify :- eq(this.owner, \"alice\");");
        Conduit fromAlice = new Conduit("d-a", "docs/a", "alice", policy);
        Conduit fromBob = new Conduit("d-b", "docs/b", "bob", policy);
        Conduit sink = world.conduit("sink", "alice", "public");
        try (Task task = world.monitor.open(alice, TaskMode.CONFINED)) {
            task.read(fromAlice);
            task.read(fromBob);
            assertThatThrownBy(() -> task.write(sink, Payload.data()))
                    .isInstanceOf(PolicyViolation.class).hasMessageContaining("d-b");
        }
    }

    @Test
    void indexerTaintedByThousandsOfCensoredDocumentsStillWritesIndexFilesAndNothingElse() {
        Conduit indexFile = world.conduit("idx-1", "index/shard-0/_1.cfs", "indexer", "index");
        Conduit board = world.conduit("board", "indexer", "public");
        try (Task task = world.monitor.open(Session.of("indexer"), TaskMode.CONFINED)) {
            for (int i = 0; i < 5_000; i++) {
                task.read(world.conduit("doc-" + i, "user" + (i % 50), "friends+censorship"));
            }
            assertThat(task.taint().size()).as("censorship reads this.id: one label per document").isEqualTo(5_000);
            assertThatCode(() -> task.write(indexFile, Payload.data())).doesNotThrowAnyException();
            assertThatThrownBy(() -> task.write(board, Payload.data())).isInstanceOf(PolicyViolation.class);
        }
    }
}
