package org.maat.core.data;

/** A data directory that is missing, incomplete or malformed; the message says which and where. */
public final class DataDirException extends RuntimeException {

    public DataDirException(String message) {
        super(message);
    }
}
