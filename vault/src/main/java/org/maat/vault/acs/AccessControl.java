package org.maat.vault.acs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.maat.vault.store.ServerStore;
import org.maat.vault.store.ServerStore.Kind;
import org.maat.vault.token.Action;
import org.maat.vault.token.ObjectNames;
import org.maat.vault.token.Refusal;
import org.maat.vault.token.TokenSigner;
import org.maat.vault.token.TokenVerifier;

/**
 * One access-control server (PROTOCOL.md, "/acs"). Callers are identified by their certificate's fingerprint;
 * one that vault.json does not list is refused ({@code unknown-client}) by every call. Verifiers and permissions
 * live in the server's {@link ServerStore} (durable before a call returns); pending token requests live in
 * memory for {@link #PENDING_LIFETIME} and only their requester may collect the token.
 *
 * <p>A token is granted when any verifier of the object's permission for the action is satisfied. Otherwise:
 * 202 with a pending request when some verifier waits only for approvals; 403 {@code outside-time-window} when
 * the caller belongs to a verifier whose window is closed; 403 {@code not-permitted} when the caller belongs to
 * none; 403 {@code no-permission} when the object has no permission for the action. Thread-safe.
 */
public final class AccessControl {

    /** How long a pending token request waits for approvals. */
    public static final Duration PENDING_LIFETIME = Duration.ofMinutes(5);
    /** Pending requests held at most, so that no client can fill the memory with them. */
    static final int MAX_PENDING = 10_000;

    private final ServerStore store;
    private final TokenSigner signer;
    private final TokenVerifier ownTokens;
    private final Map<String, String> accountByFingerprint;
    private final Set<String> accounts;
    private final Clock clock;
    private final ConcurrentHashMap<String, PendingRequest> pending = new ConcurrentHashMap<>();
    /** Verifiers never change once created, so each is parsed once. */
    private final ConcurrentHashMap<String, Verifier> verifiers = new ConcurrentHashMap<>();

    /**
     * @param ownTokens checks tokens of this server (for replacing permissions)
     * @param accountByFingerprint the vault's clients: certificate fingerprint -> account name
     */
    public AccessControl(ServerStore store, TokenSigner signer, TokenVerifier ownTokens,
                         Map<String, String> accountByFingerprint, Clock clock) {
        this.store = store;
        this.signer = signer;
        this.ownTokens = ownTokens;
        this.accountByFingerprint = Map.copyOf(accountByFingerprint);
        this.accounts = Set.copyOf(accountByFingerprint.values());
        this.clock = clock;
    }

    /** A token request waiting for approvals. */
    private record PendingRequest(String id, String requester, String requesterAccount, String object, Action action,
                                  long ttl, List<String> verifierIds, Instant expires, Set<String> approvals) {
    }

    /**
     * Stores a verifier ({@code {"accounts": [..], "required": N, "modules": [..]}}); returns its id.
     *
     * @throws Refusal 403 {@code unknown-client}; 400 {@code bad-verifier}, {@code unknown-account}
     */
    public String createVerifier(String caller, JsonNode body) {
        account(caller);
        Verifier verifier = Verifier.parse(body, accounts);
        String id = UUID.randomUUID().toString();
        store.putIfAbsent(Kind.VERIFIERS, id, verifier.toJson().toString());
        return id;
    }

    /**
     * Sets {@code object}'s permissions; true if it had none (201), false if they were replaced (200). An object
     * without permissions is open to any known client, whose account becomes their owner; replacing them needs a
     * token of this server for {@code create} on the object among {@code tokens}, and keeps the owner.
     *
     * @throws Refusal 403 {@code unknown-client}, 400 {@code bad-name}, {@code bad-permissions},
     *         {@code unknown-verifier}; 401/403 from the token check
     */
    public boolean setPermissions(String caller, String object, JsonNode body, List<String> tokens) {
        String account = account(caller);
        ObjectNames.checkObject(object);
        Permissions permissions = Permissions.parse(body);
        for (List<String> ids : permissions.verifiers().values()) {
            for (String id : ids) {
                if (store.get(Kind.VERIFIERS, id).isEmpty()) {
                    throw Refusal.badRequest("unknown-verifier", "this access-control server has no verifier " + id);
                }
            }
        }
        if (store.putIfAbsent(Kind.PERMISSIONS, object, permissions.ownedBy(account).toJson().toString())) {
            return true;
        }
        String old = store.get(Kind.PERMISSIONS, object).orElse(null);
        ownTokens.authorize(tokens, object, Action.CREATE, caller, Set.of(signer.issuer()), 1);
        String owner = old == null ? account : Permissions.stored(Json.stored(old)).owner();
        if (!store.replace(Kind.PERMISSIONS, object, old, permissions.ownedBy(owner).toJson().toString())) {
            throw Refusal.conflict("concurrent-change", "the permissions of " + object
                    + " changed while this request was checked; retry");
        }
        return false;
    }

