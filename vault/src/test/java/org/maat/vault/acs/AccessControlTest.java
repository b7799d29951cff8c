package org.maat.vault.acs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.time.Instant;
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
import org.maat.vault.token.Token;
import org.maat.vault.token.TokenSigner;
import org.maat.vault.token.TokenVerifier;

class AccessControlTest {

    // Clients (fingerprints) and their accounts: ops has two clients.
    private static final String OPS_1 = "01".repeat(32);
    private static final String OPS_2 = "02".repeat(32);
    private static final String AUDIT = "03".repeat(32);
    private static final String BOSS = "04".repeat(32);
    private static final String STRANGER = "ff".repeat(32);
    private static final String ERP = "collection:erp";

    @TempDir
    Path dir;

    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-25T12:00:00Z"));
    private ServerStore store;
    private TokenVerifier verifier;
    private AccessControl acs;

    @BeforeEach
    void open() throws Exception {
        KeyPair key = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        store = ServerStore.open(dir.resolve("store.mv.db"));
        verifier = new TokenVerifier(Map.of(1, key.getPublic()), clock, 100);
        acs = new AccessControl(store, new TokenSigner(1, key.getPrivate(), clock), verifier,
                Map.of(OPS_1, "ops", OPS_2, "ops", AUDIT, "audit", BOSS, "boss"), clock);
    }

    @AfterEach
    void close() {
        store.close();
    }

    @Test
    void aMemberOfASingleAccountVerifierGetsATokenBoundToItsCertificate() {
        permit(Action.READ, verifier("{\"accounts\": [\"ops\"]}"));
        TokenGrant grant = acs.requestToken(OPS_2, ERP, Action.READ, 120);
        assertThat(grant.isIssued()).isTrue();
        assertThat(grant.expires()).isEqualTo(clock.instant().getEpochSecond() + 120);
        Token token = verifier.check(grant.token(), ERP, Action.READ, OPS_2, Set.of(1));
        assertThat(token.subject()).isEqualTo(OPS_2);
        refused(() -> verifier.check(grant.token(), ERP, Action.READ, OPS_1, Set.of(1)), 403, "wrong-client");
    }

    @Test
    void unknownClientsObjectsAndActionsAreRefused() {
        permit(Action.READ, verifier("{\"accounts\": [\"ops\"]}"));
        refused(() -> acs.requestToken(STRANGER, ERP, Action.READ, 60), 403, "unknown-client");
        refused(() -> acs.createVerifier(STRANGER, json("{\"accounts\": [\"ops\"]}")), 403, "unknown-client");
        refused(() -> acs.requestToken(OPS_1, "collection:hr", Action.READ, 60), 403, "no-permission");
        refused(() -> acs.requestToken(OPS_1, ERP, Action.DELETE, 60), 403, "no-permission");
        refused(() -> acs.requestToken(AUDIT, ERP, Action.READ, 60), 403, "not-permitted");
        refused(() -> acs.requestToken(OPS_1, "erp", Action.READ, 60), 400, "bad-name");
        refused(() -> acs.requestToken(OPS_1, ERP, Action.READ, 3601), 400, "bad-ttl");
    }

    @Test
    void badVerifiersAreRefused() {
        refused(() -> acs.createVerifier(OPS_1, json("{\"accounts\": []}")), 400, "bad-verifier");
        refused(() -> acs.createVerifier(OPS_1, json("{\"accounts\": [\"nobody\"]}")), 400, "unknown-account");
        refused(() -> acs.createVerifier(OPS_1, json("{\"accounts\": [\"ops\"], \"required\": 2}")), 400, "bad-verifier");
        refused(() -> acs.createVerifier(OPS_1, json("{\"accounts\": [\"ops\"], \"modules\": [{\"type\": \"approval\", "
                + "\"account\": \"nobody\"}]}")), 400, "unknown-account");
        refused(() -> acs.createVerifier(OPS_1, json("{\"accounts\": [\"ops\"], \"modules\": [{\"type\": \"dice\"}]}")),
                400, "bad-verifier");
        refused(() -> acs.setPermissions(OPS_1, ERP, json("{\"read\": [\"no-such-id\"]}"), List.of()),
                400, "unknown-verifier");
    }

    @Test
    void requiredAccountsWaitForApprovalsFromDistinctAccounts() {
        permit(Action.READ, verifier("{\"accounts\": [\"ops\", \"audit\", \"boss\"], \"required\": 3}"));
        TokenGrant pending = acs.requestToken(OPS_1, ERP, Action.READ, 60);
        assertThat(pending.isIssued()).isFalse();
        assertThat(pending.waitingFor()).containsExactly("audit", "boss");
        String id = pending.request();

        // Another client of the requester's own account adds nothing.
        assertThat(acs.approve(OPS_2, id)).containsExactly("audit", "boss");
        assertThat(acs.poll(OPS_1, id).waitingFor()).containsExactly("audit", "boss");
        assertThat(acs.approve(AUDIT, id)).containsExactly("boss");
        assertThat(acs.poll(OPS_1, id).isIssued()).isFalse();
        assertThat(acs.approve(BOSS, id)).isEmpty();

        TokenGrant granted = acs.poll(OPS_1, id);
        assertThat(granted.isIssued()).isTrue();
        verifier.check(granted.token(), ERP, Action.READ, OPS_1, Set.of(1));
        // Only the requester collects it.
        refused(() -> acs.poll(OPS_2, id), 404, "no-such-request");
        refused(() -> acs.approve(STRANGER, id), 403, "unknown-client");
    }

