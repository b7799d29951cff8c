package org.maat.vault.ss;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.SettableClock;
import org.maat.vault.store.ServerStore;
import org.maat.vault.token.Action;
import org.maat.vault.token.Refusal;
import org.maat.vault.token.TokenSigner;
import org.maat.vault.token.TokenVerifier;

class StorageTest {

    private static final String ME = "0a".repeat(32);
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    /** A decision clock at 0 ms: epochs count 1, 2, 3... as the slot alone decides them. */
    private static final java.time.Clock EPOCHS_FROM_ZERO = java.time.Clock.fixed(Instant.EPOCH, java.time.ZoneOffset.UTC);

    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-25T12:00:00Z"));
    private final TokenSigner[] acs = new TokenSigner[4];
    private final Map<Integer, java.security.PublicKey> keys = new java.util.HashMap<>();
    private ServerStore store;
    private Storage storage;

    @BeforeEach
    void open() throws Exception {
        for (int id = 1; id <= 3; id++) {
            KeyPair pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
            acs[id] = new TokenSigner(id, pair.getPrivate(), clock);
            keys.put(id, pair.getPublic());
        }
        store = ServerStore.open(dir.resolve("store.mv.db"));
        storage = new Storage(store, new TokenVerifier(keys, clock, 100), Set.of(1, 2, 3), EPOCHS_FROM_ZERO);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void aWrittenShareIsReadBackUntilDeleted() {
        assertThat(storage.createCollection(ME, "erp", json("{\"acs\": [1, 2], \"quorum\": 2}"),
                tokens("erp", Action.CREATE, 1, 2))).isTrue();
        assertThat(storage.createCollection(ME, "erp", json("{\"acs\": [2, 1], \"quorum\": 2}"),
                tokens("erp", Action.CREATE, 1, 2))).isFalse();
        JsonNode share = share(2, "share bytes");
        storage.putSecret(ME, "erp", "db.password", share, tokens("erp", Action.WRITE, 1, 2));
        JsonNode read = shareIn(storage.getSecret(ME, "erp", "db.password", tokens("erp", Action.READ, 2, 1)));
        assertThat(read).isEqualTo(share);
        refused(() -> storage.putSecret(ME, "erp", "db.password", share(2, "other"), tokens("erp", Action.WRITE, 1, 2)),
                409, "secret-exists");
        assertThat(storage.deleteSecret(ME, "erp", "db.password", 0, tokens("erp", Action.DELETE, 1, 2)).removed())
                .isTrue();
        refused(() -> storage.getSecret(ME, "erp", "db.password", tokens("erp", Action.READ, 1, 2)), 404, "no-such-secret");
        assertThat(storage.deleteSecret(ME, "erp", "db.password", 1, tokens("erp", Action.DELETE, 1, 2)).removed())
                .isFalse();
    }

    @Test
    void aStagedShareIsInvisibleUntilCommittedAndAnAbortNeverTakesACommittedOne() {
        storage.createCollection(ME, "erp", json("{\"acs\": [1], \"quorum\": 1}"), tokens("erp", Action.CREATE, 1));
        List<String> write = tokens("erp", Action.WRITE, 1);
        List<String> read = tokens("erp", Action.READ, 1);
        JsonNode first = share(1, "first", "p1");
        assertThat(storage.stageShare(ME, "erp", "s", "p1", first, write).fresh()).isTrue();
        assertThat(storage.stageShare(ME, "erp", "s", "p1", first, write).fresh()).as("a retried stage").isFalse();
        refused(() -> storage.getSecret(ME, "erp", "s", read), 404, "no-such-secret");
        assertThat(json(storage.getPutShare(ME, "erp", "s", "p1", read))).isEqualTo(first);
        // A second put staged beside it: staged shares never block one another.
        assertThat(storage.stageShare(ME, "erp", "s", "p2", share(1, "second", "p2"), write).fresh()).isTrue();
        assertThat(storage.commitPut(ME, "erp", "s", "p1", 0, write)).isEqualTo(new Storage.Decision(1, true));
        assertThat(storage.commitPut(ME, "erp", "s", "p1", 0, write)).as("a retried commit")
                .isEqualTo(new Storage.Decision(1, false));
        assertThat(shareIn(storage.getSecret(ME, "erp", "s", read))).isEqualTo(first);
        // The put that lost cannot commit, stage again, or, aborting, take the acknowledged share with it.
        refused(() -> storage.commitPut(ME, "erp", "s", "p2", 0, write), 409, "secret-exists");
        refused(() -> storage.stageShare(ME, "erp", "s", "p3", share(1, "third", "p3"), write), 409, "secret-exists");
        refused(() -> storage.abortPut(ME, "erp", "s", "p2", write), 404, "no-such-put");
        refused(() -> storage.abortPut(ME, "erp", "s", "p1", write), 409, "put-committed");
        refused(() -> storage.stageShare(ME, "erp", "s", "p1", share(1, "other", "p1"), write), 409, "put-exists");
        assertThat(shareIn(storage.getSecret(ME, "erp", "s", read))).isEqualTo(first);
    }

    @Test
    void aDeleteTakesCommittedAndStagedSharesAndAnAbortOnlyItsOwn() {
        storage.createCollection(ME, "erp", json("{\"acs\": [1], \"quorum\": 1}"), tokens("erp", Action.CREATE, 1));
        List<String> write = tokens("erp", Action.WRITE, 1);
        List<String> read = tokens("erp", Action.READ, 1);
        storage.stageShare(ME, "erp", "s", "p1", share(1, "first", "p1"), write);
        storage.stageShare(ME, "erp", "s", "p2", share(1, "second", "p2"), write);
        storage.abortPut(ME, "erp", "s", "p1", write);
        refused(() -> storage.getPutShare(ME, "erp", "s", "p1", read), 404, "no-such-put");
        refused(() -> storage.commitPut(ME, "erp", "s", "p1", 0, write), 404, "no-such-put");
        assertThat(json(storage.getPutShare(ME, "erp", "s", "p2", read))).isEqualTo(share(1, "second", "p2"));
        assertThat(storage.deleteSecret(ME, "erp", "s", 0, tokens("erp", Action.DELETE, 1)))
                .isEqualTo(new Storage.Deletion(1, null, true));
        refused(() -> storage.getPutShare(ME, "erp", "s", "p2", read), 404, "no-such-put");
        refused(() -> storage.commitPut(ME, "erp", "s", "p2", 0, write), 404, "no-such-put");
        assertThat(storage.deleteSecret(ME, "erp", "s", 1, tokens("erp", Action.DELETE, 1))).as("nothing left to delete")
                .isEqualTo(new Storage.Deletion(2, null, false));
        assertThat(store.get(ServerStore.Kind.SECRETS, "erp/s")).as("only the name's tombstone is left")
                .contains("{\"epoch\":2,\"staged\":{}}");
        refused(() -> storage.stageShare(ME, "erp", "s", "p9", share(1, "x", "p8"), write), 400, "bad-share");
    }

    /**
     * A server that is not the deciding one, fed the deciding server's decisions in the worst orders: each ends
     * with the committed share of the latest decision it was given, never an older one's.
     */
    @Test
    void decisionsAppliedOutOfOrderLeaveTheLatestOnesShare() {
        storage.createCollection(ME, "erp", json("{\"acs\": [1], \"quorum\": 1}"), tokens("erp", Action.CREATE, 1));
        List<String> write = tokens("erp", Action.WRITE, 1);
        List<String> read = tokens("erp", Action.READ, 1);
        List<String> delete = tokens("erp", Action.DELETE, 1);
        JsonNode alice = share(1, "alice", "pa");
        // A delete decided before alice's put (epoch 1) lands here while her share is staged: it keeps it.
        storage.stageShare(ME, "erp", "s", "pa", alice, write);
        refused(() -> storage.applyDelete(ME, "erp", "s", 1, null, delete), 404, "no-such-secret");
        assertThat(json(storage.getPutShare(ME, "erp", "s", "pa", read))).isEqualTo(alice);
        assertThat(storage.applyCommit(ME, "erp", "s", "pa", 2, write)).isTrue();
        assertThat(storage.applyCommit(ME, "erp", "s", "pa", 2, write)).as("a retried commit").isFalse();
        // The same delete arriving again, late: the later commit stands.
        refused(() -> storage.applyDelete(ME, "erp", "s", 1, null, delete), 409, "superseded");
        assertThat(shareIn(storage.getSecret(ME, "erp", "s", read))).isEqualTo(alice);
        // A delete of alice's put (epoch 3), then her commit arriving late: it stays deleted.
        assertThat(storage.applyDelete(ME, "erp", "s", 3, "pa", delete)).isTrue();
        refused(() -> storage.applyCommit(ME, "erp", "s", "pa", 2, write), 409, "superseded");
        refused(() -> storage.getSecret(ME, "erp", "s", read), 404, "no-such-secret");
        // Bob's put staged, then decided (epoch 5) after a delete (epoch 4) whose request comes later still.
        JsonNode bob = share(1, "bob", "pb");
        storage.stageShare(ME, "erp", "s", "pb", bob, write);
        assertThat(storage.applyCommit(ME, "erp", "s", "pb", 5, write)).isTrue();
        refused(() -> storage.applyDelete(ME, "erp", "s", 4, "pa", delete), 409, "superseded");
        assertThat(shareIn(storage.getSecret(ME, "erp", "s", read))).isEqualTo(bob);
        // A commit of an older decision never replaces a newer share; a newer one replaces an older share.
        JsonNode carol = share(1, "carol", "pc");
        refused(() -> storage.stageShare(ME, "erp", "s", "pc", carol, write), 409, "secret-exists");
        assertThat(storage.applyDelete(ME, "erp", "s", 6, "pb", delete)).isTrue();
        storage.stageShare(ME, "erp", "s", "pc", carol, write);
        refused(() -> storage.applyCommit(ME, "erp", "s", "pc", 6, write), 409, "superseded");
        assertThat(storage.applyCommit(ME, "erp", "s", "pc", 7, write)).isTrue();
        assertThat(shareIn(storage.getSecret(ME, "erp", "s", read))).isEqualTo(carol);
        refused(() -> storage.applyCommit(ME, "erp", "s", "px", 9, write), 404, "no-such-put");
    }

    @Test
    void theDecidingServersEpochsOnlyGrowAndADeleteNamesThePutItTook() {
        storage.createCollection(ME, "erp", json("{\"acs\": [1], \"quorum\": 1}"), tokens("erp", Action.CREATE, 1));
        List<String> write = tokens("erp", Action.WRITE, 1);
        List<String> delete = tokens("erp", Action.DELETE, 1);
        assertThat(storage.deleteSecret(ME, "erp", "s", 0, delete)).isEqualTo(new Storage.Deletion(1, null, false));
        storage.stageShare(ME, "erp", "s", "p1", share(1, "first", "p1"), write);
        assertThat(storage.commitPut(ME, "erp", "s", "p1", 1, write)).isEqualTo(new Storage.Decision(2, true));
        assertThat(storage.deleteSecret(ME, "erp", "s", 2, delete)).isEqualTo(new Storage.Deletion(3, "p1", true));
        assertThat(storage.deleteSecret(ME, "erp", "s", 3, delete)).as("a rerun names the put the last delete took")
                .isEqualTo(new Storage.Deletion(4, "p1", false));
        storage.stageShare(ME, "erp", "s", "p2", share(1, "second", "p2"), write);
        assertThat(storage.commitPut(ME, "erp", "s", "p2", 4, write)).isEqualTo(new Storage.Decision(5, true));
        assertThat(storage.describeCollection("erp")).isEqualTo("{\"acs\":[1],\"quorum\":1}");
    }

    /**
     * The deciding server's store put back from a backup (its document for the name as it was) still decides above
     * every epoch it gave out since: an epoch is at least the clock's milliseconds, and a commit's above the epoch
     * its client met on the other servers (a stage answers the epoch applied there), even with the clock set back.
     */
    @Test
    void aDecidingServerRestoredFromABackupDecidesAboveTheEpochsItGaveOutSince() {
        SettableClock decisions = new SettableClock(Instant.parse("2026-12-01T00:00:00Z"));
        long start = decisions.millis();
        Storage deciding = new Storage(store, new TokenVerifier(keys, clock, 100), Set.of(1, 2, 3), decisions);
        deciding.createCollection(ME, "erp", json("{\"acs\": [1], \"quorum\": 1}"), tokens("erp", Action.CREATE, 1));
        List<String> write = tokens("erp", Action.WRITE, 1);
        List<String> delete = tokens("erp", Action.DELETE, 1);
        deciding.stageShare(ME, "erp", "s", "p1", share(1, "first", "p1"), write);
        assertThat(deciding.commitPut(ME, "erp", "s", "p1", 0, write)).isEqualTo(new Storage.Decision(start, true));
        String backup = store.get(ServerStore.Kind.SECRETS, "erp/s").orElseThrow();
        assertThat(deciding.deleteSecret(ME, "erp", "s", start, delete)).as("same millisecond: the next epoch")
                .isEqualTo(new Storage.Deletion(start + 1, "p1", true));
        assertThat(deciding.stageShare(ME, "erp", "s", "p2", share(1, "second", "p2"), write))
                .as("a stage answers the epoch applied here").isEqualTo(new Storage.Staged(true, start + 1));

        decisions.advance(java.time.Duration.ofSeconds(5));
        store.put(ServerStore.Kind.SECRETS, "erp/s", backup); // restored: p1 committed at the first epoch
        assertThat(deciding.deleteSecret(ME, "erp", "s", start + 1, delete).epoch()).as("above the delete the backup missed")
                .isEqualTo(start + 5_000);

        deciding.stageShare(ME, "erp", "t", "p3", share(1, "third", "p3"), write);
        String staged = store.get(ServerStore.Kind.SECRETS, "erp/t").orElseThrow();
        long decided = deciding.commitPut(ME, "erp", "t", "p3", 0, write).epoch();
        decisions.set(Instant.EPOCH); // a clock set back, and the store before the commit
        store.put(ServerStore.Kind.SECRETS, "erp/t", staged);
        assertThat(deciding.commitPut(ME, "erp", "t", "p3", decided, write))
                .as("above the epoch its client met elsewhere").isEqualTo(new Storage.Decision(decided + 1, true));
        assertThat(deciding.commitPut(ME, "erp", "t", "p3", decided + 100, write))
                .as("a retried commit keeps its epoch").isEqualTo(new Storage.Decision(decided + 1, false));
    }

    /**
     * A deciding delete names every put deleted on the deciding server, and a server applying it drops the staged
     * share of each (one whose commit never arrived there), keeps a staged share of a put not decided yet, and records
     * the tombstone's epoch, which a read answer carries; a stage of a deleted put delivered again is refused.
     */
    @Test
    void aDeleteDropsTheStagedSharesOfEveryDeletedPutAndItsTombstoneAnswersReads() {
        storage.createCollection(ME, "erp", json("{\"acs\": [1], \"quorum\": 1}"), tokens("erp", Action.CREATE, 1));
        List<String> write = tokens("erp", Action.WRITE, 1);
        List<String> read = tokens("erp", Action.READ, 1);
        List<String> delete = tokens("erp", Action.DELETE, 1);
        // Deciding side: px committed and deleted, py committed and deleted: the second delete names both.
        storage.stageShare(ME, "erp", "d", "px", share(1, "x", "px"), write);
        storage.commitPut(ME, "erp", "d", "px", 0, write);
        storage.deleteSecret(ME, "erp", "d", 1, delete);
        refused(() -> storage.stageShare(ME, "erp", "d", "px", share(1, "x", "px"), write), 409, "superseded");
        storage.stageShare(ME, "erp", "d", "py", share(1, "y", "py"), write);
        storage.commitPut(ME, "erp", "d", "py", 2, write);
        assertThat(storage.deleteSecret(ME, "erp", "d", 3, delete))
                .isEqualTo(new Storage.Deletion(4, "py", true, List.of("py", "px")));
        refused(() -> storage.stageShare(ME, "erp", "d", "px", share(1, "x", "px"), write), 409, "superseded");
        assertThatThrownBy(() -> storage.getSecret(ME, "erp", "d", read)).isInstanceOfSatisfying(Refusal.class,
                r -> assertThat(r.fields().path("epoch").asLong()).isEqualTo(4));
        // Applying side: px's commit never arrived (staged), py committed at 3, pz staged and not decided yet.
        storage.stageShare(ME, "erp", "a", "px", share(1, "x", "px"), write);
        storage.stageShare(ME, "erp", "a", "py", share(1, "y", "py"), write);
        storage.stageShare(ME, "erp", "a", "pz", share(1, "z", "pz"), write);
        storage.applyCommit(ME, "erp", "a", "py", 3, write);
        assertThat(storage.applyDeletion(ME, "erp", "a", 4, List.of("py", "px"), delete)).isTrue();
        refused(() -> storage.getPutShare(ME, "erp", "a", "px", read), 404, "no-such-put");
        refused(() -> storage.getPutShare(ME, "erp", "a", "py", read), 404, "no-such-put");
        assertThat(json(storage.getPutShare(ME, "erp", "a", "pz", read))).isEqualTo(share(1, "z", "pz"));
        assertThatThrownBy(() -> storage.getSecret(ME, "erp", "a", read)).isInstanceOfSatisfying(Refusal.class,
                r -> assertThat(r.fields().path("epoch").asLong()).isEqualTo(4));
    }

    /** A delete, like a commit, is decided above the epoch its client met on the other servers ({@code epoch}). */
    @Test
    void aDeleteIsDecidedAboveTheEpochsItsClientMet() {
        storage.createCollection(ME, "erp", json("{\"acs\": [1], \"quorum\": 1}"), tokens("erp", Action.CREATE, 1));
        List<String> write = tokens("erp", Action.WRITE, 1);
        List<String> delete = tokens("erp", Action.DELETE, 1);
        assertThat(storage.epoch(ME, "erp", "s", delete)).as("no decision yet").isZero();
        storage.stageShare(ME, "erp", "s", "p1", share(1, "first", "p1"), write);
        assertThat(storage.commitPut(ME, "erp", "s", "p1", 0, write)).isEqualTo(new Storage.Decision(1, true));
        assertThat(storage.epoch(ME, "erp", "s", delete)).isEqualTo(1);
        assertThat(storage.deleteSecret(ME, "erp", "s", 40, delete)).isEqualTo(new Storage.Deletion(41, "p1", true));
        refused(() -> storage.deleteSecret(ME, "erp", "s", 7, delete), 409, "superseded"); // sent for an older state
        assertThat(storage.deleteSecret(ME, "erp", "s", 41, delete)).as("a rerun, above the last delete")
                .isEqualTo(new Storage.Deletion(42, "p1", false));
        assertThat(storage.epoch(ME, "erp", "s", delete)).isEqualTo(42);
        refused(() -> storage.epoch(ME, "erp", "s", tokens("erp", Action.READ, 1)), 403, "wrong-action");
    }

    @Test
    void aShareStoredBeforeStagingExistedReadsAsCommitted() {
        storage.createCollection(ME, "erp", json("{\"acs\": [1], \"quorum\": 1}"), tokens("erp", Action.CREATE, 1));
        JsonNode old = share(1, "old", "p0");
        store.put(ServerStore.Kind.SECRETS, "erp/s", old.toString());
        assertThat(shareIn(storage.getSecret(ME, "erp", "s", tokens("erp", Action.READ, 1)))).isEqualTo(old);
        refused(() -> storage.abortPut(ME, "erp", "s", "p0", tokens("erp", Action.WRITE, 1)), 409, "put-committed");
    }

    @Test
    void callsNeedTheCollectionsQuorumOfItsOwnServers() {
        storage.createCollection(ME, "erp", json("{\"acs\": [1, 2], \"quorum\": 2}"), tokens("erp", Action.CREATE, 1, 2));
        refused(() -> storage.getSecret(ME, "erp", "s", tokens("erp", Action.READ, 1)), 403, "quorum-not-met");
        refused(() -> storage.getSecret(ME, "erp", "s", tokens("erp", Action.READ, 3)), 403, "wrong-server");
        refused(() -> storage.getSecret(ME, "erp", "s", tokens("erp", Action.WRITE, 1, 2)), 403, "wrong-action");
        refused(() -> storage.getSecret(ME, "erp", "s", tokens("hr", Action.READ, 1, 2)), 403, "wrong-object");
        refused(() -> storage.getSecret(ME, "erp", "s", List.of()), 401, "missing-token");
        refused(() -> storage.getSecret(ME, "hr", "s", tokens("hr", Action.READ, 1, 2)), 404, "no-such-collection");
    }

    /**
     * A share's answer carries this server's record of the collection's servers, and so do its refusals once the
     * collection is found: a reader checks it before returning a value, and needs no other request for it.
     */
    @Test
    void aShareReadCarriesTheCollectionsServersAnsweredOrRefused() {
        storage.createCollection(ME, "erp", json("{\"acs\": [1, 2], \"quorum\": 2}"), tokens("erp", Action.CREATE, 1, 2));
        JsonNode record = json("{\"acs\": [1, 2], \"quorum\": 2}");
        List<String> read = tokens("erp", Action.READ, 1, 2);
        assertThatThrownBy(() -> storage.getSecret(ME, "erp", "s", read)).isInstanceOfSatisfying(Refusal.class,
                r -> assertThat(r.fields().get("collection")).as("no-such-secret").isEqualTo(record));
        assertThatThrownBy(() -> storage.getSecret(ME, "erp", "s", tokens("erp", Action.READ, 3)))
                .isInstanceOfSatisfying(Refusal.class, r -> {
                    assertThat(r.code()).isEqualTo("wrong-server");
                    assertThat(r.fields().get("collection")).isEqualTo(record);
                });
        storage.putSecret(ME, "erp", "s", share(1, "x"), tokens("erp", Action.WRITE, 1, 2));
        assertThat(json(storage.getSecret(ME, "erp", "s", read)).get("collection")).isEqualTo(record);
        assertThatThrownBy(() -> storage.getSecret(ME, "hr", "s", read)).isInstanceOfSatisfying(Refusal.class,
                r -> assertThat(r.fields().has("collection")).as("no such collection here: no record").isFalse());
    }

    @Test
    void badRequestsAreRefused() {
        refused(() -> storage.createCollection(ME, "erp", json("{\"acs\": [1, 7], \"quorum\": 1}"),
                tokens("erp", Action.CREATE, 1)), 400, "bad-collection");
        refused(() -> storage.createCollection(ME, "erp", json("{\"acs\": [1], \"quorum\": 2}"),
                tokens("erp", Action.CREATE, 1)), 400, "bad-collection");
        refused(() -> storage.createCollection(ME, "e/rp", json("{\"acs\": [1], \"quorum\": 1}"),
                tokens("erp", Action.CREATE, 1)), 400, "bad-name");
        // 2^32 + 1 would be quorum 1 if read with intValue() alone.
        refused(() -> storage.createCollection(ME, "erp", json("{\"acs\": [1], \"quorum\": 4294967297}"),
                tokens("erp", Action.CREATE, 1)), 400, "bad-collection");
        refused(() -> storage.createCollection(ME, "..", json("{\"acs\": [1], \"quorum\": 1}"),
                tokens("erp", Action.CREATE, 1)), 400, "bad-name");
        storage.createCollection(ME, "erp", json("{\"acs\": [1], \"quorum\": 1}"), tokens("erp", Action.CREATE, 1));
        refused(() -> storage.createCollection(ME, "erp", json("{\"acs\": [1, 2], \"quorum\": 1}"),
                tokens("erp", Action.CREATE, 1, 2)), 409, "collection-exists");
        JsonNode damaged = ((com.fasterxml.jackson.databind.node.ObjectNode) share(1, "x")).put("digest", "00".repeat(32));
        refused(() -> storage.putSecret(ME, "erp", "s", damaged, tokens("erp", Action.WRITE, 1)), 400, "bad-digest");
        refused(() -> storage.putSecret(ME, "erp", "s", json("{\"index\": 0, \"k\": 1, \"n\": 1, \"share\": \"AA==\", "
                + "\"digest\": \"00\"}"), tokens("erp", Action.WRITE, 1)), 400, "bad-share");
        refused(() -> storage.putSecret(ME, "erp", "a b", share(1, "x"), tokens("erp", Action.WRITE, 1)), 400, "bad-name");
    }

    private List<String> tokens(String collection, Action action, int... issuers) {
        return java.util.Arrays.stream(issuers)
                .mapToObj(id -> acs[id].issue("collection:" + collection, action, ME, 60).text()).toList();
    }

    static JsonNode share(int index, String bytes, String put) {
        return ((com.fasterxml.jackson.databind.node.ObjectNode) share(index, bytes)).put("put", put);
    }

    static JsonNode share(int index, String bytes) {
        byte[] raw = bytes.getBytes(StandardCharsets.UTF_8);
        try {
            return JSON.createObjectNode().put("index", index).put("k", 2).put("n", 3)
                    .put("share", Base64.getEncoder().encodeToString(raw))
                    .put("digest", HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(raw)));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new AssertionError(e);
        }
    }

    /** The share record in a {@code getSecret} answer (without the collection's record beside its fields). */
    private static JsonNode shareIn(String answer) {
        return ((com.fasterxml.jackson.databind.node.ObjectNode) json(answer)).without(List.of("collection", "epoch"));
    }

    private static JsonNode json(String text) {
        try {
            return JSON.readTree(text);
        } catch (java.io.IOException e) {
            throw new AssertionError(e);
        }
    }

    private static void refused(ThrowingCallable call, int status, String code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(Refusal.class, r -> {
            assertThat(r.code()).as("code of %s", r).isEqualTo(code);
            assertThat(r.status()).as("status of %s", r).isEqualTo(status);
        });
    }
}
