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
 *   <li>{@code maat.shardSecretFile}: the file (mode 0600) holding the secret the shard servers were
 *       started with ({@code org.maat.core.shard.ShardSecret}); this front-end signs every shard request
 *       with it, and shards refuse requests without it; required with {@code maat.shards};</li>
 *   <li>{@code maat.maxConcurrent}: requests served at once (default {@link #defaultMaxConcurrent()}:
 *       twice the processors, at least 4);</li>
 *   <li>{@code maat.maxQueued}: requests that may wait for one of those slots (default: {@code maat.maxConcurrent});
 *       a request beyond them is answered 503 at once;</li>
 *   <li>{@code maat.maxWaitMillis}: how long a request may wait for a slot before it is answered 503
 *       (default {@value #DEFAULT_MAX_WAIT_MILLIS});</li>
 *   <li>{@code maat.sessionMinutes}: idle minutes before a session expires (default 30);</li>
 *   <li>{@code maat.erp}: an ERP database directory ({@code maat erp load}, plain or encrypted) served
 *       under {@code /erp} and {@code /api/erp}; absent, those answer 404;</li>
 *   <li>{@code maat.erpConnections}: JDBC connections the ERP pages pool (default 8).</li>
 * </ul>
 * {@link #data()} and {@link #shards()} are null when the front-end serves only the ERP pages,
 * {@link #erp()} when it serves only search.
 */
public record FrontendConfig(Path data, String shards, boolean policy, Path regions, String proxyHeader,
        int maxConcurrent, int sessionMinutes, Path erp, int erpConnections, Path shardSecretFile, int maxQueued,
        int maxWaitMillis) {

    public static final int DEFAULT_ERP_CONNECTIONS = 8;
    public static final int DEFAULT_MAX_WAIT_MILLIS = 500;

    public FrontendConfig {
        if (maxConcurrent < 1) {
            throw new IllegalArgumentException("maat.maxConcurrent must be at least 1, not " + maxConcurrent);
        }
        if (maxQueued < 0) {
            throw new IllegalArgumentException("maat.maxQueued must be at least 0, not " + maxQueued);
        }
        if (maxWaitMillis < 0) {
            throw new IllegalArgumentException("maat.maxWaitMillis must be at least 0, not " + maxWaitMillis);
        }
        if (sessionMinutes < 1) {
            throw new IllegalArgumentException("maat.sessionMinutes must be at least 1, not " + sessionMinutes);
        }
        if (erpConnections < 1) {
            throw new IllegalArgumentException("maat.erpConnections must be at least 1, not " + erpConnections);
        }
    }

    /**
     * Requests served at once by default: searches are CPU-bound (the shards' and the front-end's
     * checked reads), so more than a few per processor only lengthens every answer.
     */
    public static int defaultMaxConcurrent() {
        return Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
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
        String secret = optional(setting, "maat.shardSecretFile", null);
        if (shards != null && secret == null) {
            throw new IllegalArgumentException("maat.shardSecretFile is not set: search needs the file holding the "
                    + "shard servers' secret (maat shard --secret-file), which the shards require of every request");
        }
        String regions = optional(setting, "maat.regions", null);
        String header = optional(setting, "maat.proxyHeader", null);
        int maxConcurrent = number(setting, "maat.maxConcurrent", defaultMaxConcurrent());
        return new FrontendConfig(data == null ? null : Path.of(data), shards, Boolean.parseBoolean(policy),
                regions == null ? null : Path.of(regions), header,
                maxConcurrent, number(setting, "maat.sessionMinutes", 30),
                erp == null ? null : Path.of(erp), number(setting, "maat.erpConnections", DEFAULT_ERP_CONNECTIONS),
                secret == null ? null : Path.of(secret), number(setting, "maat.maxQueued", maxConcurrent),
                number(setting, "maat.maxWaitMillis", DEFAULT_MAX_WAIT_MILLIS));
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
