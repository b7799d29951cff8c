package org.maat.vault.client;

import com.fasterxml.jackson.databind.JsonNode;
import org.maat.vault.config.ServerEndpoint;

/**
 * What one request to one server came to: an answer (any status, its JSON body) or, when there was none,
 * why ({@code failure}: "refused the connection", "timed out ..."). {@link #problem()} says it the way
 * error messages print it after the server's name.
 */
record Exchange(ServerEndpoint server, int status, JsonNode body, String failure) {

    static Exchange answer(ServerEndpoint server, int status, JsonNode body) {
        return new Exchange(server, status, body, null);
    }

    static Exchange failed(ServerEndpoint server, String failure) {
        return new Exchange(server, 0, null, failure);
    }

    /** The server answered (whatever the status): it is up and the TLS handshake passed. */
    boolean answered() {
        return failure == null;
    }

    boolean ok() {
        return answered() && status / 100 == 2;
    }

    /** The error code of a JSON error body ({@code "error"}), or "" when there is none. */
    String code() {
        return body != null && body.hasNonNull("error") ? body.get("error").asText() : "";
    }

    /** E.g. "refused the connection" or "answered 403 not-permitted: client maat is in no verifier". */
    String problem() {
        if (!answered()) {
            return failure;
        }
        StringBuilder text = new StringBuilder("answered ").append(status);
        if (!code().isEmpty()) {
            text.append(' ').append(code());
        }
        if (body != null && body.hasNonNull("message")) {
            text.append(": ").append(body.get("message").asText());
        } else if (body == null) {
            text.append(" without a JSON body");
        }
        return text.toString();
    }
}
