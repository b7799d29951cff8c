package org.maat.vault.acs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Set;

/** A condition of a {@link Verifier} beyond its accounts: a time window or an account's approval. */
interface VerifierModule {

    /** Whether the module lets a token be issued at {@code now}; {@code approvals} are accounts that approved. */
    boolean passes(Set<String> approvals, Instant now);

    /** Writes the module as the protocol's JSON. */
    ObjectNode toJson();

    /**
     * Reads a module from its JSON ({@code {"type": "time-window" | "approval", ...}}).
     *
     * @throws org.maat.vault.token.Refusal 400 {@code bad-verifier}
     */
    static VerifierModule parse(JsonNode node) {
        String type = node != null && node.isObject() ? Json.text(node, "type", "bad-verifier") : null;
        if ("time-window".equals(type)) {
            return TimeWindow.parse(node);
        }
        if ("approval".equals(type)) {
            return new Approval(Json.text(node, "account", "bad-verifier"));
        }
        throw Json.bad("bad-verifier", "a module is {\"type\": \"time-window\" | \"approval\", ...}, not " + node);
    }
}
