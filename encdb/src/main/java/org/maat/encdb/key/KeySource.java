package org.maat.encdb.key;

/**
 * Where the encrypted layer's master key comes from. Every column key is derived from this one key
 * ({@link KeyDerivation}), so whoever holds it can decrypt the whole database.
 *
 * <p>Implementations guarantee that {@link #masterKey()} returns the same 32 bytes on every call, each
 * time in a fresh array the caller may overwrite, and that {@link #describe()} never reveals them.
 */
public interface KeySource {

    /** The 32-byte master key, in a fresh copy. */
    byte[] masterKey();

    /** Where the key comes from, for messages and logs, e.g. {@code "key file /srv/hr/master.key"}. */
    String describe();
}
