package org.maat.jmeter.run;

import java.net.URI;
import java.util.Map;

/**
 * The server JMeter sends to: host and port of its URL, as the plans' {@code host} and {@code port}
 * properties, and the Java system properties JMeter's JVM needs to reach it (e.g. the client key store of
 * a server that asks for a client certificate: JMeter's HTTPS sampler reads only the standard
 * {@code javax.net.ssl.keyStore*} system properties).
 *
 * @param host             the server's host
 * @param port             its port
 * @param systemProperties passed to JMeter's JVM as {@code -Dname=value}; empty for most servers
 */
public record Target(String host, int port, Map<String, String> systemProperties) {

    public Target {
        systemProperties = Map.copyOf(systemProperties);
    }

    public static Target of(URI url) {
        return new Target(url.getHost(), url.getPort(), Map.of());
    }

    Map<String, String> properties() {
        return Map.of("host", host, "port", Integer.toString(port));
    }
}
