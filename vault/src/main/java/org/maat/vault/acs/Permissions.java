package org.maat.vault.acs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.maat.vault.token.Action;
import org.maat.vault.token.Refusal;

/**
 * An object's permissions: for each action, the verifiers of which any one satisfied grants a token; and its
 * {@code owner}, the account whose client first set them (kept when they are replaced; null for permissions stored
 * before owners were recorded).
 */
record Permissions(String owner, Map<Action, List<String>> verifiers) {

    /** The stored document's field of the owner; never an action's name. */
    private static final String OWNER = "owner";

    Permissions {
        verifiers = Map.copyOf(verifiers);
    }

    /** These verifiers owned by {@code owner}. */
    Permissions ownedBy(String owner) {
        return new Permissions(owner, verifiers);
    }

    List<String> of(Action action) {
        return verifiers.getOrDefault(action, List.of());
    }

    /**
     * Reads a request's {@code {"read": [ID..], "write": [..], "create": [..], "delete": [..]}}, without owner
     * (a caller cannot name one).
     *
     * @throws Refusal 400 {@code bad-permissions}
     */
    static Permissions parse(JsonNode node) {
        return parse(node, false);
    }

    /** Reads a stored document: the request's form plus {@code "owner"} (absent or null: unknown). */
    static Permissions stored(JsonNode node) {
        return parse(node, true);
    }

    private static Permissions parse(JsonNode node, boolean withOwner) {
        if (node == null || !node.isObject()) {
            throw Json.bad("bad-permissions", "permissions are {\"read\": [VERIFIER_ID..], \"write\": [..], ...}");
        }
        String owner = null;
        Map<Action, List<String>> verifiers = new EnumMap<>(Action.class);
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
            if (withOwner && field.getKey().equals(OWNER)) {
                owner = field.getValue().isTextual() ? field.getValue().textValue() : null;
                continue;
            }
            Action action;
            try {
                action = Action.parse(field.getKey());
            } catch (Refusal e) {
                throw Json.bad("bad-permissions", e.getMessage());
            }
            if (!field.getValue().isArray()) {
                throw Json.bad("bad-permissions", "'" + field.getKey() + "' must be an array of verifier ids");
            }
            List<String> ids = new ArrayList<>();
            for (JsonNode id : field.getValue()) {
                if (!id.isTextual()) {
                    throw Json.bad("bad-permissions", "'" + field.getKey() + "' holds verifier ids, not " + id);
                }
                ids.add(id.textValue());
            }
            verifiers.put(action, List.copyOf(ids));
        }
        return new Permissions(owner, verifiers);
    }

    /** The stored document: owner (null if unknown) and the verifier ids of each action. */
    ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        node.put(OWNER, owner);
        for (Action action : Action.values()) {
            if (verifiers.containsKey(action)) {
                verifiers.get(action).forEach(node.putArray(action.wireName())::add);
            }
        }
        return node;
    }
}
