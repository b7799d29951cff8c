package org.maat.vault.review;

import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PublicKey;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.client.Share;
import org.maat.vault.client.ShareRecord;
import org.maat.vault.client.Shares;
import org.maat.vault.ss.Storage;
import org.maat.vault.store.ServerStore;
import org.maat.vault.token.Action;
import org.maat.vault.token.Refusal;
import org.maat.vault.token.TokenSigner;
import org.maat.vault.token.TokenVerifier;

/**
 * Attack with duplicated requests (PROTOCOL.md: a token is reusable until it expires, 300 s): three storage servers
 * of one 2-of-3 collection, driven as the vault client drives them. A put of V is staged on every server, decided
 * on server 1 and committed on 2 and 3 (acknowledged); a delete asks every epoch, is decided on server 1 and applied
 * on 2 and 3 (acknowledged, every share gone). Then the put's own requests arrive a second time, as the network
 * delivers a duplicate, within their tokens' lifetime: its three stage requests, and its deciding commit.
 *
 * <p>What breaks: server 1's slot after the delete is a tombstone naming the put it deleted, yet it takes a stage of
 * that very put again (a staged share is refused only when a committed one is there) and then decides it again, at a
 * new epoch above the delete's. Servers 2 and 3 take the stages too. A reader then finds put P committed on server 1
 * and, as it does for a put seen committed, asks servers 2 and 3 for P's staged share: two shares, and the deleted
 * value comes back. {@code DecisionScheduleTest} replays only the decisions sent to servers 2 and 3, never a stage or
 * the deciding commit. The second test duplicates a delete's deciding request: it takes a later acknowledged put.
 */
class ReplayedPutResurrectsDeletedSecretTest {

    private static final String ME = "0c".repeat(32);
    private static final String C = "erp";
    private static final String NAME = "master";
    private static final String P = "5eed".repeat(8);
    private static final byte[] V = "the deleted master key".getBytes(StandardCharsets.UTF_8);

    @TempDir
    Path dir;

    private final ServerStore[] stores = new ServerStore[4];
    private final Storage[] servers = new Storage[4];
    private final Map<Action, List<String>> tokens = new java.util.EnumMap<>(Action.class);
    private final TokenSigner[] acs = new TokenSigner[4];

    @AfterEach
    void close() {
        for (int id = 1; id <= 3; id++) {
            if (stores[id] != null) {
                stores[id].close();
            }
        }
    }

    private void open() throws Exception {
        Map<Integer, PublicKey> keys = new HashMap<>();
        for (int id = 1; id <= 3; id++) {
            KeyPair pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
            acs[id] = new TokenSigner(id, pair.getPrivate(), Clock.systemUTC());
            keys.put(id, pair.getPublic());
        }
        for (int id = 1; id <= 3; id++) {
            stores[id] = ServerStore.open(dir.resolve("server-" + id + ".mv.db"));
            servers[id] = new Storage(stores[id], new TokenVerifier(keys, Clock.systemUTC(), 100), Set.of(1, 2, 3));
            servers[id].createCollection(ME, C, new ObjectMapper().readTree("{\"acs\": [1, 2, 3], \"quorum\": 2}"),
                    tokens(Action.CREATE));
        }
    }

