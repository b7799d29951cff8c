package org.maat.vault.client;

import java.util.Map;

/**
 * A read found committed shares of two puts of one name that cannot be ordered: they were decided by different
 * deciding servers (the servers holding them record the collection with different servers), so neither is "the
 * later one". The read returns neither value; the message names each put's servers and asks for a delete and a
 * new put.
 */
public class ConflictingValuesException extends SecretUnavailableException {

    private static final long serialVersionUID = 1L;

    public ConflictingValuesException(String message, Map<Integer, String> problems) {
        super(message, problems);
    }
}
