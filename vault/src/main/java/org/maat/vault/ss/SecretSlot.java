package org.maat.vault.ss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.maat.vault.StrictJson;

/**
 * What one storage server holds under one secret name: at most one committed share, which readers get, the
 * staged shares of puts not committed here yet, by put id, which readers get only by naming the put, and the
 * {@code epoch} of the last decision about the name applied here. Stored as one document, so each change of the
 * name is one atomic write: a committed share alone is stored as its bare record (as before puts were staged),
 * with {@code "epoch": E} added beside its fields once E is not 0, otherwise as
 * {@code {"epoch": E, "committed": RECORD, "staged": {PUT: RECORD}, "deleted": [PUT..]}} ({@code deleted}: the puts
 * deleted here, the latest first, at most {@value #HISTORY}; a single PUT in documents of earlier versions). Records
 * are kept exactly as they were checked on the way in ({@link ShareRecord#parse}) and returned as stored: a share
 * damaged at rest reaches the reader, who reports it. Immutable: every change returns a new slot.
 *
 * <p>Every change of a name crosses this class; the rules (PROTOCOL.md, "Decisions") that make a put
 * all-or-nothing and a delete unable to take a later put's share:
 * <ul>
 *   <li>The collection's deciding server <em>decides</em>: a commit of a put staged there, or a delete. Each
 *       decision takes the next epoch of the name ({@link #decideCommit}, {@link #decideDelete}); a delete leaves
 *       a tombstone (the epoch, and the put it deleted), so epochs never go back while the store is kept. An epoch
 *       is also at least the server clock's milliseconds, and above every epoch the decision's client met on the
 *       collection's servers ({@link #nextEpoch}): so a deciding server restored from a backup does not decide below
 *       the decisions the other servers applied since (a hybrid logical clock).
 *   <li>A decision request is tied to the state it was sent for: it carries {@code after}, the highest epoch its
 *       client met, and is decided only if nothing was decided here above it ({@link #movedPast}: a compare-and-set
 *       on the last decision's epoch), else answered {@code superseded}. So a put's commit or a delete delivered
 *       again later (its tokens are valid for minutes) cannot decide anew over what was decided since, and of two
 *       racing decisions the one sent before the other was decided loses with a clear answer.
 *   <li>A stage of a put the slot records as deleted is refused ({@link #deletedPut}): a stage delivered again
 *       after its put was deleted leaves nothing for a read to find.
 *   <li>The other servers <em>apply</em> decisions carrying the deciding server's epoch
 *       ({@link #applyCommit}, {@link #applyDelete}): a decision older than the one applied here is superseded and
 *       changes no committed share. So whatever order the requests of racing puts and deletes arrive in, each
 *       server's committed share is the one of the latest decision it has seen.
 *   <li>Only a decision removes a staged share of another put: a deciding commit drops every other staged share
 *       here (those puts can no longer commit); a deciding delete of epoch E drops every share here, and names
 *       every put it and the deletes before it took (the deciding server's history); applied elsewhere, it drops
 *       the staged shares of all those puts, whatever the epoch (each was decided below E and can never commit
 *       again: a share of one left staged, say where its commit never arrived, is what a server restored with that
 *       put committed would complete), and the committed share when E is newer than the decision applied here.
 *       Staged shares of puts not decided yet stay: such a put may still be decided after the delete, and its
 *       shares must be there when it commits.
 *   <li>An abort drops only its own put's staged share, never a committed one.
 * </ul>
 * Not guaranteed here: that the decisions come from one deciding server (the client sends them there, and the
 * collection's servers, so its deciding server, are fixed at its registration: PROTOCOL.md); that a put is
 * committed on every server (the client's {@code PutCommit} acknowledges a put only then); that the epochs of a
 * deciding server restored from a backup stay above those of servers its client did not reach (a client that meets
 * {@code superseded} where its deciding server holds the put asks the operator to delete the name).
 */
record SecretSlot(JsonNode committed, Map<String, JsonNode> staged, long epoch, List<String> deleted) {

    private static final ObjectMapper JSON = StrictJson.mapper();

    /** How many deleted puts a slot remembers (a delete names them all to the other servers). */
    static final int HISTORY = 16;

    static final SecretSlot EMPTY = new SecretSlot(null, Map.of(), 0, List.of());

    SecretSlot {
        staged = Map.copyOf(staged);
        deleted = List.copyOf(deleted.subList(0, Math.min(HISTORY, deleted.size())));
    }

    SecretSlot(JsonNode committed, Map<String, JsonNode> staged) {
        this(committed, staged, 0, List.of());
    }

    /** The put the last delete took, or null (none). */
    String lastDeleted() {
        return deleted.isEmpty() ? null : deleted.get(0);
    }

    /** True when no share of any put is here (a tombstone's epoch may be). */
    boolean holdsNoShare() {
        return committed == null && staged.isEmpty();
    }

    /** The put id of the committed share, or null (none, or a share stored without one). */
    String committedPut() {
        return committed == null ? null : putOf(committed);
    }

    /** The share of put {@code put} here, committed or staged. */
    Optional<JsonNode> shareOf(String put) {
        if (put.equals(committedPut())) {
            return Optional.of(committed);
        }
        return Optional.ofNullable(staged.get(put));
    }

    SecretSlot withStaged(String put, JsonNode share) {
        Map<String, JsonNode> more = new TreeMap<>(staged);
        more.put(put, share);
        return new SecretSlot(committed, more, epoch, deleted);
    }

    SecretSlot withoutStaged(String put) {
        Map<String, JsonNode> fewer = new TreeMap<>(staged);
        fewer.remove(put);
        return new SecretSlot(committed, fewer, epoch, deleted);
    }

