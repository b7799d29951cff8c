package org.maat.vault.client;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.maat.vault.client.Timings.Phase;
import org.maat.vault.config.ServerEndpoint;
import org.maat.vault.token.Action;
import org.maat.vault.token.ObjectNames;

/**
 * One client's tokens from the access-control servers (PROTOCOL.md, {@code /acs}): taken from the
 * {@link TokenCache} while valid, otherwise requested from every ACS in parallel. On a put's first use of
 * a collection ({@code claim}), an ACS that has no permissions for it (403 {@code no-permission}) gets a
 * verifier for the client's account and permissions for every action, and is asked again.
 */
final class AccessTokens {

    /** Lifetime asked for each token (the ACS default; PROTOCOL.md allows up to 3600 s). */
    static final int TTL_SECONDS = 300;

    private final VaultHttp http;
    private final String account;
    private final TokenCache cache = new TokenCache();

    AccessTokens(VaultHttp http, String account) {
        this.http = http;
        this.account = account;
    }

    /**
     * Tokens for {@code action} on {@code collection} from each of {@code servers} that grants one, by server
     * id; each refusal or failure is added to {@code problems}.
     */
    Map<Integer, String> obtain(List<ServerEndpoint> servers, String collection, Action action, boolean claim,
            Timings timings, ServerProblems problems) {
        String object = ObjectNames.collection(collection);
        Map<Integer, String> granted = new LinkedHashMap<>();
        List<ServerEndpoint> missing = new ArrayList<>();
        Instant now = Instant.now();
        for (ServerEndpoint server : servers) {
            Optional<String> cached = cache.get(server.id(), object, action.wireName(), now);
            if (cached.isPresent()) {
                granted.put(server.id(), cached.get());
            } else {
                missing.add(server);
            }
        }
        int reused = granted.size();
        List<ServerEndpoint> unclaimed = new ArrayList<>();
        for (Exchange e : request(missing, object, action, timings)) {
            if (claim && e.status() == 403 && "no-permission".equals(e.code())) {
                unclaimed.add(e.server());
            } else {
                accept(e, object, action, claim, granted, problems);
            }
        }
        if (!unclaimed.isEmpty()) {
            List<ServerEndpoint> claimed = timings.time(Phase.PERMISSIONS, () -> claim(unclaimed, object, problems));
            request(claimed, object, action, timings).forEach(e -> accept(e, object, action, claim, granted, problems));
        }
        timings.countTokens(granted.size() - reused, reused);
        return granted;
    }

    /** Drops every server's cached token for {@code action} on {@code collection} (a storage server refused one). */
    void forget(String collection, Action action) {
        cache.forget(ObjectNames.collection(collection), action.wireName());
    }

    private List<Exchange> request(List<ServerEndpoint> servers, String object, Action action, Timings timings) {
        ObjectNode body = JsonNodeFactory.instance.objectNode().put("object", object).put("action", action.wireName())
                .put("ttl", TTL_SECONDS);
        return timings.time(Phase.TOKENS,
                () -> http.sendEach(servers, server -> http.send(server, "POST", "/acs/tokens", body, null)));
    }

    /**
     * Takes a granted token, or records why there is none. With {@code ownOnly} (a put's tokens), a token
     * for an object whose permissions another account owns is refused here: that account claimed the
     * collection first and may read what this client would store in it.
     */
    private void accept(Exchange e, String object, Action action, boolean ownOnly, Map<Integer, String> granted,
            ServerProblems problems) {
        String owner = e.body() == null ? null : e.body().path("owner").textValue();
        if (ownOnly && e.status() == 200 && owner != null && !owner.equals(account)) {
            problems.add(e.server(), "holds " + object + " for account " + owner + ", not " + account
                    + ": that account claimed it first and would read what is stored there; choose another collection");
        } else if (e.status() == 200 && e.body() != null && e.body().hasNonNull("token")) {
            String token = e.body().get("token").asText();
            cache.put(e.server().id(), object, action.wireName(), token, e.body().path("expires").asLong());
            granted.put(e.server().id(), token);
        } else if (e.status() == 202 && e.body() != null) {
            problems.add(e.server(), "holds the " + action.wireName() + " token for approval (request "
                    + e.body().path("request").asText() + ", waiting for " + e.body().path("waitingFor") + ")");
        } else if (e.answered()) {
            problems.add(e.server(), "refused a " + action.wireName() + " token: " + e.problem());
        } else {
            problems.add(e);
        }
    }

    /** Creates a verifier for the account and grants it every action on {@code object}; returns the ACSs where that worked. */
    private List<ServerEndpoint> claim(List<ServerEndpoint> servers, String object, ServerProblems problems) {
        ObjectNode verifier = JsonNodeFactory.instance.objectNode();
        verifier.putArray("accounts").add(account);
        verifier.put("required", 1);
        verifier.putArray("modules");
        List<Exchange> done = http.sendEach(servers, server -> http.send(server, "POST", "/acs/verifiers", verifier, null)
                .thenCompose(created -> {
                    if (created.status() != 201 || created.body() == null || !created.body().hasNonNull("id")) {
                        return CompletableFuture.completedFuture(created);
                    }
                    ObjectNode permissions = JsonNodeFactory.instance.objectNode();
                    for (Action action : Action.values()) {
                        permissions.putArray(action.wireName()).add(created.body().get("id").asText());
                    }
                    return http.send(server, "PUT", "/acs/permissions/" + object, permissions, null);
                }));
        List<ServerEndpoint> claimed = new ArrayList<>();
        for (Exchange e : done) {
            if (e.ok()) {
                claimed.add(e.server());
            } else if (e.answered()) {
                problems.add(e.server(), "refused permissions for " + object + ": " + e.problem());
            } else {
                problems.add(e);
            }
        }
        return claimed;
    }
}