    @Test
    void aDuplicatedStageAndCommitOfADeletedPutDoNotBringItsValueBack() throws Exception {
        open();
        SecureRandom random = SecureRandom.getInstance("SHA1PRNG");
        random.setSeed(29L);
        List<Share> shares = Shares.split(V, 2, 3, random);
        Map<Integer, JsonNode> stage = new HashMap<>();
        for (int id = 1; id <= 3; id++) {
            stage.put(id, ShareRecord.toJson(shares.get(id - 1).ofPut(P)));
        }

        // The put, as the client runs it: stage everywhere, decide on 1 above the epochs met, commit on 2 and 3.
        long after = 0;
        for (int id = 1; id <= 3; id++) {
            after = Math.max(after, servers[id].stageShare(ME, C, NAME, P, stage.get(id), tokens(Action.WRITE)).epoch());
        }
        long decided = servers[1].commitPut(ME, C, NAME, P, after, tokens(Action.WRITE)).epoch();
        servers[2].applyCommit(ME, C, NAME, P, decided, tokens(Action.WRITE));
        servers[3].applyCommit(ME, C, NAME, P, decided, tokens(Action.WRITE));

        // The delete, as the client runs it: epochs asked, decided on 1 above them, applied on 2 and 3.
        long highest = 0;
        for (int id = 1; id <= 3; id++) {
            highest = Math.max(highest, servers[id].epoch(ME, C, NAME, tokens(Action.DELETE)));
        }
        Storage.Deletion deletion = servers[1].deleteSecret(ME, C, NAME, highest, tokens(Action.DELETE));
        servers[2].applyDelete(ME, C, NAME, deletion.epoch(), deletion.put(), tokens(Action.DELETE));
        servers[3].applyDelete(ME, C, NAME, deletion.epoch(), deletion.put(), tokens(Action.DELETE));
        List<String> trace = new ArrayList<>();
        trace.add("put " + P.substring(0, 8) + " staged, decided at " + decided + ", committed on 2 and 3: acknowledged");
        trace.add("delete decided at " + deletion.epoch() + " (put " + deletion.put().substring(0, 8)
                + "), applied on 2 and 3: acknowledged; committed shares now: " + committed());

        // The put's requests delivered a second time, with the same bodies and tokens.
        for (int id = 1; id <= 3; id++) {
            try {
                servers[id].stageShare(ME, C, NAME, P, stage.get(id), tokens(Action.WRITE));
                trace.add("duplicate stage of the deleted put on server " + id + ": taken");
            } catch (Refusal refused) {
                trace.add("duplicate stage on server " + id + ": refused " + refused.getMessage());
            }
        }
        try {
            long again = servers[1].commitPut(ME, C, NAME, P, after, tokens(Action.WRITE)).epoch();
            trace.add("duplicate deciding commit on server 1: decided again at " + again);
        } catch (Refusal refused) {
            trace.add("duplicate deciding commit on server 1: refused " + refused.getMessage());
        }

        // A reader: committed shares from each server, then the staged share of each put seen committed.
        List<Share> found = new ArrayList<>();
        List<Integer> absent = new ArrayList<>();
        String seen = null;
        for (int id = 1; id <= 3; id++) {
            try {
                Share share = ShareRecord.fromJson(new ObjectMapper().readTree(
                        servers[id].getSecret(ME, C, NAME, tokens(Action.READ))));
                found.add(share);
                seen = share.put();
            } catch (Refusal refused) {
                absent.add(id);
            }
        }
        if (seen != null) {
            for (int id : absent) {
                try {
                    found.add(ShareRecord.fromJson(new ObjectMapper().readTree(
                            servers[id].getPutShare(ME, C, NAME, seen, tokens(Action.READ)))));
                } catch (Refusal refused) {
                    // no share of it there
                }
            }
        }
        Optional<byte[]> value = found.size() >= 2 ? Shares.combine(found.subList(0, 2)) : Optional.empty();
        if (!found.isEmpty()) {
            fail(String.join("\n", trace) + "\nafter the acknowledged delete, committed shares: " + committed()
                    + "; a reader gets " + found.size() + " shares of the deleted put"
                    + value.map(v -> " and recovers \"" + new String(v, StandardCharsets.UTF_8) + "\"").orElse(""));
        }
    }

