package org.maat.core.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.conduit.ConduitStoreEditor;
import org.maat.core.conduit.Document;
import org.maat.core.runtime.TestData;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.facts.Fact;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.TaskMode;

class DataSetChangesTest {

    @TempDir
    Path dir;

    private static boolean mayRead(DataSet data, String principal, Conduit c) {
        try (var task = new ReferenceMonitor(data.engine(), data.policies()).open(Session.of(principal, "r1"),
                TaskMode.UNCONFINED)) {
            return task.mayRead(c);
        }
    }

    @Test
    void aRemovedFriendFactStopsGrantingAFriendsOnlyReadAndItsRestorationGrantsItAgain() throws IOException {
        DataDir dataDir = TestData.generate(dir, 80, 15);
        try (DataSet data = DataSet.openForChanges(dataDir)) {
            // a friends-only document and a friend of its owner who may read it only as a friend
            Conduit doc = null;
            Fact friendship = null;
            List<Conduit> friendsOnly;
            List<Fact> allFriends;
            // streams of the store pin its version until closed
            try (Stream<Conduit> conduits = data.policies().conduits(); Stream<Fact> facts = data.policies().storedFacts()) {
                friendsOnly = conduits.filter(c -> c.attributes().getOrDefault("template", "").startsWith("friends"))
                        .toList();
                allFriends = facts.filter(f -> f.relation().equals("friend")).toList();
            }
            for (Conduit c : friendsOnly) {
                List<Fact> friends = allFriends.stream().filter(f -> f.args().get(0).equals(c.owner())).toList();
                for (Fact f : friends) {
                    if (mayRead(data, f.args().get(1), c)) {
                        doc = c;
                        friendship = f;
                        break;
                    }
                }
                if (doc != null) {
                    break;
                }
            }
            assertThat(doc).as("the generated data has a friends-only document a friend may read").isNotNull();
            String friend = friendship.args().get(1);
            Fact back = Fact.of("friend", friend, doc.owner());
            data.policies().batch().removeFact(friendship).removeFact(back).commit();
            assertThat(mayRead(data, friend, doc)).as("friendship removed").isFalse();
            assertThat(mayRead(data, doc.owner(), doc)).as("the owner still").isTrue();
            data.policies().batch().addFact(friendship).addFact(back).commit();
            assertThat(mayRead(data, friend, doc)).as("friendship restored").isTrue();
        }
    }

    @Test
    void documentsAndTheirConduitsRemovedAndRestoredAreSeenByTheOpenDataSet() throws IOException {
        DataDir dataDir = TestData.generate(dir, 40, 16);
        try (DataSet data = DataSet.openForChanges(dataDir)) {
            Conduit conduit = data.policies().find("d7").orElseThrow();
            Document document;
            try (ConduitStoreEditor e = data.editDocuments()) {
                document = e.remove("d7");
                e.commit();
            }
            data.policies().batch().removeConduit("d7").commit();
            assertThat(data.documents().get("d7")).isEmpty();
            assertThat(data.documents().liveDocuments()).isEqualTo(39);
            assertThat(data.policies().find("d7")).isEmpty();
            assertThat(data.documents().contains("d7")).isFalse();
            try (ConduitStoreEditor e = data.editDocuments()) {
                e.restore(document, null);
                e.commit();
            }
            data.policies().batch().putConduit(conduit).commit();
            assertThat(data.documents().get("d7")).contains(document);
            assertThat(data.policies().find("d7")).contains(conduit);
            assertThat(mayRead(data, conduit.owner(), conduit)).isTrue();
        }
        try (DataSet reader = DataSet.open(dataDir)) {
            assertThat(reader.documents().get("d7")).isPresent();
            assertThat(reader.documents().generation()).isEqualTo(2);
        }
    }

    @Test
    void aReadOnlyDataSetSeesAnotherOwnersDocumentEditsAfterRefresh() throws IOException {
        DataDir dataDir = TestData.generate(dir, 20, 17);
        try (DataSet reader = DataSet.open(dataDir)) {
            try (ConduitStoreEditor e = org.maat.core.conduit.ConduitStore.edit(dataDir.documents())) {
                e.remove("d3");
                e.commit();
            }
            assertThat(reader.refreshDocuments()).isTrue();
            assertThat(reader.documents().get("d3")).isEmpty();
            assertThat(reader.refreshDocuments()).isFalse();
            assertThatThrownBy(() -> reader.policies().batch()).as("open stays read-only");
        }
    }

    @Test
    void openForChangesNeverCreatesAMissingPolicyStore() throws IOException {
        DataDir dataDir = TestData.generate(dir, 30, 18);
        Files.delete(dataDir.policyStore());
        assertThatThrownBy(() -> DataSet.openForChanges(dataDir)).isInstanceOf(DataDirException.class)
                .hasMessageContaining("never created here");
        assertThat(dataDir.policyStore()).doesNotExist();
    }

    @Test
    void aDataSetWhoseDocumentsAndConduitsWereRemovedStillOpens() throws IOException {
        DataDir dataDir = TestData.generate(dir, 30, 19);
        try (DataSet data = DataSet.openForChanges(dataDir)) {
            try (ConduitStoreEditor e = data.editDocuments()) {
                for (int i = 0; i < 30; i += 2) {
                    e.remove(Document.idOf(i));
                }
                e.commit();
            }
            var batch = data.policies().batch();
            for (int i = 0; i < 30; i += 2) {
                batch.removeConduit(Document.idOf(i));
            }
            batch.commit();
        }
        try (DataSet reader = DataSet.open(dataDir); DataSet follower = DataSet.openFollower(dataDir)) {
            assertThat(reader.documents().liveDocuments()).isEqualTo(15);
            assertThat(follower.documents().get("d1")).isPresent();
            assertThat(follower.documents().get("d2")).isEmpty();
        }
    }
}
