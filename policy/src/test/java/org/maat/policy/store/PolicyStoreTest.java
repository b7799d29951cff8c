package org.maat.policy.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.Conduit;
import org.maat.policy.facts.Fact;
import org.maat.policy.lang.PolicyId;

class PolicyStoreTest {

    private static final String FRIENDS = "read :- sKeyIs(this.owner) or (sKeyIs(K) and friend(this.owner, K));";
    private static final PolicyId FRIENDS_ID = PolicyId.ofCanonicalText(FRIENDS);
    private static final String PRIVATE = "read :- sKeyIs(this.owner);";
    private static final PolicyId PRIVATE_ID = PolicyId.ofCanonicalText(PRIVATE);

    @TempDir
    Path dir;
    private Path file;
    private PolicyStore store;

    @BeforeEach
    void open() {
        file = dir.resolve("policy.store");
        store = PolicyStore.open(file);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void conduitWithAttributesIsTheSameAfterReopen() {
        Conduit doc = new Conduit("doc-1", "profile/alice/history", "alice", FRIENDS_ID,
                Map.of("region", "eu", "lang", "fr", "empty", "", "unicode", "Ω ≠ \u0000 \uD83D\uDE00"));
        store.batch().putConduit(doc).putPolicy(FRIENDS_ID, FRIENDS).commit();

        reopen();

        assertThat(store.find("doc-1")).contains(doc);
        assertThat(store.findByName("profile/alice/history")).contains(doc);
        assertThat(store.find("doc-2")).isEmpty();
        assertThat(store.findByName("profile/bob/history")).isEmpty();
    }

    @Test
    void secondConduitWithATakenNameIsRejectedAndTheStoreIsUnchanged() {
        store.batch().putConduit(doc("doc-1", "shared/a")).commit();
        long facts = store.facts().version();

        Batch batch = store.batch()
                .putConduit(doc("doc-2", "shared/b"))
                .putConduit(doc("doc-3", "shared/a"))
                .putPolicy(PRIVATE_ID, PRIVATE)
                .addFact(Fact.of("friend", "alice", "bob"));

        assertThatThrownBy(batch::commit)
                .isInstanceOf(BatchRejectedException.class)
                .hasMessageContaining("doc-3").hasMessageContaining("'shared/a'").hasMessageContaining("doc-1");
        assertStoreHoldsOnlyDoc1();
        assertThat(store.facts().version()).isEqualTo(facts);
        assertThat(store.facts().contains("friend", List.of("alice", "bob"))).isFalse();

        reopen();
        assertStoreHoldsOnlyDoc1();
    }

    @Test
    void twoConduitsTakingOneNameInOneBatchAreRejected() {
        Batch batch = store.batch().putConduit(doc("doc-1", "shared/a")).putConduit(doc("doc-2", "shared/a"));

        assertThatThrownBy(batch::commit).isInstanceOf(BatchRejectedException.class)
                .hasMessageContaining("doc-1").hasMessageContaining("doc-2").hasMessageContaining("'shared/a'");
        assertThat(store.conduitCount()).isZero();
    }

    @Test
    void nameFreedByARenameOrRemovalCanBeTakenInTheSameBatch() {
        store.batch().putConduit(doc("doc-1", "a")).putConduit(doc("doc-2", "b")).commit();

        store.batch()
                .putConduit(doc("doc-1", "a2"))
                .putConduit(doc("doc-3", "a"))
                .removeConduit("doc-2")
                .putConduit(doc("doc-4", "b"))
                .commit();

        assertThat(store.findByName("a")).map(Conduit::id).contains("doc-3");
        assertThat(store.findByName("a2")).map(Conduit::id).contains("doc-1");
        assertThat(store.findByName("b")).map(Conduit::id).contains("doc-4");
        assertThat(store.find("doc-2")).isEmpty();
        assertThat(store.conduitCount()).isEqualTo(3);
    }

    @Test
    void renamedConduitIsNoLongerFoundByItsOldName() {
        store.batch().putConduit(doc("doc-1", "old")).commit();

        store.batch().putConduit(doc("doc-1", "new")).commit();

        assertThat(store.findByName("old")).isEmpty();
        assertThat(store.findByName("new")).map(Conduit::id).contains("doc-1");
        store.batch().putConduit(doc("doc-2", "old")).commit();
        assertThat(store.findByName("old")).map(Conduit::id).contains("doc-2");
    }

    @Test
    void policyIdStoredWithAnotherTextIsRejected() {
        PolicyId id = new PolicyId(42);
        store.batch().putPolicy(id, PRIVATE).commit();

        Batch batch = store.batch().putPolicy(id, FRIENDS).putConduit(doc("doc-1", "a"));

        assertThatThrownBy(batch::commit).isInstanceOf(BatchRejectedException.class)
                .hasMessageContaining(id.toString());
        assertThat(store.policyText(id)).contains(PRIVATE);
        assertThat(store.find("doc-1")).isEmpty();
    }

    @Test
    void policyIdGivenTwoTextsInOneBatchIsRejected() {
        PolicyId id = new PolicyId(42);
        Batch batch = store.batch().putPolicy(id, PRIVATE);

        assertThatThrownBy(() -> batch.putPolicy(id, FRIENDS)).isInstanceOf(BatchRejectedException.class)
                .hasMessageContaining(id.toString());
    }

    @Test
    void puttingAStoredPolicyAgainIsAccepted() {
        store.batch().putPolicy(FRIENDS_ID, FRIENDS).commit();

        store.batch().putPolicy(FRIENDS_ID, FRIENDS).putPolicy(PRIVATE_ID, PRIVATE).commit();

        assertThat(store.policies()).isEqualTo(Map.of(FRIENDS_ID, FRIENDS, PRIVATE_ID, PRIVATE));
    }

    @Test
    void factChangesReachTheIndexOnlyWhenTheirBatchCommitsWithOneVersionBumpEach() {
        long start = store.facts().version();
        Batch grant = store.batch()
                .addFact(Fact.of("friend", "alice", "bob"))
                .addFact(Fact.of("friend", "alice", "carol"));
        assertThat(store.facts().contains("friend", List.of("alice", "bob"))).isFalse();
        assertThat(store.facts().version()).isEqualTo(start);

        grant.commit();

        assertThat(store.facts().neighbours("friend", 0, "alice")).containsExactlyInAnyOrder("bob", "carol");
        assertThat(store.facts().version()).isEqualTo(start + 1);

        store.batch()
                .removeFact(Fact.of("friend", "alice", "bob"))
                .addFact(Fact.of("blocked", "eu", "doc-1"))
                .commit();

        assertThat(store.facts().neighbours("friend", 0, "alice")).containsExactly("carol");
        assertThat(store.facts().contains("blocked", List.of("eu", "doc-1"))).isTrue();
        assertThat(store.facts().version()).isEqualTo(start + 2);

        store.batch().putConduit(doc("doc-1", "a")).commit();
        assertThat(store.facts().version()).as("a batch without fact changes").isEqualTo(start + 2);
    }

    @Test
    void laterChangesInABatchWinOverEarlierOnes() {
        store.batch().addFact(Fact.of("employee", "dana")).commit();

        store.batch()
                .putConduit(doc("doc-1", "a")).removeConduit("doc-1")
                .removeConduit("doc-2").putConduit(doc("doc-2", "b"))
                .addFact(Fact.of("employee", "erin")).removeFact(Fact.of("employee", "erin"))
                .removeFact(Fact.of("employee", "dana")).addFact(Fact.of("employee", "dana"))
                .commit();

        assertThat(store.find("doc-1")).isEmpty();
        assertThat(store.find("doc-2")).isPresent();
        assertThat(store.facts().match("employee", new String[1])).containsExactly(List.of("dana"));
    }

    @Test
    void reopeningRestoresConduitsPoliciesFactsAndCommitCount() {
        store.batch().putPolicy(FRIENDS_ID, FRIENDS).putConduit(doc("doc-1", "a"))
                .addFact(Fact.of("friend", "alice", "bob")).addFact(Fact.of("logged", "dana", "doc-1")).commit();
        store.batch().putPolicy(PRIVATE_ID, PRIVATE).putConduit(doc("doc-2", "b"))
                .removeFact(Fact.of("logged", "dana", "doc-1")).addFact(Fact.of("employee", "dana")).commit();

        reopen();

        assertThat(store.commitCount()).isEqualTo(2);
        assertThat(store.conduitCount()).isEqualTo(2);
        assertThat(store.find("doc-2")).contains(doc("doc-2", "b"));
        assertThat(store.policies()).isEqualTo(Map.of(FRIENDS_ID, FRIENDS, PRIVATE_ID, PRIVATE));
        try (Stream<Fact> facts = store.storedFacts()) {
            assertThat(facts).containsExactlyInAnyOrder(Fact.of("friend", "alice", "bob"), Fact.of("employee", "dana"));
        }
        assertThat(store.facts().contains("friend", List.of("alice", "bob"))).isTrue();
        assertThat(store.facts().contains("employee", List.of("dana"))).isTrue();
        assertThat(store.facts().relations()).containsExactlyInAnyOrder("friend", "employee");
    }

    @Test
    void readersSeeNothingOfABatchUntilItIsCommitted() {
        store.close();
        AtomicReference<PolicyStore> opened = new AtomicReference<>();
        List<Object> seenMidCommit = new ArrayList<>();
        store = PolicyStore.open(file, () -> {
            PolicyStore s = opened.get();
            seenMidCommit.addAll(List.of(s.find("doc-1"), s.findByName("a"), s.conduitCount(),
                    s.policyText(FRIENDS_ID), s.commitCount(), s.facts().contains("employee", List.of("dana"))));
        });
        opened.set(store);

        store.batch().putConduit(doc("doc-1", "a")).putPolicy(FRIENDS_ID, FRIENDS)
                .addFact(Fact.of("employee", "dana")).commit();

        assertThat(seenMidCommit).containsExactly(Optional.empty(), Optional.empty(), 0L,
                Optional.empty(), 0L, false);
        assertThat(store.find("doc-1")).isPresent();
    }

    @Test
    void fiftyThousandConduitsStreamLazilyInIdOrder() {
        int count = 50_000;
        Batch batch = store.batch();
        for (int i = 0; i < count; i++) {
            batch.putConduit(doc(String.format("doc-%05d", i), "docs/" + i));
        }
        batch.commit();

        try (Stream<Conduit> all = store.conduits()) {
            Iterator<Conduit> it = all.iterator();
            int seen = 0;
            while (it.hasNext()) {
                Conduit conduit = it.next();
                assertThat(conduit.id()).isEqualTo(String.format("doc-%05d", seen));
                assertThat(conduit.name()).isEqualTo("docs/" + seen);
                seen++;
            }
            assertThat(seen).isEqualTo(count);
        }
        assertThat(store.conduitCount()).isEqualTo(count);
    }

    @Test
    void openStreamKeepsShowingTheVersionItStartedFrom() {
        store.batch().putConduit(doc("doc-1", "a")).putConduit(doc("doc-2", "b")).commit();

        try (Stream<Conduit> all = store.conduits()) {
            store.batch().removeConduit("doc-1").removeConduit("doc-2").putConduit(doc("doc-3", "c")).commit();

            assertThat(all.map(Conduit::id)).containsExactly("doc-1", "doc-2");
        }
        try (Stream<Conduit> all = store.conduits()) {
            assertThat(all.map(Conduit::id)).containsExactly("doc-3");
        }
    }

    @Test
    void emptyBatchCommitsNothing() {
        store.batch().putConduit(doc("doc-1", "a")).commit();

        long count = store.batch().commit();

        assertThat(count).isEqualTo(1);
        assertThat(store.commitCount()).isEqualTo(1);
    }

    @Test
    void batchCanBeCommittedOnlyOnce() {
        Batch batch = store.batch().putConduit(doc("doc-1", "a"));
        batch.commit();

        assertThatThrownBy(batch::commit).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> batch.putConduit(doc("doc-2", "b"))).isInstanceOf(IllegalStateException.class);
        assertThat(store.commitCount()).isEqualTo(1);
    }