    @Test
    void anApprovalModuleWaitsForThatAccount() {
        permit(Action.WRITE, verifier("{\"accounts\": [\"ops\"], \"modules\": [{\"type\": \"approval\", \"account\": \"boss\"}]}"));
        TokenGrant pending = acs.requestToken(OPS_1, ERP, Action.WRITE, 60);
        assertThat(pending.waitingFor()).containsExactly("boss");
        assertThat(acs.approve(AUDIT, pending.request())).containsExactly("boss");
        assertThat(acs.poll(OPS_1, pending.request()).isIssued()).isFalse();
        acs.approve(BOSS, pending.request());
        assertThat(acs.poll(OPS_1, pending.request()).isIssued()).isTrue();
    }

    @Test
    void pendingRequestsExpireAfterFiveMinutes() {
        permit(Action.READ, verifier("{\"accounts\": [\"ops\", \"boss\"], \"required\": 2}"));
        String id = acs.requestToken(OPS_1, ERP, Action.READ, 60).request();
        clock.advance(AccessControl.PENDING_LIFETIME.minusSeconds(1));
        assertThat(acs.poll(OPS_1, id).isIssued()).isFalse();
        clock.advance(Duration.ofSeconds(1));
        refused(() -> acs.approve(BOSS, id), 404, "no-such-request");
        refused(() -> acs.poll(OPS_1, id), 404, "no-such-request");
    }

    @Test
    void aTimeWindowGrantsOnlyWhileOpenIncludingAcrossMidnight() {
        permit(Action.READ, verifier("{\"accounts\": [\"ops\"], \"modules\": [{\"type\": \"time-window\", "
                + "\"from\": \"22:00\", \"to\": \"02:00\"}]}"));
        refused(() -> acs.requestToken(OPS_1, ERP, Action.READ, 60), 403, "outside-time-window");
        clock.set(Instant.parse("2026-11-25T23:15:00Z"));
        assertThat(acs.requestToken(OPS_1, ERP, Action.READ, 60).isIssued()).isTrue();
        clock.set(Instant.parse("2026-11-26T01:59:00Z"));
        assertThat(acs.requestToken(OPS_1, ERP, Action.READ, 60).isIssued()).isTrue();
        clock.set(Instant.parse("2026-11-26T02:00:00Z"));
        refused(() -> acs.requestToken(OPS_1, ERP, Action.READ, 60), 403, "outside-time-window");
        // A non-member is not told about windows.
        refused(() -> acs.requestToken(AUDIT, ERP, Action.READ, 60), 403, "not-permitted");
    }

    @Test
    void anyOneSatisfiedVerifierGrants() {
        String closed = verifier("{\"accounts\": [\"ops\"], \"modules\": [{\"type\": \"time-window\", "
                + "\"from\": \"01:00\", \"to\": \"02:00\"}]}");
        String open = verifier("{\"accounts\": [\"ops\", \"audit\"]}");
        permit(Action.READ, closed, open);
        assertThat(acs.requestToken(OPS_1, ERP, Action.READ, 60).isIssued()).isTrue();
    }

    @Test
    void replacingPermissionsNeedsACreateTokenTheOldOnesGrant() {
        String ops = verifier("{\"accounts\": [\"ops\"]}");
        String audit = verifier("{\"accounts\": [\"audit\"]}");
        assertThat(acs.setPermissions(OPS_1, ERP, json("{\"create\": [\"" + ops + "\"]}"), List.of())).isTrue();
        refused(() -> acs.setPermissions(AUDIT, ERP, json("{\"create\": [\"" + audit + "\"]}"), List.of()),
                401, "missing-token");
        refused(() -> acs.requestToken(AUDIT, ERP, Action.CREATE, 60), 403, "not-permitted");
        String firstCreate = acs.requestToken(OPS_1, ERP, Action.CREATE, 60).token();
        assertThat(acs.setPermissions(OPS_1, ERP, json("{\"create\": [\"" + ops + "\"], \"read\": [\"" + ops + "\"]}"),
                List.of(firstCreate))).isFalse();
        String readToken = acs.requestToken(OPS_1, ERP, Action.READ, 60).token();
        refused(() -> acs.setPermissions(OPS_1, ERP, json("{\"create\": [\"" + audit + "\"]}"), List.of(readToken)),
                403, "wrong-action");
        String create = acs.requestToken(OPS_1, ERP, Action.CREATE, 60).token();
        assertThat(acs.setPermissions(OPS_1, ERP, json("{\"create\": [\"" + audit + "\"]}"), List.of(create))).isFalse();
        refused(() -> acs.requestToken(OPS_1, ERP, Action.CREATE, 60), 403, "not-permitted");
        assertThat(acs.requestToken(AUDIT, ERP, Action.CREATE, 60).isIssued()).isTrue();
    }

