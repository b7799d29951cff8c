package org.maat.disguise.store;

/** A bag store or registry that cannot be read or written; the message names the store and what failed. */
public final class StoreException extends RuntimeException {

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }

    public StoreException(String message) {
        super(message);
    }
}