    @Test
    void closedStoreRefusesReadsAndBatchesNamingItsFile() {
        Batch pending = store.batch().putConduit(doc("doc-1", "a"));
        store.close();

        assertThatThrownBy(() -> store.find("doc-1")).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(file.toString());
        assertThatThrownBy(store::batch).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(pending::commit).isInstanceOf(IllegalStateException.class);
        store.close();
    }

    @Test
    void openingAStoreThatIsAlreadyOpenFailsNamingThePath() {
        assertThatThrownBy(() -> PolicyStore.open(file)).isInstanceOf(PolicyStoreException.class)
                .hasMessageContaining(file.toString()).hasMessageContaining("locked");
    }

    @Test
    void openingAFileThatIsNotAnMvStoreFailsNamingThePath() throws IOException {
        Path text = dir.resolve("notes.txt");
        Files.writeString(text, "friend(alice, bob).\n".repeat(1000));

        assertThatThrownBy(() -> PolicyStore.open(text)).isInstanceOf(PolicyStoreException.class)
                .hasMessageContaining(text.toString()).hasMessageContaining("not a readable MVStore file");
    }

    @Test
    void openingAnMvStoreOfSomethingElseFailsNamingThePath() {
        Path other = dir.resolve("other.mv.db");
        try (MVStore mv = MVStore.open(other.toString())) {
            mv.openMap("rows").put("k", "v");
        }

        assertThatThrownBy(() -> PolicyStore.open(other)).isInstanceOf(PolicyStoreException.class)
                .hasMessageContaining(other.toString()).hasMessageContaining("rows");
        // The failed open released the file.
        try (MVStore mv = MVStore.open(other.toString())) {
            assertThat(mv.getMapNames()).contains("rows");
        }
    }

