package org.maat.keys;

/**
 * A kind of {@link KeySource} named by a scheme ({@code vault:...}), found by {@link KeySources} through
 * {@link java.util.ServiceLoader}: a module that holds keys elsewhere (the vault) registers one in
 * {@code META-INF/services/org.maat.keys.KeySourceProvider}, so no keyed module depends on it.
 */
public interface KeySourceProvider {

    /** The scheme before the colon, lower case, e.g. {@code "vault"}. */
    String scheme();

    /** The spec's shape for error messages and help, e.g. {@code "vault:DIR/COLLECTION/NAME"}. */
    String usage();

    /**
     * Opens the key named by {@code location} (the spec after {@code scheme:}), fetching it now so that a
     * missing or unreachable key fails here, with a message naming what is missing, not at first use.
     *
     * @throws IllegalArgumentException when {@code location} is malformed (the message shows {@link #usage()})
     * @throws KeyUnavailableException when the key cannot be had (missing, servers down, access refused)
     */
    KeySource open(String location);
}