    @Test
    void theClaimingAccountOwnsThePermissionsAndReplacingThemKeepsTheOwner() {
        String both = verifier("{\"accounts\": [\"ops\", \"audit\"]}");
        String ops = verifier("{\"accounts\": [\"ops\"]}");
        refused(() -> acs.setPermissions(AUDIT, ERP, json("{\"owner\": \"audit\", \"create\": [\"" + both + "\"]}"),
                List.of()), 400, "bad-permissions");
        assertThat(acs.setPermissions(OPS_1, ERP, json("{\"create\": [\"" + both + "\"], \"read\": [\"" + ops + "\"]}"),
                List.of())).isTrue();
        TokenGrant create = acs.requestToken(AUDIT, ERP, Action.CREATE, 60);
        assertThat(create.owner()).isEqualTo("ops");
        assertThat(acs.setPermissions(AUDIT, ERP, json("{\"create\": [\"" + both + "\"], \"read\": [\"" + both
                + "\"]}"), List.of(create.token()))).isFalse();
        assertThat(acs.requestToken(AUDIT, ERP, Action.READ, 60).owner()).isEqualTo("ops");

        JsonNode shown = acs.permissions(AUDIT, ERP);
        assertThat(shown.get("object").textValue()).isEqualTo(ERP);
        assertThat(shown.get("owner").textValue()).isEqualTo("ops");
        assertThat(shown.get("read").get(0).get("id").textValue()).isEqualTo(both);
        assertThat(shown.get("read").get(0).get("accounts").toString()).isEqualTo("[\"audit\",\"ops\"]");
        assertThat(shown.has("write")).isFalse();
        refused(() -> acs.permissions(STRANGER, ERP), 403, "unknown-client");
        refused(() -> acs.permissions(OPS_1, "collection:hr"), 404, "no-such-object");
        refused(() -> acs.permissions(OPS_1, "collection:.."), 400, "bad-name");
    }

    @Test
    void permissionsStoredBeforeOwnersWereRecordedHaveAnUnknownOwner() {
        String ops = verifier("{\"accounts\": [\"ops\"]}");
        store.put(ServerStore.Kind.PERMISSIONS, ERP, "{\"read\": [\"" + ops + "\"], \"create\": [\"" + ops + "\"]}");
        TokenGrant read = acs.requestToken(OPS_1, ERP, Action.READ, 60);
        assertThat(read.isIssued()).isTrue();
        assertThat(read.owner()).isNull();
        assertThat(acs.permissions(OPS_1, ERP).get("owner").isNull()).isTrue();
        String create = acs.requestToken(OPS_1, ERP, Action.CREATE, 60).token();
        assertThat(acs.setPermissions(OPS_1, ERP, json("{\"read\": [\"" + ops + "\"]}"), List.of(create))).isFalse();
        assertThat(acs.permissions(OPS_1, ERP).get("owner").isNull()).as("replacing keeps the owner, even unknown")
                .isTrue();
    }

    @Test
    void aHugeRequiredCountIsRefusedAndADuplicatedKeyIsNeverRead() {
        refused(() -> acs.createVerifier(OPS_1, json("{\"accounts\": [\"ops\"], \"required\": 4294967297}")),
                400, "bad-verifier");
        assertThatThrownBy(() -> json("{\"accounts\": [\"audit\"], \"accounts\": [\"ops\"]}"))
                .hasStackTraceContaining("Duplicate field 'accounts'");
    }

    private String verifier(String json) {
        return acs.createVerifier(OPS_1, json(json));
    }

    private void permit(Action action, String... verifierIds) {
        StringBuilder ids = new StringBuilder();
        for (String id : verifierIds) {
            ids.append(ids.length() == 0 ? "" : ",").append('"').append(id).append('"');
        }
        assertThat(acs.setPermissions(OPS_1, ERP, json("{\"" + action.wireName() + "\": [" + ids + "]}"), List.of()))
                .isTrue();
    }

    private static JsonNode json(String text) {
        return Json.stored(text);
    }

    private static void refused(ThrowingCallable call, int status, String code) {
        assertThatThrownBy(call).isInstanceOfSatisfying(Refusal.class, r -> {
            assertThat(r.code()).as("code of %s", r).isEqualTo(code);
            assertThat(r.status()).as("status of %s", r).isEqualTo(status);
        });
    }
}