    /** A share stored and committed at once (the single-server put): no decision, the epoch stays. */
    SecretSlot withCommitted(JsonNode share) {
        return new SecretSlot(share, staged, epoch, deleted);
    }

    /**
     * The epoch of a decision made here now: above this slot's, above {@code after} (the highest epoch the client
     * saw applied on the collection's other servers), and at least {@code now} (the server clock's milliseconds), so
     * that a deciding server whose store went back (restored from a backup) still decides above every epoch it
     * gave out since the backup, as long as its clock has not gone back as far.
     */
    long nextEpoch(long after, long now) {
        return Math.max(Math.max(epoch, after) + 1, now);
    }

    /**
     * True when a decision above {@code after} (the highest epoch a decision's client met) was made or applied here:
     * the decision request was sent for an older state of the name and must not be decided ({@code superseded}).
     */
    boolean movedPast(long after) {
        return epoch > after;
    }

    /** True when {@code put} is among the puts deleted here (the slot's history, kept across later puts). */
    boolean deletedPut(String put) {
        return deleted.contains(put);
    }

    /**
     * On the deciding server, when not {@link #movedPast} {@code after}: put {@code put}'s staged share committed at
     * the next epoch ({@link #nextEpoch}); every other staged share dropped. The puts deleted before stay recorded,
     * so that a stage of one delivered again is still refused.
     */
    SecretSlot decideCommit(String put, long after, long now) {
        return new SecretSlot(staged.get(put), Map.of(), nextEpoch(after, now), deleted);
    }

    /**
     * On the deciding server, when not {@link #movedPast} {@code after}: nothing left but a tombstone at the next epoch ({@link #nextEpoch}: above
     * {@code after}, the highest epoch the delete's client met on the collection's servers), naming the put deleted
     * now or last.
     */
    SecretSlot decideDelete(long after, long now) {
        return new SecretSlot(null, Map.of(), nextEpoch(after, now), deleting(committedPut()));
    }

    /** True when a decision of {@code decided} is older than, or the one, applied here. */
    boolean supersedes(long decided) {
        return decided <= epoch;
    }

    /** On another server: the deciding server's commit of {@code put} at {@code decided}, newer than this slot's. */
    SecretSlot applyCommit(String put, long decided) {
        return new SecretSlot(shareOf(put).orElseThrow(), withoutStaged(put).staged, decided, deleted);
    }

    /**
     * On another server: the deciding server's delete at {@code decided}, naming {@code puts}, the puts deleted there
     * (the latest first; empty: none). Their staged shares go whatever the epoch (none of them can commit again);
     * the committed share goes, and a tombstone keeps {@code decided}, when the delete is newer than the decision
     * applied here. Staged shares of other puts stay (they may be decided after the delete).
     */
    SecretSlot applyDelete(long decided, List<String> puts) {
        Map<String, JsonNode> left = new TreeMap<>(staged);
        left.keySet().removeAll(puts);
        if (supersedes(decided)) {
            return new SecretSlot(committed, left, epoch, deleted);
        }
        SecretSlot slot = new SecretSlot(null, left, decided, deleted);
        for (int i = puts.size() - 1; i >= 0; i--) {
            slot = new SecretSlot(null, left, decided, slot.deleting(puts.get(i)));
        }
        return slot;
    }

    /** The history with {@code put} (null: none) as the latest deleted put. */
    private List<String> deleting(String put) {
        if (put == null) {
            return deleted;
        }
        List<String> more = new ArrayList<>(deleted);
        more.remove(put);
        more.add(0, put);
        return more;
    }

    /** The stored document; null for a slot with nothing to keep (the name is then removed). */
    String toJson() {
        if (holdsNoShare() && epoch == 0) {
            return null;
        }
        if (staged.isEmpty() && deleted.isEmpty() && committed != null) {
            // The bare record, as before puts were staged, with the epoch beside its fields (no record has one).
            return epoch == 0 ? committed.toString() : ((ObjectNode) committed.deepCopy()).put("epoch", epoch).toString();
        }
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put("epoch", epoch);
        if (committed != null) {
            node.set("committed", committed);
        }
        node.putObject("staged").setAll(new TreeMap<>(staged));
        if (!deleted.isEmpty()) {
            deleted.forEach(node.putArray("deleted")::add);
        }
        return node.toString();
    }

    /** The slot stored as {@code document} (null: empty). */
    static SecretSlot parse(String document) {
        if (document == null) {
            return EMPTY;
        }
        JsonNode node = tree(document);
        if (!node.has("staged")) {
            if (!node.has("epoch")) {
                return new SecretSlot(node, Map.of());
            }
            ObjectNode record = (ObjectNode) node.deepCopy();
            return new SecretSlot(record.without("epoch"), Map.of(), node.get("epoch").asLong(), List.of());
        }
        Map<String, JsonNode> staged = new TreeMap<>();
        if (node.has("staged")) {
            node.get("staged").fields().forEachRemaining(e -> staged.put(e.getKey(), e.getValue()));
        }
        long epoch = node.has("epoch") ? node.get("epoch").asLong() : 0;
        List<String> deleted = new ArrayList<>();
        JsonNode names = node.path("deleted");
        if (names.isArray()) {
            names.forEach(put -> deleted.add(put.asText()));
        } else if (names.isTextual()) {
            deleted.add(names.asText());
        }
        return new SecretSlot(node.hasNonNull("committed") ? node.get("committed") : null, staged, epoch, deleted);
    }

    static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("a stored share is not JSON: " + json, e);
        }
    }

    private static String putOf(JsonNode record) {
        JsonNode put = record.get("put");
        return put == null || !put.isTextual() ? null : put.textValue();
    }
}