    private void assertStoreHoldsOnlyDoc1() {
        assertThat(store.conduitCount()).isEqualTo(1);
        assertThat(store.findByName("shared/a")).map(Conduit::id).contains("doc-1");
        assertThat(store.find("doc-2")).isEmpty();
        assertThat(store.findByName("shared/b")).isEmpty();
        assertThat(store.policyText(PRIVATE_ID)).isEmpty();
        assertThat(store.commitCount()).isEqualTo(1);
    }

    private void reopen() {
        store.close();
        store = PolicyStore.open(file);
    }

    @Test
    void aSnapshotOpensWhileTheStoreIsOpenAndKeepsItsMomentsCommit() {
        store.batch().putConduit(doc("doc-1", "shared/a")).putPolicy(FRIENDS_ID, FRIENDS)
                .addFact(Fact.of("friend", "alice", "bob")).commit();
        try (PolicyStore snapshot = PolicyStore.openSnapshot(file);
             PolicyStore second = PolicyStore.openSnapshot(file)) {
            store.batch().putConduit(doc("doc-2", "shared/b")).addFact(Fact.of("friend", "alice", "carol")).commit();

            assertThat(snapshot.find("doc-1")).isPresent();
            assertThat(snapshot.find("doc-2")).isEmpty();
            assertThat(snapshot.facts().contains("friend", List.of("alice", "bob"))).isTrue();
            assertThat(snapshot.facts().contains("friend", List.of("alice", "carol"))).isFalse();
            assertThat(snapshot.policies()).containsKey(FRIENDS_ID);
            assertThat(second.find("doc-1")).isPresent();
            assertThatThrownBy(snapshot::batch).isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("read-only snapshot");
        }
        assertThat(store.find("doc-2")).isPresent();
    }

