package org.maat.vault.ss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.maat.vault.StrictJson;
import org.maat.vault.store.ServerStore.Kind;
import org.maat.vault.store.ServerStore;
import org.maat.vault.token.Action;
import org.maat.vault.token.ObjectNames;
import org.maat.vault.token.Refusal;
import org.maat.vault.token.TokenVerifier;

/**
 * One storage server (PROTOCOL.md, "/ss"): collections, and in each the secrets' shares, immutable once written.
 * Every call is authorized by the caller's tokens for the collection's object ({@code collection:NAME}): at
 * least the collection's quorum of its access-control servers must have issued a valid one, to this caller, for
 * this action ({@link TokenVerifier}). Creating a collection is checked against the servers and quorum it asks
 * for. Writes are durable before a call returns ({@link ServerStore}). Thread-safe.
 */
public final class Storage {

    private static final ObjectMapper JSON = StrictJson.mapper();

    private final ServerStore store;
    private final TokenVerifier tokens;
    private final Set<Integer> servers;
    /** Collections never change once created, so each is parsed once. */
    private final ConcurrentHashMap<String, Collection> collections = new ConcurrentHashMap<>();

    /** @param servers the vault's server ids, which a collection's access-control servers must be among */
    public Storage(ServerStore store, TokenVerifier tokens, Set<Integer> servers) {
        this.store = store;
        this.tokens = tokens;
        this.servers = Set.copyOf(servers);
    }

    /**
     * Creates collection {@code name} with {@code {"acs": [..], "quorum": K}}: true if created (201), false if it
     * exists with the same servers and quorum (200).
     *
     * @throws Refusal 409 {@code collection-exists} if it exists otherwise; 400 {@code bad-name},
     *         {@code bad-collection}; 401/403 from the token check
     */
    public boolean createCollection(String caller, String name, JsonNode body, List<String> tokenTexts) {
        String object = ObjectNames.collection(name);
        Collection wanted = Collection.parse(body, servers);
        tokens.authorize(tokenTexts, object, Action.CREATE, caller, wanted.acs(), wanted.quorum());
        if (store.putIfAbsent(Kind.COLLECTIONS, name, wanted.toJson())) {
            collections.put(name, wanted);
            return true;
        }
        Collection existing = collection(name);
        if (!existing.equals(wanted)) {
            throw Refusal.conflict("collection-exists", "collection " + name + " exists with access-control servers "
                    + existing.acs() + " and quorum " + existing.quorum());
        }
        return false;
    }

    /**
     * Stores a secret's share ({@code {"index", "k", "n", "share", "digest"}}).
     *
     * @throws Refusal 409 {@code secret-exists}; 404 {@code no-such-collection}; 400 {@code bad-name},
     *         {@code bad-share}, {@code bad-digest}; 401/403 from the token check
     */
    public void putSecret(String caller, String collection, String secret, JsonNode body, List<String> tokenTexts) {
        authorize(caller, collection, secret, Action.WRITE, tokenTexts);
        ShareRecord share = ShareRecord.parse(body);
        if (!store.putIfAbsent(Kind.SECRETS, key(collection, secret), share.toJson())) {
            throw Refusal.conflict("secret-exists", "secret " + secret + " exists in collection " + collection
                    + ": secrets are immutable; delete it first or use another name");
        }
    }

    /**
     * The stored record of a secret, as JSON.
     *
     * @throws Refusal 404 {@code no-such-collection}, {@code no-such-secret}; 400 {@code bad-name}; 401/403
     */
    public String getSecret(String caller, String collection, String secret, List<String> tokenTexts) {
        authorize(caller, collection, secret, Action.READ, tokenTexts);
        return store.get(Kind.SECRETS, key(collection, secret)).orElseThrow(() -> noSuchSecret(collection, secret));
    }

    /**
     * Deletes a secret.
     *
     * @throws Refusal 404 {@code no-such-collection}, {@code no-such-secret}; 400 {@code bad-name}; 401/403
     */
    public void deleteSecret(String caller, String collection, String secret, List<String> tokenTexts) {
        authorize(caller, collection, secret, Action.DELETE, tokenTexts);
        if (!store.remove(Kind.SECRETS, key(collection, secret))) {
            throw noSuchSecret(collection, secret);
        }
    }

    private void authorize(String caller, String collection, String secret, Action action, List<String> tokenTexts) {
        String object = ObjectNames.collection(collection);
        ObjectNames.checkName("secret", secret);
        Collection found = collection(collection);
        tokens.authorize(tokenTexts, object, action, caller, found.acs(), found.quorum());
    }

    private Collection collection(String name) {
        Collection cached = collections.get(name);
        if (cached != null) {
            return cached;
        }
        String document = store.get(Kind.COLLECTIONS, name).orElseThrow(() -> Refusal.notFound("no-such-collection",
                "this storage server has no collection " + name));
        Collection parsed;
        try {
            parsed = Collection.parse(JSON.readTree(document), servers);
        } catch (IOException e) {
            throw new UncheckedIOException("collection " + name + " is stored damaged: " + document, e);
        }
        collections.put(name, parsed);
        return parsed;
    }

    private static String key(String collection, String secret) {
        return collection + "/" + secret;
    }

    private static Refusal noSuchSecret(String collection, String secret) {
        return Refusal.notFound("no-such-secret", "collection " + collection + " has no secret " + secret);
    }
}
