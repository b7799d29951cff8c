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
 * @param planProperties   more JMeter properties for the plan (e.g. the signed-in session the ERP plans send)
 */
public record Target(String host, int port, Map<String, String> systemProperties, Map<String, String> planProperties) {

    public Target {
        systemProperties = Map.copyOf(systemProperties);
        planProperties = Map.copyOf(planProperties);
    }

    public Target(String host, int port, Map<String, String> systemProperties) {
        this(host, port, systemProperties, Map.of());
    }

    public static Target of(URI url) {
        return new Target(url.getHost(), url.getPort(), Map.of());
    }

    /** This target with the plan properties {@code more} added. */
    public Target withPlanProperties(Map<String, String> more) {
        Map<String, String> all = new java.util.HashMap<>(planProperties);
        all.putAll(more);
        return new Target(host, port, systemProperties, all);
    }

    Map<String, String> properties() {
        Map<String, String> p = new java.util.HashMap<>(planProperties);
        p.put("host", host);
        p.put("port", Integer.toString(port));
        return p;
    }
}