    /**
     * The same duplication, of a delete: put P acknowledged, delete acknowledged, put Q (another value) acknowledged;
     * then the delete's deciding request ({@code DELETE ...?after=A}, its tokens still valid) arrives a second time.
     * Server 1 decides it anew, above Q's epoch, and removes Q's committed share: a deciding delete is not tied to the
     * put it was sent to delete. With server 2 down (the other two: k = 2 shares and 2 of 3 ACSs), the acknowledged
     * Q must read back; a reader gets Q's committed share from server 3, finds Q neither committed nor staged on
     * server 1, and has one share of the two it needs.
     */
    @Test
    void aDuplicatedDeletingRequestDoesNotTakeALaterAcknowledgedPut() throws Exception {
        open();
        SecureRandom random = SecureRandom.getInstance("SHA1PRNG");
        random.setSeed(30L);
        String q = "0a0b".repeat(8);
        byte[] w = "the later, acknowledged key".getBytes(StandardCharsets.UTF_8);
        put(P, V, random);
        long highest = 0;
        for (int id = 1; id <= 3; id++) {
            highest = Math.max(highest, servers[id].epoch(ME, C, NAME, tokens(Action.DELETE)));
        }
        Storage.Deletion deletion = servers[1].deleteSecret(ME, C, NAME, highest, tokens(Action.DELETE));
        servers[2].applyDelete(ME, C, NAME, deletion.epoch(), deletion.put(), tokens(Action.DELETE));
        servers[3].applyDelete(ME, C, NAME, deletion.epoch(), deletion.put(), tokens(Action.DELETE));
        put(q, w, random);
        String before = committed();
        String again;
        try {
            Storage.Deletion twice = servers[1].deleteSecret(ME, C, NAME, highest, tokens(Action.DELETE));
            again = "decided at " + twice.epoch() + ", removed=" + twice.removed();
        } catch (Refusal refused) {
            again = "refused " + refused.getMessage();
        }

        List<Share> found = new ArrayList<>();
        for (int id : List.of(1, 3)) {
            try {
                found.add(ShareRecord.fromJson(new ObjectMapper().readTree(
                        servers[id].getSecret(ME, C, NAME, tokens(Action.READ)))));
            } catch (Refusal refused) {
                try {
                    found.add(ShareRecord.fromJson(new ObjectMapper().readTree(
                            servers[id].getPutShare(ME, C, NAME, q, tokens(Action.READ)))));
                } catch (Refusal none) {
                    // neither committed nor staged there
                }
            }
        }
        Optional<byte[]> value = found.size() >= 2 ? Shares.combine(found) : Optional.empty();
        if (value.isEmpty()) {
            fail("put " + P.substring(0, 8) + " acknowledged; delete decided at " + deletion.epoch()
                    + " above epoch " + highest + ", acknowledged; put " + q.substring(0, 8) + " acknowledged ("
                    + before + "); the delete's deciding request delivered again: " + again
                    + " (" + committed() + "); with server 2 down, servers 1 and 3 "
                    + "give " + found.size() + " share(s) of the acknowledged put, 2 needed: it is lost");
        }
    }

    /** A put as the client runs it: staged everywhere, decided on 1 above the epochs met, committed on 2 and 3. */
    private void put(String put, byte[] value, SecureRandom random) {
        List<Share> shares = Shares.split(value, 2, 3, random);
        long after = 0;
        for (int id = 1; id <= 3; id++) {
            after = Math.max(after, servers[id].stageShare(ME, C, NAME, put,
                    ShareRecord.toJson(shares.get(id - 1).ofPut(put)), tokens(Action.WRITE)).epoch());
        }
        long decided = servers[1].commitPut(ME, C, NAME, put, after, tokens(Action.WRITE)).epoch();
        servers[2].applyCommit(ME, C, NAME, put, decided, tokens(Action.WRITE));
        servers[3].applyCommit(ME, C, NAME, put, decided, tokens(Action.WRITE));
    }

    private String committed() {
        StringBuilder text = new StringBuilder();
        for (int id = 1; id <= 3; id++) {
            String answer;
            try {
                answer = new ObjectMapper().readTree(servers[id].getSecret(ME, C, NAME, tokens(Action.READ)))
                        .path("put").asText().substring(0, 8);
            } catch (Refusal refused) {
                answer = "none";
            } catch (Exception e) {
                answer = e.toString();
            }
            text.append(id == 1 ? "" : ", ").append("server ").append(id).append(": ").append(answer);
        }
        return text.toString();
    }

    private List<String> tokens(Action action) {
        return tokens.computeIfAbsent(action, a -> List.of(acs[1].issue("collection:" + C, a, ME, 600).text(),
                acs[2].issue("collection:" + C, a, ME, 600).text()));
    }
}
