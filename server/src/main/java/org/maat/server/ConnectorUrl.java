package org.maat.server;

import java.net.URI;
import org.eclipse.jetty.server.ServerConnector;

/**
 * The base URL at which a started Jetty connector is reached from this machine: its bound host
 * (loopback when it binds every address, which no client can dial), bracketed if IPv6, and the port
 * it actually got (port 0 asks for a free one).
 */
final class ConnectorUrl {

    private ConnectorUrl() {
    }

    /** {@code http://host:port}, without a trailing slash. */
    static URI of(ServerConnector connector) {
        String host = connector.getHost();
        if (host == null || host.equals("0.0.0.0") || host.equals("::") || host.equals("[::]")) {
            host = "127.0.0.1";
        }
        return URI.create("http://" + (host.contains(":") && !host.startsWith("[") ? "[" + host + "]" : host)
                + ":" + connector.getLocalPort());
    }
}
