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

/** An object's permissions: for each action, the verifiers of which any one satisfied grants a token. */
record Permissions(Map<Action, List<String>> verifiers) {

    Permissions {
        verifiers = Map.copyOf(verifiers);
    }

    List<String> of(Action action) {
        return verifiers.getOrDefault(action, List.of());
    }

    /**
     * Reads {@code {"read": [ID..], "write": [..], "create": [..], "delete": [..]}}.
     *
     * @throws Refusal 400 {@code bad-permissions}
     */
    static Permissions parse(JsonNode node) {
        if (node == null || !node.isObject()) {
            throw Json.bad("bad-permissions", "permissions are {\"read\": [VERIFIER_ID..], \"write\": [..], ...}");
        }
        Map<Action, List<String>> verifiers = new EnumMap<>(Action.class);
        for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
            Map.Entry<String, JsonNode> field = fields.next();
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
        return new Permissions(verifiers);
    }

    ObjectNode toJson() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        for (Action action : Action.values()) {
            if (verifiers.containsKey(action)) {
                verifiers.get(action).forEach(node.putArray(action.wireName())::add);
            }
        }
        return node;
    }
}
