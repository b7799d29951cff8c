package org.maat.vault.ss;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Set;
import java.util.TreeSet;
import org.maat.vault.token.Refusal;

/** A collection's access-control servers and how many of them must issue tokens for each call on it. */
record Collection(Set<Integer> acs, int quorum) {

    Collection {
        acs = Set.copyOf(acs);
    }

    /**
     * Reads {@code {"acs": [1,2,3], "quorum": 3}}, the servers being among {@code servers}.
     *
     * @throws Refusal 400 {@code bad-collection}
     */
    static Collection parse(JsonNode node, Set<Integer> servers) {
        JsonNode acsNode = node == null || !node.isObject() ? null : node.get("acs");
        JsonNode quorumNode = node == null || !node.isObject() ? null : node.get("quorum");
        if (acsNode == null || !acsNode.isArray() || acsNode.isEmpty() || quorumNode == null
                || !quorumNode.isIntegralNumber()) {
            throw bad("a collection is {\"acs\": [SERVER_ID..], \"quorum\": K}");
        }
        Set<Integer> acs = new TreeSet<>();
        for (JsonNode id : acsNode) {
            if (!id.isIntegralNumber() || !id.canConvertToInt() || !servers.contains(id.intValue())) {
                throw bad("'acs' holds ids of this vault's servers " + new TreeSet<>(servers) + ", not " + id);
            }
            if (!acs.add(id.intValue())) {
                throw bad("'acs' names server " + id + " twice");
            }
        }
        // canConvertToInt first: intValue() of 4294967297 is 1, a quorum the caller never asked for.
        int quorum = quorumNode.canConvertToInt() ? quorumNode.intValue() : -1;
        if (quorum < 1 || quorum > acs.size()) {
            throw bad("'quorum' must be 1.." + acs.size() + ", not " + quorumNode);
        }
        return new Collection(acs, quorum);
    }

    String toJson() {
        return toNode().toString();
    }

    ObjectNode toNode() {
        ObjectNode node = JsonNodeFactory.instance.objectNode();
        ArrayNode ids = node.putArray("acs");
        new TreeSet<>(acs).forEach(ids::add);
        node.put("quorum", quorum);
        return node;
    }

    private static Refusal bad(String message) {
        return Refusal.badRequest("bad-collection", message);
    }
}
