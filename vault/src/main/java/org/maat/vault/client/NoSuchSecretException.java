package org.maat.vault.client;

import java.util.Map;

/** Every storage server that answered says the secret does not exist (404 {@code no-such-secret}). */
public class NoSuchSecretException extends SecretUnavailableException {

    private static final long serialVersionUID = 1L;

    public NoSuchSecretException(String message, Map<Integer, String> problems) {
        super(message, problems);
    }
}
