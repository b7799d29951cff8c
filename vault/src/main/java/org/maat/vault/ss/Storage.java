package org.maat.vault.ss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
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
 * A put is two-phase ({@link SecretSlot}): shares are staged under the put's id, then committed; a reader
 * sees only committed shares, and a staged one only by naming its put. Commits and deletes come in two forms:
 * decided here (this is the collection's deciding server: the decision takes the name's next epoch) or applied
 * with the deciding server's epoch (a decision older than the one applied here is {@code superseded}); every
 * change of a name goes through {@link SecretSlot}, which holds these rules. Every call is authorized by the caller's tokens for the collection's object ({@code collection:NAME}): at
 * least the collection's quorum of its access-control servers must have issued a valid one, to this caller, for
 * this action ({@link TokenVerifier}). Creating a collection is checked against the servers and quorum it asks
 * for. Writes are durable before a call returns ({@link ServerStore}). Thread-safe.
 */
public final class Storage {

    private static final ObjectMapper JSON = StrictJson.mapper();

    private final ServerStore store;
    private final TokenVerifier tokens;
    private final Set<Integer> servers;
    /** Where a decision's epoch starts from (its milliseconds), so that epochs outrun a store restored from a backup. */
    private final Clock clock;
    /** Collections never change once created, so each is parsed once. */
    private final ConcurrentHashMap<String, Collection> collections = new ConcurrentHashMap<>();

    /** @param servers the vault's server ids, which a collection's access-control servers must be among */
    public Storage(ServerStore store, TokenVerifier tokens, Set<Integer> servers) {
        this(store, tokens, servers, Clock.systemUTC());
    }

