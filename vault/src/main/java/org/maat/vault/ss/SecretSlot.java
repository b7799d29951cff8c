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
 * Stored as one JSON document ({@code {"committed": RECORD, "staged": {PUT: RECORD}}}), so each change of
 * the name is one atomic write; a document that is a bare record (the format before staging) is a committed
 * share. Immutable: every change returns a new slot.
 *
 * <p>The rules that make a put all-or-nothing (PROTOCOL.md, "Two-phase put"): a share is staged under its
 * put's id; committing a put makes its staged share the committed one and drops every other staged share
 * (of puts that lost); aborting a put drops only its own staged share and never touches a committed one;
 * only a delete of the name drops a committed share.
 */
record SecretSlot(ShareRecord committed, Map<String, ShareRecord> staged) {

    private static final ObjectMapper JSON = StrictJson.mapper();

    static final SecretSlot EMPTY = new SecretSlot(null, Map.of());

    SecretSlot {
        staged = Map.copyOf(staged);
    }

    boolean isEmpty() {
        return committed == null && staged.isEmpty();
    }

    /** The share of put {@code put} here, committed or staged. */
    Optional<ShareRecord> shareOf(String put) {
        if (committed != null && put.equals(committed.put())) {
            return Optional.of(committed);
        }
        return Optional.ofNullable(staged.get(put));
    }

    SecretSlot withStaged(ShareRecord share) {
        Map<String, ShareRecord> more = new TreeMap<>(staged);
        more.put(share.put(), share);
        return new SecretSlot(committed, more);
    }

    /** Put {@code put}'s staged share committed; every other staged share dropped. */
    SecretSlot committing(String put) {
        return new SecretSlot(staged.get(put), Map.of());
    }

    SecretSlot withoutStaged(String put) {
        Map<String, ShareRecord> fewer = new TreeMap<>(staged);
        fewer.remove(put);
        return new SecretSlot(committed, fewer);
    }

    /** The stored document; null for an empty slot (the name is then removed). */
    String toJson() {
        if (isEmpty()) {
            return null;
        }
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        if (committed != null) {
            node.set("committed", parseTree(committed.toJson()));
        }
        ObjectNode pending = node.putObject("staged");
        staged.forEach((put, share) -> pending.set(put, parseTree(share.toJson())));
        return node.toString();
    }

    /** The slot stored as {@code document} (null: empty). */
    static SecretSlot parse(String document) {
        if (document == null) {
            return EMPTY;
        }
        JsonNode node = parseTree(document);
        if (node.has("index")) {
            return new SecretSlot(ShareRecord.parse(node), Map.of());
        }
        ShareRecord committed = node.hasNonNull("committed") ? ShareRecord.parse(node.get("committed")) : null;
        Map<String, ShareRecord> staged = new TreeMap<>();
        node.path("staged").fields().forEachRemaining(e -> staged.put(e.getKey(), ShareRecord.parse(e.getValue())));
        return new SecretSlot(committed, staged);
    }

    private static JsonNode parseTree(String json) {
        try {
            return JSON.readTree(json);
        } catch (IOException e) {
            throw new UncheckedIOException("a stored share is damaged: " + json, e);
        }
    }
}
