package org.maat.keys;

/**
 * Where a key comes from: the one interface every keyed part of Maat takes (the encrypted layer's master
 * key; the disguise and at-rest keys), so that whether the key lies in a file beside the data or in a
 * sharded vault is a deployment choice, never the keyed code's ({@link KeySources} turns a
 * {@code file:} or {@code vault:} spec into one).
 *
 * <p>Implementations guarantee that {@link #key()} returns the same bytes on every call, each time in a
 * fresh array the caller may overwrite, and that {@link #describe()} never reveals them. Each user checks
 * the length it needs (the encrypted layer: 32 bytes).
 */
public interface KeySource {

    /** The key, in a fresh copy. */
    byte[] key();

    /** Where the key comes from, for messages and logs, e.g. {@code "key file /srv/hr/master.key"}. */
    String describe();
}
