package org.maat.vault.server;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import org.maat.vault.token.Refusal;

/** An HTTP answer of the vault: a status and a JSON body. */
record Answer(int status, byte[] body) {

    static final Answer EMPTY_OK = of(200, "{}");

    static Answer of(int status, String json) {
        return new Answer(status, json.getBytes(StandardCharsets.UTF_8));
    }

    static Answer of(int status, ObjectNode json) {
        return of(status, json.toString());
    }

    /** The protocol's error body, {@code {"error": CODE, "message": TEXT}}. */
    static Answer error(int status, String code, String message) {
        return of(status, JsonNodeFactory.instance.objectNode().put("error", code).put("message", message));
    }

    /** The protocol's error body, with the refusal's other fields ({@link Refusal#with}). */
    static Answer of(Refusal refusal) {
        return of(refusal.status(), refusal.fields().put("error", refusal.code()).put("message", refusal.getMessage()));
    }
}
