package org.maat.disguise.crypto;

/** A sealed message that the given key does not open: wrong key, wrong locator, or tampered bytes. */
public final class UnsealException extends RuntimeException {

    public UnsealException(String message) {
        super(message);
    }
}
