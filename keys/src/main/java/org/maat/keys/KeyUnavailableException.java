package org.maat.keys;

/** A well-formed key spec whose key cannot be had: missing, unreadable, servers down, access refused. */
public class KeyUnavailableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public KeyUnavailableException(String message) {
        super(message);
    }

    public KeyUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