    /**
     * Requests a token for {@code action} on {@code object}, valid {@code ttl} seconds.
     *
     * @throws Refusal 403 as the class comment says; 400 {@code bad-name}, {@code bad-ttl}
     */
    public TokenGrant requestToken(String caller, String object, Action action, long ttl) {
        String account = account(caller);
        ObjectNames.checkObject(object);
        if (ttl < 1 || ttl > TokenSigner.MAX_TTL_SECONDS) {
            throw Refusal.badRequest("bad-ttl", "ttl must be 1.." + TokenSigner.MAX_TTL_SECONDS + " seconds, not " + ttl);
        }
        Permissions permissions = stored(object).orElseThrow(() -> noPermission(object, action));
        List<String> verifierIds = permissions.of(action);
        if (verifierIds.isEmpty()) {
            throw noPermission(object, action);
        }
        Instant now = clock.instant();
        List<String> waitingFor = decide(verifierIds, account, Set.of(), now, object, action);
        if (waitingFor == null) {
            return issue(object, action, caller, ttl, permissions.owner());
        }
        if (pending.size() >= MAX_PENDING) {
            pending.values().removeIf(p -> !p.expires().isAfter(now));
            if (pending.size() >= MAX_PENDING) {
                throw new Refusal(503, "too-many-requests", "this access-control server holds " + MAX_PENDING
                        + " pending token requests; retry later");
            }
        }
        String id = UUID.randomUUID().toString();
        pending.put(id, new PendingRequest(id, caller, account, object, action, ttl, verifierIds,
                now.plus(PENDING_LIFETIME), ConcurrentHashMap.newKeySet()));
        return TokenGrant.pending(id, waitingFor);
    }

    /**
     * Polls a pending request: the token once its approvals are in, else still pending.
     *
     * @throws Refusal 404 {@code no-such-request} (unknown, expired, or another client's); 403 if it can no longer
     *         be granted
     */
    public TokenGrant poll(String caller, String requestId) {
        account(caller);
        PendingRequest request = live(requestId);
        if (!request.requester().equals(caller)) {
            throw noSuchRequest(requestId);
        }
        List<String> waitingFor = decide(request.verifierIds(), request.requesterAccount(), request.approvals(),
                clock.instant(), request.object(), request.action());
        if (waitingFor == null) {
            String owner = stored(request.object()).map(Permissions::owner).orElse(null);
            return issue(request.object(), request.action(), caller, request.ttl(), owner);
        }
        return TokenGrant.pending(requestId, waitingFor);
    }

    /**
     * Counts the caller's account as an approval of a pending request; returns the accounts it still waits for
     * (empty: its requester can collect the token).
     *
     * @throws Refusal 403 {@code unknown-client}; 404 {@code no-such-request}
     */
    public List<String> approve(String caller, String requestId) {
        String account = account(caller);
        PendingRequest request = live(requestId);
        request.approvals().add(account);
        try {
            List<String> waitingFor = decide(request.verifierIds(), request.requesterAccount(), request.approvals(),
                    clock.instant(), request.object(), request.action());
            return waitingFor == null ? List.of() : waitingFor;
        } catch (Refusal refused) {
            return List.of(); // approved; what the requester gets now is for its poll to say
        }
    }

