package org.maat.vault.client;

import java.util.Map;

/** A put of a secret that already exists (409 from the storage servers): secrets are immutable. */
public class SecretExistsException extends SecretNotStoredException {

    private static final long serialVersionUID = 1L;

    public SecretExistsException(String message, Map<Integer, String> problems) {
        super(message, problems);
    }
}
