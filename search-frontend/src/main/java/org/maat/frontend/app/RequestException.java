package org.maat.frontend.app;

/**
 * A request the front-end answers with an error status: the status, a short machine-readable code
 * and a message a user can act on. The message never holds a stack trace or an internal detail
 * other than, for a refusal of the user's own data, the monitor's explanation.
 */
public final class RequestException extends RuntimeException {

    private final int status;
    private final String code;

    public RequestException(int status, String code, String message) {
        super(message, null, false, false);
        this.status = status;
        this.code = code;
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

    public static RequestException unavailable(String message) {
        return new RequestException(503, "unavailable", message);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }
}
