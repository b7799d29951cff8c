package org.maat.vault.client;

import java.util.Map;

/**
 * A secret read from the vault, how long the read took ({@link Timings}), and what went wrong on the way
 * without preventing it, per server id: a server down, a share that failed its digest or disagreed with the
 * others. A non-empty {@code problems} on success is worth a warning: the vault has lost redundancy.
 */
public record Retrieval(byte[] secret, Timings timings, Map<Integer, String> problems) {

    @Override
    public String toString() {
        // Never the secret.
        return "retrieval (" + secret.length + " bytes; " + timings + "; problems " + problems + ")";
    }
}