    /**
     * {@code object}'s permissions as any known client may read them, so that it can see who else may act on the
     * object before trusting it with a secret: {@code {"object", "owner", ACTION: [{"id", "accounts", "required",
     * "modules"}..]..}}, the owner null if unknown.
     *
     * @throws Refusal 403 {@code unknown-client}; 400 {@code bad-name}; 404 {@code no-such-object} if it has no
     *         permissions on this server
     */
    public ObjectNode permissions(String caller, String object) {
        account(caller);
        ObjectNames.checkObject(object);
        Permissions permissions = stored(object).orElseThrow(() -> Refusal.notFound("no-such-object", object
                + " has no permissions on this access-control server"));
        ObjectNode answer = JsonNodeFactory.instance.objectNode().put("object", object)
                .put("owner", permissions.owner());
        for (Action action : Action.values()) {
            if (!permissions.verifiers().containsKey(action)) {
                continue;
            }
            ArrayNode described = answer.putArray(action.wireName());
            for (String id : permissions.of(action)) {
                Verifier verifier = verifier(id);
                ObjectNode entry = verifier == null ? JsonNodeFactory.instance.objectNode() : verifier.toJson();
                described.add(JsonNodeFactory.instance.objectNode().put("id", id).setAll(entry));
            }
        }
        return answer;
    }

    /**
     * The account of a client.
     *
     * @throws Refusal 403 {@code unknown-client} if vault.json does not list its fingerprint
     */
    public String account(String caller) {
        String account = caller == null ? null : accountByFingerprint.get(caller);
        if (account == null) {
            throw Refusal.forbidden("unknown-client", "this vault does not know the client certificate "
                    + (caller == null ? "(none)" : "with SHA-256 fingerprint " + caller)
                    + ": add it to an account in vault.json");
        }
        return account;
    }

    /** Null when some verifier is satisfied, else the accounts awaited; refusals when none can be. */
    private List<String> decide(List<String> verifierIds, String account, Set<String> approvals, Instant now,
                                String object, Action action) {
        boolean closed = false;
        Set<String> waitingFor = null;
        for (String id : verifierIds) {
            Verifier verifier = verifier(id);
            if (verifier == null) {
                continue;
            }
            Verifier.Decision decision = verifier.decide(account, approvals, now);
            switch (decision.outcome()) {
                case SATISFIED:
                    return null;
                case WAITING:
                    waitingFor = waitingFor == null ? new TreeSet<>() : waitingFor;
                    waitingFor.addAll(decision.waitingFor());
                    break;
                case CLOSED:
                    closed = true;
                    break;
                default:
                    break;
            }
        }
        if (waitingFor != null) {
            return new ArrayList<>(waitingFor);
        }
        if (closed) {
            throw Refusal.forbidden("outside-time-window", "account '" + account + "' may " + action.wireName() + " "
                    + object + " only within a time window (UTC) that is closed now");
        }
        throw Refusal.forbidden("not-permitted", "account '" + account + "' is in no verifier"
                + " of " + object + "'s permission to " + action.wireName());
    }

    /** The stored verifier {@code id}, or null. */
    private Verifier verifier(String id) {
        Verifier cached = verifiers.get(id);
        if (cached != null) {
            return cached;
        }
        Optional<Verifier> stored = store.get(Kind.VERIFIERS, id).map(Json::stored).map(node -> Verifier.parse(node, null));
        stored.ifPresent(v -> verifiers.put(id, v));
        return stored.orElse(null);
    }

    private TokenGrant issue(String object, Action action, String caller, long ttl, String owner) {
        TokenSigner.Signed signed = signer.issue(object, action, caller, ttl);
        return TokenGrant.issued(signed.text(), signed.token().expires(), owner);
    }

    private Optional<Permissions> stored(String object) {
        return store.get(Kind.PERMISSIONS, object).map(Json::stored).map(Permissions::stored);
    }

    private PendingRequest live(String requestId) {
        PendingRequest request = requestId == null ? null : pending.get(requestId);
        if (request == null) {
            throw noSuchRequest(requestId);
        }
        if (!request.expires().isAfter(clock.instant())) {
            pending.remove(requestId, request);
            throw noSuchRequest(requestId);
        }
        return request;
    }

    private static Refusal noSuchRequest(String id) {
        return Refusal.notFound("no-such-request", "no pending token request " + id
                + " (unknown, another client's, or older than " + PENDING_LIFETIME.toMinutes() + " minutes)");
    }

    private static Refusal noPermission(String object, Action action) {
        return Refusal.forbidden("no-permission", object + " has no permission for " + action.wireName()
                + " on this access-control server");
    }
}
