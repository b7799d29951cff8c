package org.maat.vault.acs;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;

/** A condition of a {@link Verifier} beyond its accounts: a time window or an account's approval. */
interface VerifierModule {

    /** Whether the module refuses every token at {@code now}, approvals or not (a closed time window). */
    boolean isClosed(Instant now);

    /** The account whose approval the module still waits for, given the accounts that {@code approved}. */
    Optional<String> awaitedAccount(Set<String> approved);

    /** The accounts the module names, which must exist in the vault. */
    Set<String> accounts();

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
