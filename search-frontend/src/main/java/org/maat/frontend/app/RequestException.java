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
    /** Seconds the client must wait before trying again (a {@code Retry-After} header), or -1. */
    private final long retryAfterSeconds;

    public RequestException(int status, String code, String message) {
        this(status, code, message, List.of(), -1);
    }

    private RequestException(int status, String code, String message, List<String> details, long retryAfterSeconds) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
        this.details = List.copyOf(details);
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** 429: the client must wait {@code retryAfterSeconds} (at least 1) before asking again. */
    public static RequestException tooManyRequests(String message, long retryAfterSeconds) {
        return new RequestException(429, "too-many-requests", message, List.of(), Math.max(1, retryAfterSeconds));
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
        return new RequestException(409, "conflict", message, conflicts, -1);
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

    /** The seconds a {@link #tooManyRequests} answer asks the client to wait; empty for other errors. */
    public java.util.OptionalLong retryAfterSeconds() {
        return retryAfterSeconds < 0 ? java.util.OptionalLong.empty() : java.util.OptionalLong.of(retryAfterSeconds);
    }

    /** What a {@link #conflict} clashed with, each a line the user can act on; empty otherwise. */
    public List<String> details() {
        return details;
    }
}
