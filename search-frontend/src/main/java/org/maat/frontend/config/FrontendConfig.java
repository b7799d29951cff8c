package org.maat.frontend.config;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The front-end's configuration contract, the one owner of its setting names, defaults and
 * validation. The WAR reads it ({@link #read}); a launcher (the server module's Jetty deployment,
 * a test's Tomcat) writes it ({@link Settings#initParameters()}). Each setting is read by name from
 * the servlet context's init parameters, falling back to the Java system property of the same name:
 * <ul>
 *   <li>{@value #DATA}: the data directory, which this front-end owns (it appends to the MAL log
 *       and writes profiles); required unless {@value #ERP} is set;</li>
 *   <li>{@value #SHARDS}: the shard URL list, shards separated by {@code ,}, replicas of one shard
 *       by {@code |}; given exactly when {@value #DATA} is;</li>
 *   <li>{@value #POLICY}: {@code true} (default) runs under the monitor, {@code false} is the
 *       {@code --no-policy} baseline;</li>
 *   <li>{@value #REGIONS}: a properties file of {@code CIDR=region} lines; unmatched clients have no region;</li>
 *   <li>{@value #PROXY_HEADER}: the header a trusted reverse proxy puts the client address in
 *       (e.g. {@code X-Forwarded-For}); absent, the connection's address is used;</li>
 *   <li>{@value #SHARD_SECRET_FILE}: the file (mode 0600) holding the secret the shard servers were
 *       started with ({@code org.maat.core.shard.ShardSecret}); this front-end signs every shard request
 *       with it, and shards refuse requests without it; required with {@value #SHARDS};</li>
 *   <li>{@value #MAX_CONCURRENT}: requests served at once (default {@link #defaultMaxConcurrent()}:
 *       twice the processors, at least 4);</li>
 *   <li>{@value #MAX_QUEUED}: requests that may wait for one of those slots (default: {@value #MAX_CONCURRENT});
 *       a request beyond them is answered 503 at once;</li>
 *   <li>{@value #MAX_WAIT_MILLIS}: how long a request may wait for a slot before it is answered 503
 *       (default {@value #DEFAULT_MAX_WAIT_MILLIS});</li>
 *   <li>{@value #SESSION_MINUTES}: idle minutes before a session expires (default {@value #DEFAULT_SESSION_MINUTES});</li>
 *   <li>{@value #ERP}: an ERP database directory ({@code maat erp load}, plain or encrypted) served
 *       under {@code /erp} and {@code /api/erp}; absent, those answer 404;</li>
 *   <li>{@value #ERP_CONNECTIONS}: JDBC connections the ERP pages pool (default {@value #DEFAULT_ERP_CONNECTIONS});</li>
 *   <li>{@value #ERP_KEY_SOURCE}: where the encrypted ERP database's master key lies when it keeps none in its
 *       directory: a key source spec ({@code file:PATH}, a bare path, or a provider's such as
 *       {@code vault:DIR/COLLECTION/NAME}); only with {@value #ERP}; absent, the key is {@code DIR/maat.key}.</li>
 *   <li>{@value #INDEX}: the index directory of {@value #DATA} whose shards are served in this process;
 *       given, users may delete, anonymize and restore their accounts (the disguises update this index);
 *       absent (shards served elsewhere), the account pages answer 404. Only with {@value #DATA}.</li>
 *   <li>{@value #ACCOUNTS}: for the ERP pages served alone, a data directory whose {@code accounts} and
 *       {@code roles} sign users in (every route but sign-in needs a session: WebCheckpoint in the WAR);
 *       absent, such a server has no accounts and answers every ERP route 401. Not with {@value #DATA},
 *       whose own accounts sign in.</li>
 * </ul>
 * This record is the configuration as read, defaults filled in: {@link #data()} and {@link #shards()}
 * are null when the front-end serves only the ERP pages, {@link #erp()} when it serves only search,
 * {@link #erpKeySource()} when the ERP database's key (if any) is in its own directory, {@link #index()}
 * when the account disguises are not offered.
 *
 * <p>This package depends on the JDK alone: it is shipped twice, inside the WAR and as the
 * {@code config} classifier jar the launchers compile against, so that both sides share one spelling.
 */
public record FrontendConfig(Path data, String shards, boolean policy, Path regions, String proxyHeader,
        int maxConcurrent, int sessionMinutes, Path erp, int erpConnections, Path shardSecretFile, int maxQueued,
        int maxWaitMillis, String erpKeySource, Path index, Path accounts) {

    public static final String DATA = "maat.data";
    public static final String SHARDS = "maat.shards";
    public static final String POLICY = "maat.policy";
    public static final String REGIONS = "maat.regions";
    public static final String PROXY_HEADER = "maat.proxyHeader";
    public static final String SHARD_SECRET_FILE = "maat.shardSecretFile";
    public static final String MAX_CONCURRENT = "maat.maxConcurrent";
    public static final String MAX_QUEUED = "maat.maxQueued";
    public static final String MAX_WAIT_MILLIS = "maat.maxWaitMillis";
    public static final String SESSION_MINUTES = "maat.sessionMinutes";
    public static final String ERP = "maat.erp";
    public static final String ERP_CONNECTIONS = "maat.erpConnections";
    public static final String ERP_KEY_SOURCE = "maat.erpKeySource";
    public static final String INDEX = "maat.index";
    public static final String ACCOUNTS = "maat.accounts";

    public static final int DEFAULT_ERP_CONNECTIONS = 8;
    public static final int DEFAULT_MAX_WAIT_MILLIS = 500;
    public static final int DEFAULT_SESSION_MINUTES = 30;

    public FrontendConfig {
        atLeast(MAX_CONCURRENT, maxConcurrent, 1);
        atLeast(MAX_QUEUED, maxQueued, 0);
        atLeast(MAX_WAIT_MILLIS, maxWaitMillis, 0);
        atLeast(SESSION_MINUTES, sessionMinutes, 1);
        atLeast(ERP_CONNECTIONS, erpConnections, 1);
        keySourceNeedsErp(erp != null, erpKeySource != null);
        if (erpKeySource != null) {
            notBlank(ERP_KEY_SOURCE, erpKeySource);
        }
        indexNeedsData(data != null, index != null);
        accountsWithoutData(data != null, accounts != null);
    }

    /**
     * Requests served at once by default: searches are CPU-bound (the shards' and the front-end's
     * checked reads), so more than a few per processor only lengthens every answer.
     */
    public static int defaultMaxConcurrent() {
        return Math.max(4, 2 * Runtime.getRuntime().availableProcessors());
    }

    /** Whether this front-end offers account disguises (delete, anonymize, restore). */
    public boolean disguises() {
        return index != null;
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
        String erp = optional(setting, ERP, null);
        String data = erp == null ? required(setting, DATA) : optional(setting, DATA, null);
        String shards = erp == null ? required(setting, SHARDS) : optional(setting, SHARDS, null);
        searchNeedsBoth(data != null, shards != null);
        String policy = optional(setting, POLICY, "true");
        if (!policy.equals("true") && !policy.equals("false")) {
            throw new IllegalArgumentException(POLICY + " must be true or false, not '" + policy + "'");
        }
        String secret = optional(setting, SHARD_SECRET_FILE, null);
        if (shards != null && secret == null) {
            throw new IllegalArgumentException(SHARD_SECRET_FILE + " is not set: search needs the file holding the "
                    + "shard servers' secret (maat shard --secret-file), which the shards require of every request");
        }
        String regions = optional(setting, REGIONS, null);
        String index = optional(setting, INDEX, null);
        String accounts = optional(setting, ACCOUNTS, null);
        String header = optional(setting, PROXY_HEADER, null);
        int maxConcurrent = number(setting, MAX_CONCURRENT, defaultMaxConcurrent());
        String given = setting.apply(ERP_KEY_SOURCE);
        if (given != null) {
            // Unlike the other settings, a blank one is not "unset": falling back to DIR/maat.key would
            // hide a launcher's mistake behind the database's own "no key" message.
            notBlank(ERP_KEY_SOURCE, given);
        }
        return new FrontendConfig(data == null ? null : Path.of(data), shards, Boolean.parseBoolean(policy),
                regions == null ? null : Path.of(regions), header,
                maxConcurrent, number(setting, SESSION_MINUTES, DEFAULT_SESSION_MINUTES),
                erp == null ? null : Path.of(erp), number(setting, ERP_CONNECTIONS, DEFAULT_ERP_CONNECTIONS),
                secret == null ? null : Path.of(secret), number(setting, MAX_QUEUED, maxConcurrent),
                number(setting, MAX_WAIT_MILLIS, DEFAULT_MAX_WAIT_MILLIS), given == null ? null : given.strip(),
                index == null ? null : Path.of(index), accounts == null ? null : Path.of(accounts));
    }

    /**
     * What a launcher gives a front-end: each setting either given (validated here as {@link #read}
     * validates it) or empty, left to the front-end's default. {@link #initParameters()} writes the
     * given ones under their names, so that {@code read(settings.initParameters()::get)} sees exactly
     * them. A front-end serves search ({@code data} and {@code shards}, both or neither), the ERP pages
     * ({@code erp}), or both; never nothing. To serve the ERP pages alone, e.g. for a load generator:
     * <pre>
     * FrontendServer server = FrontendServer.start(WarFile.locate(),
     *         FrontendConfig.erpOnly(erpDir).withErpConnections(8), "127.0.0.1", 0);
     * </pre>
     *
     * @param data            the data directory; empty: no search
     * @param shards          the shard URL list ({@code org.maat.core.shard.ShardTopology} in its text form);
     *                        empty exactly when {@code data} is
     * @param policy          false for the {@code --no-policy} baseline (search only)
     * @param regions         a properties file {@code CIDR=region}; empty: clients get no region
     * @param proxyHeader     a trusted client-address header, e.g. {@code X-Forwarded-For}; empty: disabled
     * @param maxConcurrent   requests served at once before 503; empty: {@link #defaultMaxConcurrent()}
     * @param maxQueued       requests that may wait for a slot; empty: {@code maxConcurrent}
     * @param maxWaitMillis   how long a request may wait for a slot; empty: {@value #DEFAULT_MAX_WAIT_MILLIS}
     * @param sessionMinutes  session timeout; empty: {@value #DEFAULT_SESSION_MINUTES}
     * @param erp             an ERP database directory ({@code maat erp load}, plain or encrypted); empty: no ERP pages
     * @param erpConnections  JDBC connections the ERP pages pool; empty: {@value #DEFAULT_ERP_CONNECTIONS}
     * @param shardSecretFile the shard secret (mode 0600) the front-end signs shard requests with; needed for search
     * @param erpKeySource    the key source spec of the encrypted ERP database's master key; only with {@code erp};
     *                        empty: {@code DIR/maat.key}
     * @param index           the index served in-process (account disguises); only with {@code data}
     * @param accounts        the data directory whose accounts sign in to the ERP pages served alone; not with {@code data}
     */
    public record Settings(Optional<Path> data, Optional<String> shards, boolean policy, Optional<Path> regions,
                           Optional<String> proxyHeader, Optional<Integer> maxConcurrent, Optional<Integer> maxQueued,
                           Optional<Integer> maxWaitMillis, Optional<Integer> sessionMinutes, Optional<Path> erp,
                           Optional<Integer> erpConnections, Optional<Path> shardSecretFile,
                           Optional<String> erpKeySource, Optional<Path> index, Optional<Path> accounts) {

        public Settings {
            Objects.requireNonNull(data, "data");
            Objects.requireNonNull(shards, "shards");
            Objects.requireNonNull(regions, "regions");
            Objects.requireNonNull(proxyHeader, "proxyHeader");
            Objects.requireNonNull(maxConcurrent, "maxConcurrent");
            Objects.requireNonNull(maxQueued, "maxQueued");
            Objects.requireNonNull(maxWaitMillis, "maxWaitMillis");
            Objects.requireNonNull(sessionMinutes, "sessionMinutes");
            Objects.requireNonNull(erp, "erp");
            Objects.requireNonNull(erpConnections, "erpConnections");
            Objects.requireNonNull(shardSecretFile, "shardSecretFile");
            Objects.requireNonNull(erpKeySource, "erpKeySource");
            Objects.requireNonNull(index, "index");
            Objects.requireNonNull(accounts, "accounts");
            accountsWithoutData(data.isPresent(), accounts.isPresent());
            indexNeedsData(data.isPresent(), index.isPresent());
            searchNeedsBoth(data.isPresent(), shards.isPresent());
            if (data.isEmpty() && erp.isEmpty()) {
                throw new IllegalArgumentException("the front-end serves nothing: give a data directory and shards "
                        + "(search), an ERP database (" + ERP + "), or both");
            }
            maxConcurrent.ifPresent(n -> atLeast(MAX_CONCURRENT, n, 1));
            maxQueued.ifPresent(n -> atLeast(MAX_QUEUED, n, 0));
            maxWaitMillis.ifPresent(n -> atLeast(MAX_WAIT_MILLIS, n, 0));
            sessionMinutes.ifPresent(n -> atLeast(SESSION_MINUTES, n, 1));
            erpConnections.ifPresent(n -> atLeast(ERP_CONNECTIONS, n, 1));
            keySourceNeedsErp(erp.isPresent(), erpKeySource.isPresent());
            erpKeySource.ifPresent(k -> notBlank(ERP_KEY_SOURCE, k));
        }

        public Settings withRegions(Path file) {
            return new Settings(data, shards, policy, Optional.of(file), proxyHeader, maxConcurrent, maxQueued,
                    maxWaitMillis, sessionMinutes, erp, erpConnections, shardSecretFile, erpKeySource, index, accounts);
        }

        public Settings withProxyHeader(String header) {
            return new Settings(data, shards, policy, regions, Optional.of(header), maxConcurrent, maxQueued,
                    maxWaitMillis, sessionMinutes, erp, erpConnections, shardSecretFile, erpKeySource, index, accounts);
        }

        public Settings withMaxConcurrent(int n) {
            return new Settings(data, shards, policy, regions, proxyHeader, Optional.of(n), maxQueued,
                    maxWaitMillis, sessionMinutes, erp, erpConnections, shardSecretFile, erpKeySource, index, accounts);
        }

        public Settings withMaxQueued(int n) {
            return new Settings(data, shards, policy, regions, proxyHeader, maxConcurrent, Optional.of(n),
                    maxWaitMillis, sessionMinutes, erp, erpConnections, shardSecretFile, erpKeySource, index, accounts);
        }

        public Settings withMaxWaitMillis(int n) {
            return new Settings(data, shards, policy, regions, proxyHeader, maxConcurrent, maxQueued,
                    Optional.of(n), sessionMinutes, erp, erpConnections, shardSecretFile, erpKeySource, index, accounts);
        }

        public Settings withSessionMinutes(int n) {
            return new Settings(data, shards, policy, regions, proxyHeader, maxConcurrent, maxQueued,
                    maxWaitMillis, Optional.of(n), erp, erpConnections, shardSecretFile, erpKeySource, index, accounts);
        }

        /** Also serves the ERP pages over the database in {@code erpDir}. */
        public Settings withErp(Path erpDir) {
            return new Settings(data, shards, policy, regions, proxyHeader, maxConcurrent, maxQueued,
                    maxWaitMillis, sessionMinutes, Optional.of(erpDir), erpConnections, shardSecretFile, erpKeySource, index, accounts);
        }

        public Settings withErpConnections(int n) {
            return new Settings(data, shards, policy, regions, proxyHeader, maxConcurrent, maxQueued,
                    maxWaitMillis, sessionMinutes, erp, Optional.of(n), shardSecretFile, erpKeySource, index, accounts);
        }

        /** The file holding the shard secret the front-end signs its shard requests with (mode 0600). */
        public Settings withShardSecretFile(Path file) {
            return new Settings(data, shards, policy, regions, proxyHeader, maxConcurrent, maxQueued,
                    maxWaitMillis, sessionMinutes, erp, erpConnections, Optional.of(file), erpKeySource, index, accounts);
        }

        /**
         * The ERP database's master key from the key source {@code spec} (e.g. {@code file:/keys/erp.key} or
         * {@code vault:DIR/COLLECTION/NAME}) instead of {@code DIR/maat.key}; the front-end opens it, so a
         * vault spec needs the vault on the WAR's class path.
         */
        public Settings withErpKeySource(String spec) {
            return new Settings(data, shards, policy, regions, proxyHeader, maxConcurrent, maxQueued,
                    maxWaitMillis, sessionMinutes, erp, erpConnections, shardSecretFile, Optional.of(spec), index, accounts);
        }

        /**
         * The index directory whose shards this front-end serves in-process: given, the front-end's
         * account disguises (delete, anonymize, restore) update it, and the shard searchers see each
         * update at once. Without it (shards served elsewhere) the account pages are not offered.
         */
        public Settings withIndex(Path dir) {
            return new Settings(data, shards, policy, regions, proxyHeader, maxConcurrent, maxQueued,
                    maxWaitMillis, sessionMinutes, erp, erpConnections, shardSecretFile, erpKeySource, Optional.of(dir), accounts);
        }

        /**
         * The data directory whose accounts (and their roles) sign users in to a front-end that serves the ERP
         * pages alone; a searching front-end signs in the accounts of its own data directory.
         */
        public Settings withAccounts(Path dataDir) {
            return new Settings(data, shards, policy, regions, proxyHeader, maxConcurrent, maxQueued,
                    maxWaitMillis, sessionMinutes, erp, erpConnections, shardSecretFile, erpKeySource, index,
                    Optional.of(dataDir));
        }

        /** The requests served at once: the one given, else the front-end's default. */
        public int admitted() {
            return maxConcurrent.orElseGet(FrontendConfig::defaultMaxConcurrent);
        }

        /** The servlet context init parameters, by name: the given settings, paths made absolute. */
        public Map<String, String> initParameters() {
            Map<String, String> p = new LinkedHashMap<>();
            data.ifPresent(d -> p.put(DATA, d.toAbsolutePath().toString()));
            shards.ifPresent(s -> p.put(SHARDS, s));
            p.put(POLICY, Boolean.toString(policy));
            regions.ifPresent(r -> p.put(REGIONS, r.toAbsolutePath().toString()));
            proxyHeader.ifPresent(h -> p.put(PROXY_HEADER, h));
            maxConcurrent.ifPresent(n -> p.put(MAX_CONCURRENT, Integer.toString(n)));
            maxQueued.ifPresent(n -> p.put(MAX_QUEUED, Integer.toString(n)));
            maxWaitMillis.ifPresent(n -> p.put(MAX_WAIT_MILLIS, Integer.toString(n)));
            sessionMinutes.ifPresent(n -> p.put(SESSION_MINUTES, Integer.toString(n)));
            erp.ifPresent(e -> p.put(ERP, e.toAbsolutePath().toString()));
            erpConnections.ifPresent(n -> p.put(ERP_CONNECTIONS, Integer.toString(n)));
            shardSecretFile.ifPresent(f -> p.put(SHARD_SECRET_FILE, f.toAbsolutePath().toString()));
            erpKeySource.ifPresent(k -> p.put(ERP_KEY_SOURCE, k));
            index.ifPresent(i -> p.put(INDEX, i.toAbsolutePath().toString()));
            accounts.ifPresent(a -> p.put(ACCOUNTS, a.toAbsolutePath().toString()));
            return p;
        }
    }

    /**
     * Search over {@code data} and {@code shards} (a shard URL list, as {@code ShardTopology.toString()}
     * writes it); everything else at the front-end's defaults.
     */
    public static Settings search(Path data, String shards, boolean policy) {
        return new Settings(Optional.of(data), Optional.of(shards), policy, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The ERP pages alone, over the database in {@code erpDir}; no search. */
    public static Settings erpOnly(Path erpDir) {
        return new Settings(Optional.empty(), Optional.empty(), true, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.of(erpDir),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    private static void accountsWithoutData(boolean data, boolean accounts) {
        if (accounts && data) {
            throw new IllegalArgumentException(ACCOUNTS + " is set beside " + DATA + ": a searching front-end signs in "
                    + "the accounts of its own data directory; " + ACCOUNTS + " is for the ERP pages served alone");
        }
    }

    private static void indexNeedsData(boolean data, boolean index) {
        if (index && !data) {
            throw new IllegalArgumentException(INDEX + " is set but " + DATA + " is not: the index is the data "
                    + "directory's, and account disguises need both");
        }
    }

    private static void searchNeedsBoth(boolean data, boolean shards) {
        if (data != shards) {
            throw new IllegalArgumentException(data ? DATA + " is set but " + SHARDS + " is not: search needs both"
                    : SHARDS + " is set but " + DATA + " is not: search needs both");
        }
    }

    private static void keySourceNeedsErp(boolean erp, boolean keySource) {
        if (keySource && !erp) {
            throw new IllegalArgumentException(ERP_KEY_SOURCE + " is set but " + ERP + " is not: the key source "
                    + "is the ERP database's key, and there is no ERP database to serve");
        }
    }

    private static void notBlank(String name, String value) {
        if (value.isBlank()) {
            throw new IllegalArgumentException(name + " is blank: give a key source spec (file:PATH or a "
                    + "provider's, e.g. vault:DIR/COLLECTION/NAME), or leave it out for the database's own key");
        }
    }

    private static void atLeast(String name, int value, int least) {
        if (value < least) {
            throw new IllegalArgumentException(name + " must be at least " + least + ", not " + value);
        }
    }

    private static String required(Function<String, String> setting, String name) {
        String value = optional(setting, name, null);
        if (value == null) {
            throw new IllegalArgumentException(name + " is not set: give it as a servlet context init parameter "
                    + "or a Java system property (it may be left out when " + ERP
                    + " names an ERP database to serve alone)");
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
