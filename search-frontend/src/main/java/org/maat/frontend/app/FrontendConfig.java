package org.maat.frontend.app;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * The front-end's configuration, each setting read by name from the servlet context's init
 * parameters, falling back to the Java system property of the same name:
 * <ul>
 *   <li>{@code maat.data} (required): the data directory, which this front-end owns (it appends to
 *       the MAL log and writes profiles);</li>
 *   <li>{@code maat.shards} (required): the shard URL list, shards separated by {@code ,}, replicas
 *       of one shard by {@code |};</li>
 *   <li>{@code maat.policy}: {@code true} (default) runs under the monitor, {@code false} is the
 *       {@code --no-policy} baseline;</li>
 *   <li>{@code maat.regions}: a properties file of {@code CIDR=region} lines; unmatched clients have no region;</li>
 *   <li>{@code maat.proxyHeader}: the header a trusted reverse proxy puts the client address in
 *       (e.g. {@code X-Forwarded-For}); absent, the connection's address is used;</li>
 *   <li>{@code maat.maxConcurrent}: requests served at once, 503 beyond (default 64);</li>
 *   <li>{@code maat.sessionMinutes}: idle minutes before a session expires (default 30).</li>
 * </ul>
 */
public record FrontendConfig(Path data, String shards, boolean policy, Path regions, String proxyHeader,
        int maxConcurrent, int sessionMinutes) {

    public FrontendConfig {
        if (maxConcurrent < 1) {
            throw new IllegalArgumentException("maat.maxConcurrent must be at least 1, not " + maxConcurrent);
        }
        if (sessionMinutes < 1) {
            throw new IllegalArgumentException("maat.sessionMinutes must be at least 1, not " + sessionMinutes);
        }
    }

    /**
     * Reads the settings through {@code setting} (name to value, null when unset).
     *
     * @throws IllegalArgumentException naming the setting that is missing or malformed
     */
    public static FrontendConfig read(Function<String, String> setting) {
        String data = required(setting, "maat.data");
        String shards = required(setting, "maat.shards");
        String policy = optional(setting, "maat.policy", "true");
        if (!policy.equals("true") && !policy.equals("false")) {
            throw new IllegalArgumentException("maat.policy must be true or false, not '" + policy + "'");
        }
        String regions = optional(setting, "maat.regions", null);
        String header = optional(setting, "maat.proxyHeader", null);
        return new FrontendConfig(Path.of(data), shards, Boolean.parseBoolean(policy),
                regions == null ? null : Path.of(regions), header,
                number(setting, "maat.maxConcurrent", 64), number(setting, "maat.sessionMinutes", 30));
    }

    private static String required(Function<String, String> setting, String name) {
        String value = optional(setting, name, null);
        if (value == null) {
            throw new IllegalArgumentException(name + " is not set: give it as a servlet context init parameter "
                    + "or a Java system property");
        }
        return value;
    }

    private static String optional(Function<String, String> setting, String name, String fallback) {
        String value = setting.apply(name);
        return value == null || value.isBlank() ? fallback : value.strip();
    }

    private static int number(Function<String, String> setting, String name, int fallback) {
        String value = optional(setting, name, null);
        if (value == null) {
            return fallback;
        }
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, not '" + value + "'");
        }
    }
}
