package org.maat.frontend.app;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * The front-end's configuration, each setting read by name from the servlet context's init
 * parameters, falling back to the Java system property of the same name:
 * <ul>
 *   <li>{@code maat.data}: the data directory, which this front-end owns (it appends to the MAL log
 *       and writes profiles); required unless {@code maat.erp} is set;</li>
 *   <li>{@code maat.shards}: the shard URL list, shards separated by {@code ,}, replicas of one shard
 *       by {@code |}; given exactly when {@code maat.data} is;</li>
 *   <li>{@code maat.policy}: {@code true} (default) runs under the monitor, {@code false} is the
 *       {@code --no-policy} baseline;</li>
 *   <li>{@code maat.regions}: a properties file of {@code CIDR=region} lines; unmatched clients have no region;</li>
 *   <li>{@code maat.proxyHeader}: the header a trusted reverse proxy puts the client address in
 *       (e.g. {@code X-Forwarded-For}); absent, the connection's address is used;</li>
 *   <li>{@code maat.maxConcurrent}: requests served at once, 503 beyond (default 64);</li>
 *   <li>{@code maat.sessionMinutes}: idle minutes before a session expires (default 30);</li>
 *   <li>{@code maat.erp}: an ERP database directory ({@code maat erp load}, plain or encrypted) served
 *       under {@code /erp} and {@code /api/erp}; absent, those answer 404;</li>
 *   <li>{@code maat.erpConnections}: JDBC connections the ERP pages pool (default 8).</li>
 * </ul>
 * {@link #data()} and {@link #shards()} are null when the front-end serves only the ERP pages,
 * {@link #erp()} when it serves only search.
 */
public record FrontendConfig(Path data, String shards, boolean policy, Path regions, String proxyHeader,
        int maxConcurrent, int sessionMinutes, Path erp, int erpConnections) {

    public static final int DEFAULT_ERP_CONNECTIONS = 8;

    public FrontendConfig {
        if (maxConcurrent < 1) {
            throw new IllegalArgumentException("maat.maxConcurrent must be at least 1, not " + maxConcurrent);
        }
        if (sessionMinutes < 1) {
            throw new IllegalArgumentException("maat.sessionMinutes must be at least 1, not " + sessionMinutes);
        }
        if (erpConnections < 1) {
            throw new IllegalArgumentException("maat.erpConnections must be at least 1, not " + erpConnections);
        }
    }

    /** Whether this front-end serves search (else only the ERP pages). */
    public boolean searches() {
        return data != null;
    }

    /**
     * Reads the settings through {@code setting} (name to value, null when unset).
     *
     * @throws IllegalArgumentException naming the setting that is missing or malformed
     */
    public static FrontendConfig read(Function<String, String> setting) {
        String erp = optional(setting, "maat.erp", null);
        String data = erp == null ? required(setting, "maat.data") : optional(setting, "maat.data", null);
        String shards = erp == null ? required(setting, "maat.shards") : optional(setting, "maat.shards", null);
        if ((data == null) != (shards == null)) {
            throw new IllegalArgumentException(data == null ? "maat.shards is set but maat.data is not: search needs both"
                    : "maat.data is set but maat.shards is not: search needs both");
        }
        String policy = optional(setting, "maat.policy", "true");
        if (!policy.equals("true") && !policy.equals("false")) {
            throw new IllegalArgumentException("maat.policy must be true or false, not '" + policy + "'");
        }
        String regions = optional(setting, "maat.regions", null);
        String header = optional(setting, "maat.proxyHeader", null);
        return new FrontendConfig(data == null ? null : Path.of(data), shards, Boolean.parseBoolean(policy),
                regions == null ? null : Path.of(regions), header,
                number(setting, "maat.maxConcurrent", 64), number(setting, "maat.sessionMinutes", 30),
                erp == null ? null : Path.of(erp), number(setting, "maat.erpConnections", DEFAULT_ERP_CONNECTIONS));
    }

    private static String required(Function<String, String> setting, String name) {
        String value = optional(setting, name, null);
        if (value == null) {
            throw new IllegalArgumentException(name + " is not set: give it as a servlet context init parameter "
                    + "or a Java system property (it may be left out when maat.erp names an ERP database to serve alone)");
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
