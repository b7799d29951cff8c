package org.maat.vault.ss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.maat.vault.StrictJson;

/**
 * What one storage server holds under one secret name: at most one committed share, which readers get, and
 * the staged shares of puts not committed here yet, by put id, which readers get only by naming the put.
 * Stored as one document, so each change of the name is one atomic write: a committed share alone is stored as
 * its bare record (as before puts were staged), otherwise {@code {"committed": RECORD, "staged": {PUT: RECORD}}}.
 * Records are kept exactly as they were checked on the way in ({@link ShareRecord#parse}) and returned as
 * stored: a share damaged at rest reaches the reader, who reports it. Immutable: every change returns a new slot.
 *
 * <p>The rules that make a put all-or-nothing (PROTOCOL.md, "Two-phase put"): a share is staged under its
 * put's id; committing a put makes its staged share the committed one and drops every other staged share
 * (of puts that can no longer commit); aborting a put drops only its own staged share and never a committed
 * one; only a delete of the name drops a committed share.
 */
record SecretSlot(JsonNode committed, Map<String, JsonNode> staged) {

    private static final ObjectMapper JSON = StrictJson.mapper();

    static final SecretSlot EMPTY = new SecretSlot(null, Map.of());

    SecretSlot {
        staged = Map.copyOf(staged);
    }

    boolean isEmpty() {
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
        return new SecretSlot(committed, more);
    }

    /** Put {@code put}'s staged share committed; every other staged share dropped. */
    SecretSlot committing(String put) {
        return new SecretSlot(staged.get(put), Map.of());
    }

    SecretSlot withoutStaged(String put) {
        Map<String, JsonNode> fewer = new TreeMap<>(staged);
        fewer.remove(put);
        return new SecretSlot(committed, fewer);
    }

    /** The stored document; null for an empty slot (the name is then removed). */
    String toJson() {
        if (isEmpty()) {
            return null;
        }
        if (staged.isEmpty()) {
            return committed.toString();
        }
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (committed != null) {
            node.set("committed", committed);
        }
        node.putObject("staged").setAll(new TreeMap<>(staged));
        return node.toString();
    }

    /** The slot stored as {@code document} (null: empty). */
    static SecretSlot parse(String document) {
        if (document == null) {
            return EMPTY;
        }
        JsonNode node = tree(document);
        if (!node.has("staged")) {
            return new SecretSlot(node, Map.of());
        }
        Map<String, JsonNode> staged = new TreeMap<>();
        node.get("staged").fields().forEachRemaining(e -> staged.put(e.getKey(), e.getValue()));
        return new SecretSlot(node.hasNonNull("committed") ? node.get("committed") : null, staged);
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