    /**
     * @param servers the vault's server ids, which a collection's access-control servers must be among
     * @param clock   the clock whose milliseconds a decision's epoch is at least ({@link SecretSlot#nextEpoch})
     */
    public Storage(ServerStore store, TokenVerifier tokens, Set<Integer> servers, Clock clock) {
        this.store = store;
        this.tokens = tokens;
        this.servers = Set.copyOf(servers);
        this.clock = clock;
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
     * Stores a secret's share ({@code {"index", "k", "n", "share", "digest"}}) and commits it at once: the
     * single-server form of a put ({@link #stageShare} and {@link #commitPut} are the vault client's).
     *
     * @throws Refusal 409 {@code secret-exists}; 404 {@code no-such-collection}; 400 {@code bad-name},
     *         {@code bad-share}, {@code bad-digest}; 401/403 from the token check
     */
    public void putSecret(String caller, String collection, String secret, JsonNode body, List<String> tokenTexts) {
        authorize(caller, collection, secret, Action.WRITE, tokenTexts);
        JsonNode share = SecretSlot.tree(ShareRecord.parse(body).toJson());
        change(collection, secret, slot -> {
            if (slot.committed() != null) {
                throw exists(collection, secret);
            }
            return new Change<>(slot.withCommitted(share), null);
        });
    }

    /**
     * A stage's answer: whether this call staged the share (201; not: a retry, 200), and the epoch of the last
     * decision about the name applied here, which the put's client passes to the deciding commit so that it
     * decides above it.
     */
    public record Staged(boolean fresh, long epoch) {}

    /**
     * Stages put {@code put}'s share of a secret: kept, but invisible to {@link #getSecret} until
     * {@link #commitPut}. Fresh if staged now (201), not if this very share is staged or committed already
     * (200: a retried request).
     *
     * @throws Refusal 409 {@code secret-exists} when another put's share is committed under the name,
     *         {@code put-exists} when this put staged another share, {@code superseded} when this put was deleted
     *         (a stage delivered again); 400 {@code bad-share} when the record's
     *         put id is not {@code put}; as {@link #putSecret} otherwise
     */
    public Staged stageShare(String caller, String collection, String secret, String put, JsonNode body,
            List<String> tokenTexts) {
        authorize(caller, collection, secret, Action.WRITE, tokenTexts);
        ObjectNames.checkName("put", put);
        ShareRecord record = ShareRecord.parse(body);
        if (!put.equals(record.put())) {
            throw Refusal.badRequest("bad-share", "the share's 'put' is " + record.put() + ", not the put " + put
                    + " of the path");
        }
        JsonNode share = SecretSlot.tree(record.toJson());
        return change(collection, secret, slot -> {
            Optional<JsonNode> held = slot.shareOf(put);
            if (held.isPresent()) {
                if (!held.get().equals(share)) {
                    throw Refusal.conflict("put-exists", "put " + put + " of " + collection + "/" + secret
                            + " staged another share here");
                }
                return new Change<>(slot, new Staged(false, slot.epoch()));
            }
            if (slot.deletedPut(put)) {
                throw Refusal.conflict("superseded", "put " + put + " of " + collection + "/" + secret + " was deleted"
                        + " (the name's last decision here is of epoch " + slot.epoch() + "): it cannot be staged again");
            }
            if (slot.committed() != null) {
                throw exists(collection, secret);
            }
            return new Change<>(slot.withStaged(put, share), new Staged(true, slot.epoch()));
        });
    }

    /** A decision's answer: the epoch the deciding server gave it, and whether this call made it (not a retry). */
    public record Decision(long epoch, boolean fresh) {}

    /**
     * A deciding delete's answer: its epoch, the put it deleted (now or last; null: none), whether a share went, and
     * every put deleted here (the latest first, {@link SecretSlot#HISTORY} at most), which the other servers drop.
     */
    public record Deletion(long epoch, String put, boolean removed, List<String> puts) {
        public Deletion {
            puts = List.copyOf(puts);
        }

        /** A deletion whose history is its one put. */
        public Deletion(long epoch, String put, boolean removed) {
            this(epoch, put, removed, put == null ? List.of() : List.of(put));
        }
    }

    /**
     * Decides put {@code put} on the collection's deciding server: its staged share becomes the secret's share
     * here at the name's next epoch, above {@code after} (the highest epoch the put's stages met on the other
     * servers; 0: none) and the clock ({@link SecretSlot#nextEpoch}), and every other put's staged share is dropped
     * (those puts can no longer commit). Fresh if committed now (201), not if it was already (200, with the epoch
     * it was decided at, whatever {@code after}).
     *
     * <p>Only if nothing was decided here above {@code after} ({@link SecretSlot#movedPast}): a commit sent for an
     * older state of the name (delivered again, or racing a decision made since its stages) is not decided.
     *
     * @throws Refusal 409 {@code secret-exists} when another put is committed, {@code superseded} when a decision
     *         above {@code after} was made here; 404 {@code no-such-put} when nothing of this put is here (never
     *         staged, aborted, or the secret was deleted since)
     */
    public Decision commitPut(String caller, String collection, String secret, String put, long after,
            List<String> tokenTexts) {
        authorize(caller, collection, secret, Action.WRITE, tokenTexts);
        ObjectNames.checkName("put", put);
        return change(collection, secret, slot -> {
            if (slot.committed() != null) {
                if (put.equals(slot.committedPut())) {
                    return new Change<>(slot, new Decision(slot.epoch(), false));
                }
                throw exists(collection, secret);
            }
            if (!slot.staged().containsKey(put)) {
                throw noSuchPut(collection, secret, put);
            }
            if (slot.movedPast(after)) {
                throw sentForOlderState(collection, secret, slot, "commit of put " + put, after);
            }
            SecretSlot next = slot.decideCommit(put, after, clock.millis());
            return new Change<>(next, new Decision(next.epoch(), true));
        });
    }

    /**
     * Applies, on another server of the collection, the deciding server's commit of put {@code put} at
     * {@code epoch}: its staged share becomes the committed one here, replacing any share of an older decision.
     * True if committed now (201), false if it was already (200).
     *
     * @throws Refusal 409 {@code superseded} when a later decision (a delete of this put, or a later put) is
     *         applied here already; 404 {@code no-such-put} when this put's share is not here
     */
    public boolean applyCommit(String caller, String collection, String secret, String put, long epoch,
            List<String> tokenTexts) {
        authorize(caller, collection, secret, Action.WRITE, tokenTexts);
        ObjectNames.checkName("put", put);
        return change(collection, secret, slot -> {
            if (put.equals(slot.committedPut()) && slot.epoch() == epoch) {
                return new Change<>(slot, false);
            }
            if (slot.supersedes(epoch)) {
                throw superseded(collection, secret, slot, "commit of put " + put, epoch);
            }
            if (slot.shareOf(put).isEmpty()) {
                throw noSuchPut(collection, secret, put);
            }
            return new Change<>(slot.applyCommit(put, epoch), true);
        });
    }

    /**
     * Drops put {@code put}'s staged share (a put that failed before it committed anywhere); never a committed
     * share, so an abort cannot take away a secret that some put stored.
     *
     * @throws Refusal 409 {@code put-committed} when the put is committed here; 404 {@code no-such-put}
     */
    public void abortPut(String caller, String collection, String secret, String put, List<String> tokenTexts) {
        authorize(caller, collection, secret, Action.WRITE, tokenTexts);
        ObjectNames.checkName("put", put);
        change(collection, secret, slot -> {
            if (put.equals(slot.committedPut())) {
                throw Refusal.conflict("put-committed", "put " + put + " of " + collection + "/" + secret
                        + " is committed here: only a delete of the secret removes it");
            }
            if (!slot.staged().containsKey(put)) {
                throw noSuchPut(collection, secret, put);
            }
            return new Change<>(slot.withoutStaged(put), null);
        });
    }

    /**
     * The committed share of a secret, as JSON, with {@code "epoch": E}, the epoch of the decision that committed it
     * here (left out when none did), and {@code "collection": {"acs": [..], "quorum": K}}: this server's
     * record of the collection's servers, which a reader checks before it returns a value ({@code CommittedPuts}
     * in the client). The record rides on every answer once the collection is found here, refusals of the call's
     * tokens and {@code no-such-secret} included (any known client may read it, {@link #describeCollection}), so a
     * read needs one request per server.
     *
     * @throws Refusal 404 {@code no-such-collection}, {@code no-such-secret} (with {@code "epoch"}, the tombstone's,
     *         when a delete was decided here); 400 {@code bad-name}; 401/403
     */
    public String getSecret(String caller, String collection, String secret, List<String> tokenTexts) {
        String object = ObjectNames.collection(collection);
        ObjectNames.checkName("secret", secret);
        Collection found = collection(collection);
        try {
            tokens.authorize(tokenTexts, object, Action.READ, caller, found.acs(), found.quorum());
            SecretSlot slot = slot(collection, secret);
            if (slot.committed() == null) {
                Refusal none = noSuchSecret(collection, secret);
                // A tombstone's epoch: a reader orders it against the shares of other servers (restored ones).
                throw slot.epoch() > 0 ? none.with("epoch", JsonNodeFactory.instance.numberNode(slot.epoch())) : none;
            }
            ObjectNode answer = (ObjectNode) slot.committed().deepCopy();
            if (slot.epoch() > 0) {
                answer.put("epoch", slot.epoch()); // none for a share no decision committed (the single-server put)
            }
            return answer.set("collection", found.toNode()).toString();
        } catch (Refusal refused) {
            throw refused.with("collection", found.toNode());
        }
    }

    /**
     * The share of put {@code put}, committed or staged, as JSON: what a reader asks once it has seen the put
     * committed on another server (it was then staged on every server before).
     *
     * @throws Refusal 404 {@code no-such-put}; as {@link #getSecret} otherwise
     */
    public String getPutShare(String caller, String collection, String secret, String put, List<String> tokenTexts) {
        authorize(caller, collection, secret, Action.READ, tokenTexts);
        ObjectNames.checkName("put", put);
        return slot(collection, secret).shareOf(put).orElseThrow(() -> noSuchPut(collection, secret, put)).toString();
    }

    /**
     * The epoch of the last decision about the name applied here (0: none), for a delete's client: it decides the
     * delete above the highest epoch its collection's servers answer, as a put's stages answer theirs.
     *
     * @throws Refusal as {@link #deleteSecret}
     */
    public long epoch(String caller, String collection, String secret, List<String> tokenTexts) {
        authorize(caller, collection, secret, Action.DELETE, tokenTexts);
        return slot(collection, secret).epoch();
    }

    /**
     * Decides a delete on the collection's deciding server: its committed share and every staged one go, and the
     * name keeps a tombstone at its next epoch, above {@code after} (the highest epoch the delete's client met on
     * the collection's servers, {@link #epoch}; 0: none) and the clock ({@link SecretSlot#nextEpoch}), naming the
     * put deleted (now, or by the last delete). Always answered (200), so that the other servers can be told the
     * epoch even when nothing was here; but only if nothing was decided here above {@code after}
     * ({@link SecretSlot#movedPast}): a delete sent for an older state (delivered again, or racing a put decided
     * since its client asked the epochs) must not take a later put.
     *
     * @throws Refusal 409 {@code superseded} when a decision above {@code after} was made here; 404
     *         {@code no-such-collection}; 400 {@code bad-name}; 401/403
     */
    public Deletion deleteSecret(String caller, String collection, String secret, long after, List<String> tokenTexts) {
        authorize(caller, collection, secret, Action.DELETE, tokenTexts);
        return change(collection, secret, slot -> {
            if (slot.movedPast(after)) {
                throw sentForOlderState(collection, secret, slot, "delete", after);
            }
            SecretSlot next = slot.decideDelete(after, clock.millis());
            return new Change<>(next, new Deletion(next.epoch(), next.lastDeleted(), !slot.holdsNoShare(),
                    next.deleted()));
        });
    }

    /**
     * Applies, on another server of the collection, the deciding server's delete at {@code epoch} of put {@code put}
     * (null: none), and with {@link #applyDeletion} of every put deleted there
     * (the latest first; empty: none): their staged shares go whatever the epoch
     * (each was decided and deleted: none can commit again); the committed share goes unless a later decision is
     * applied here already, and the tombstone keeps {@code epoch}, also when nothing was here (a reader orders it
     * against older shares). Staged shares of other puts stay: they may be waiting for a decision after this one.
     * True if a share was removed.
     *
     * @throws Refusal 409 {@code superseded} when a later decision is applied here and nothing was removed;
     *         404 {@code no-such-secret} when there was nothing to remove; as {@link #deleteSecret} otherwise
     */
    public boolean applyDelete(String caller, String collection, String secret, long epoch, String put,
            List<String> tokenTexts) {
        return applyDeletion(caller, collection, secret, epoch, put == null ? List.of() : List.of(put), tokenTexts);
    }

    /**
     * Applies a deciding server's delete that names {@code puts}, every put it deleted there (the latest first):
     * see {@link #applyDelete(String, String, String, long, String, List)}.
     */
    public boolean applyDeletion(String caller, String collection, String secret, long epoch, List<String> puts,
            List<String> tokenTexts) {
        authorize(caller, collection, secret, Action.DELETE, tokenTexts);
        if (puts.size() > SecretSlot.HISTORY) {
            throw Refusal.badRequest("bad-request", "a delete names at most " + SecretSlot.HISTORY + " puts");
        }
        puts.forEach(put -> ObjectNames.checkName("put", put));
        boolean removed = change(collection, secret, slot -> {
            SecretSlot next = slot.applyDelete(epoch, puts);
            boolean took = (slot.committed() != null && next.committed() == null)
                    || slot.staged().size() != next.staged().size();
            if (!took && slot.supersedes(epoch)) {
                throw superseded(collection, secret, slot, "delete", epoch);
            }
            return new Change<>(next, took); // stored even when nothing was removed: the tombstone keeps its epoch
        });
        if (!removed) {
            throw noSuchSecret(collection, secret);
        }
        return true;
    }

    /**
     * The collection's access-control servers and quorum, as JSON: what a client needs to find its deciding
     * server (the lowest id) before a delete. Any known client may ask; no secret is in it.
     *
     * @throws Refusal 404 {@code no-such-collection}; 400 {@code bad-name}
     */
    public String describeCollection(String name) {
        ObjectNames.checkName("collection", name);
        return collection(name).toJson();
    }

    /** A slot's next state and what the call answers. */
    private record Change<T>(SecretSlot next, T result) {}

    /** Applies {@code change} to the name's slot atomically (compare-and-set: retried if another call won). */
    private <T> T change(String collection, String secret, Function<SecretSlot, Change<T>> change) {
        String key = key(collection, secret);
        while (true) {
            String current = store.get(Kind.SECRETS, key).orElse(null);
            Change<T> next = change.apply(SecretSlot.parse(current));
            if (store.replace(Kind.SECRETS, key, current, next.next().toJson())) {
                return next.result();
            }
        }
    }

    private SecretSlot slot(String collection, String secret) {
        return SecretSlot.parse(store.get(Kind.SECRETS, key(collection, secret)).orElse(null));
    }

    private static Refusal exists(String collection, String secret) {
        return Refusal.conflict("secret-exists", "secret " + secret + " exists in collection " + collection
                + ": secrets are immutable; delete it first or use another name");
    }

    private static Refusal superseded(String collection, String secret, SecretSlot slot, String what, long epoch) {
        return Refusal.conflict("superseded", "the " + what + " of " + collection + "/" + secret + " decided at epoch "
                + epoch + " is superseded here by the decision of epoch " + slot.epoch());
    }

    private static Refusal sentForOlderState(String collection, String secret, SecretSlot slot, String what,
            long after) {
        return Refusal.conflict("superseded", "the " + what + " of " + collection + "/" + secret + " was sent for the "
                + "name as of epoch " + after + ", but a decision of epoch " + slot.epoch() + " was made here since: it"
                + " is not decided (ask the servers' epochs again and send it again if it is still wanted)");
    }

    private static Refusal noSuchPut(String collection, String secret, String put) {
        return Refusal.notFound("no-such-put", "collection " + collection + " has no share of put " + put
                + " of secret " + secret + " here");
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
