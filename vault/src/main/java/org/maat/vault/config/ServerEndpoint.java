package org.maat.vault.config;

import java.net.URI;
import java.security.PublicKey;

/**
 * One server of the vault as its clients and peers see it: an access-control server and a storage server
 * behind one HTTPS port, and the public key that checks the tokens its ACS signs.
 */
public record ServerEndpoint(int id, String host, int port, PublicKey tokenKey) {

    /** {@code https://host:port/path} ({@code path} starts with a slash). */
    public URI uri(String path) {
        return URI.create("https://" + address() + path);
    }

    /** {@code host:port}, for messages. */
    public String address() {
        return (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /** {@code server ID (host:port)}, how messages name a server. */
    public String describe() {
        return "server " + id + " (" + address() + ")";
    }
}
