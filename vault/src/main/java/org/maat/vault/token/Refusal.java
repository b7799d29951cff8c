package org.maat.vault.token;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * A request the vault refuses, as the client will read it: the HTTP status and the protocol's error code
 * ({@code expired-token}, {@code no-permission}, {@code bad-name}...) with a message saying what is wrong.
 * A value, not a failure of the server: it carries no stack trace. It may carry more fields for the error body
 * ({@link #with}), such as what a reader needs even from a refused call.
 */
public final class Refusal extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String code;
    private final transient ObjectNode fields;

    public Refusal(int status, String code, String message) {
        this(status, code, message, JsonNodeFactory.instance.objectNode());
    }

    private Refusal(int status, String code, String message, ObjectNode fields) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.fields = fields;
    }

    /** This refusal with {@code field} set to {@code value} in its error body (beside "error" and "message"). */
    public Refusal with(String field, JsonNode value) {
        ObjectNode more = fields.deepCopy();
        more.set(field, value);
        return new Refusal(status, code, getMessage(), more);
    }

    /** The error body's fields besides "error" and "message" (a copy). */
    public ObjectNode fields() {
        return fields.deepCopy();
    }

    public static Refusal badRequest(String code, String message) {
        return new Refusal(400, code, message);
    }

    public static Refusal unauthorized(String code, String message) {
        return new Refusal(401, code, message);
    }

    public static Refusal forbidden(String code, String message) {
        return new Refusal(403, code, message);
    }

    public static Refusal notFound(String code, String message) {
        return new Refusal(404, code, message);
    }

    public static Refusal conflict(String code, String message) {
        return new Refusal(409, code, message);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    @Override
    public String toString() {
        return status + " " + code + ": " + getMessage();
    }
}
