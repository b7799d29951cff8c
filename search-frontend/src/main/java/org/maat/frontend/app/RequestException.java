package org.maat.frontend.app;

import java.util.List;

/**
 * A request the front-end answers with an error status: the status, a short machine-readable code
 * and a message a user can act on. The message never holds a stack trace or an internal detail
 * other than, for a refusal of the user's own data, the monitor's explanation.
 */
public final class RequestException extends RuntimeException {

    private final int status;
    private final String code;
    private final List<String> details;

    public RequestException(int status, String code, String message) {
        this(status, code, message, List.of());
    }

    private RequestException(int status, String code, String message, List<String> details) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.details = List.copyOf(details);
    }

    public static RequestException badRequest(String message) {
        return new RequestException(400, "bad-request", message);
    }

    public static RequestException unauthorized(String message) {
        return new RequestException(401, "unauthorized", message);
    }

    public static RequestException refused(String message) {
        return new RequestException(403, "refused", message);
    }

    public static RequestException notFound(String message) {
        return new RequestException(404, "not-found", message);
    }

    /** 409: the request conflicts with the current data; {@code conflicts} names each clash, one a line. */
    public static RequestException conflict(String message, List<String> conflicts) {
        return new RequestException(409, "conflict", message, conflicts);
    }

    public static RequestException unavailable(String message) {
        return new RequestException(503, "unavailable", message);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    /** What a {@link #conflict} clashed with, each a line the user can act on; empty otherwise. */
    public List<String> details() {
        return details;
    }
}
