package org.maat.jmeter.run;

import java.net.URI;
import java.util.Map;

/**
 * The front-end JMeter sends to: host and port of its URL, as the plans' {@code host} and {@code port}
 * properties.
 */
public record Target(String host, int port) {

    public static Target of(URI url) {
        return new Target(url.getHost(), url.getPort());
    }

    Map<String, String> properties() {
        return Map.of("host", host, "port", Integer.toString(port));
    }
}
