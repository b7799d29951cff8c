package org.maat.vault.client;

import java.util.Map;
import org.maat.vault.VaultException;

/**
 * A put did not complete: some server was unreachable or refused (no token quorum, a permission, the
 * collection or a share refused). The message names the secret and each failing server and why. Shares
 * stored on other servers before the failure stay there (secrets are immutable; delete them to retry).
 */
public class SecretNotStoredException extends VaultException {

    private static final long serialVersionUID = 1L;

    private final transient Map<Integer, String> problems;

    public SecretNotStoredException(String message, Map<Integer, String> problems) {
        super(message);
        this.problems = Map.copyOf(problems);
    }

    /** Per server id, what failed there. */
    public Map<Integer, String> problems() {
        return problems;
    }
}