    @Test
    void aSnapshotOfAMissingFileNamesIt() {
        Path missing = dir.resolve("nothing.store");
        assertThatThrownBy(() -> PolicyStore.openSnapshot(missing)).isInstanceOf(PolicyStoreException.class)
                .hasMessageContaining(missing.toString());
    }

    @Test
    void readsAfterCompactionsThatMovedChunksSeeTheCommittedData() {
        // Many small batches, then removals each followed by a compaction, as search disguises make in a
        // store their owner keeps open: compaction commits versions of its own and frees old chunks.
        String padding = "x".repeat(400);
        for (int b = 0; b < 100; b++) {
            Batch batch = store.batch();
            for (int i = 0; i < 20; i++) {
                int n = b * 20 + i;
                batch.putConduit(new Conduit("doc-" + n, "n/" + n, "alice", FRIENDS_ID, Map.of("pad", padding + n)));
            }
            batch.commit();
        }
        for (int round = 0; round < 20; round++) {
            Batch removal = store.batch();
            for (int i = round; i < 2000; i += 20) {
                removal.removeConduit("doc-" + i);
            }
            removal.commit();
            store.compact(10_000);
            long expected = 2000 - (round + 1) * 100L;
            try (Stream<Conduit> all = store.conduits()) {
                assertThat(all.count()).isEqualTo(expected);
            }
            assertThat(store.conduitCount()).isEqualTo(expected);
        }
    }

    private static Conduit doc(String id, String name) {
        return new Conduit(id, name, "alice", FRIENDS_ID);
    }
}
