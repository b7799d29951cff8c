package org.maat.disguise;

/** A disguise that could not be applied and changed nothing; the message says what and where. */
public class DisguiseException extends RuntimeException {

    public DisguiseException(String message) {
        super(message);
    }

    public DisguiseException(String message, Throwable cause) {
        super(message, cause);
    }
}
