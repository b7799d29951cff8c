package org.maat.vault.client;

import java.util.Map;
import org.maat.vault.VaultException;

/**
 * A secret could not be read: too few shares (servers down, access refused, shares damaged). The message
 * names the secret, how many shares were had and needed, and each server that failed and why;
 * {@link #problems()} has the same per server id.
 */
public class SecretUnavailableException extends VaultException {

    private static final long serialVersionUID = 1L;

    private final transient Map<Integer, String> problems;

    public SecretUnavailableException(String message, Map<Integer, String> problems) {
        super(message);
        this.problems = Map.copyOf(problems);
    }

    /** Per server id, what failed there. */
    public Map<Integer, String> problems() {
        return problems;
    }
}
