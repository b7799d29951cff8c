package org.maat.vault.token;

/**
 * A request the vault refuses, as the client will read it: the HTTP status and the protocol's error code
 * ({@code expired-token}, {@code no-permission}, {@code bad-name}...) with a message saying what is wrong.
 * A value, not a failure of the server: it carries no stack trace.
 */
public final class Refusal extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final int status;
    private final String code;

    public Refusal(int status, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
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
