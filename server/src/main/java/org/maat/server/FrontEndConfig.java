package org.maat.server;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.maat.core.shard.ShardTopology;

/**
 * What the front-end WAR is configured with, as the servlet context init parameters it reads:
 * {@code maat.data}, {@code maat.shards}, {@code maat.policy}, the optional {@code maat.regions},
 * {@code maat.proxyHeader}, {@code maat.maxConcurrent}, {@code maat.sessionMinutes}, the shard
 * secret's {@code maat.shardSecretFile}, and the ERP pages' {@code maat.erp} and {@code maat.erpConnections}.
 *
 * <p>A front-end serves search ({@code data} and {@code shards}, both or neither), the ERP pages
 * ({@code erp}), or both; never nothing. To serve the ERP pages alone, e.g. for a load generator:
 * <pre>
 * FrontEndServer server = FrontEndServer.start(WarFile.locate(),
 *         FrontEndConfig.erpOnly(erpDir).withErpConnections(8), "127.0.0.1", 0);
 * URI erp = server.url().resolve("erp/q7");      // HTML; JSON under server.url().resolve("api/erp/q7")
 * </pre>
 * Search and ERP together: {@code SearchDeployment.start(..., config -> config.withErp(erpDir))}.
 *
 * @param data           the data directory; empty: no search
 * @param shards         where the shards are served; empty exactly when {@code data} is
 * @param policy         false for the {@code --no-policy} baseline (search only)
 * @param regions        a properties file {@code CIDR=region}; empty: clients get no region
 * @param proxyHeader    a trusted client-address header, e.g. {@code X-Forwarded-For}; empty: disabled
 * @param maxConcurrent  requests served at once before 503; empty: the WAR's default
 * @param sessionMinutes session timeout; empty: the WAR's default
 * @param erp            an ERP database directory ({@code maat erp load}, plain or encrypted); empty: no ERP pages
 * @param erpConnections JDBC connections the ERP pages pool; empty: the WAR's default (8)
 * @param shardSecretFile the shard secret ({@link org.maat.core.shard.ShardSecret}, mode 0600) the front-end
 *                        signs shard requests with; needed for search ({@link SearchDeployment} sets it)
 */
public record FrontEndConfig(Optional<Path> data, Optional<ShardTopology> shards, boolean policy,
                             Optional<Path> regions, Optional<String> proxyHeader, Optional<Integer> maxConcurrent,
                             Optional<Integer> sessionMinutes, Optional<Path> erp,
                             Optional<Integer> erpConnections, Optional<Path> shardSecretFile) {

    public FrontEndConfig {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(shards, "shards");
        Objects.requireNonNull(regions, "regions");
        Objects.requireNonNull(proxyHeader, "proxyHeader");
        Objects.requireNonNull(maxConcurrent, "maxConcurrent");
        Objects.requireNonNull(sessionMinutes, "sessionMinutes");
        Objects.requireNonNull(erp, "erp");
        Objects.requireNonNull(erpConnections, "erpConnections");
        Objects.requireNonNull(shardSecretFile, "shardSecretFile");
        if (data.isPresent() != shards.isPresent()) {
            throw new IllegalArgumentException("search needs both a data directory and shards, or neither");
        }
        if (data.isEmpty() && erp.isEmpty()) {
            throw new IllegalArgumentException("the front-end serves nothing: give a data directory and shards "
                    + "(search), an ERP database (maat.erp), or both");
        }
        maxConcurrent.filter(n -> n < 1).ifPresent(n -> {
            throw new IllegalArgumentException("maat.maxConcurrent must be at least 1, not " + n);
        });
        sessionMinutes.filter(n -> n < 1).ifPresent(n -> {
            throw new IllegalArgumentException("maat.sessionMinutes must be at least 1, not " + n);
        });
        erpConnections.filter(n -> n < 1).ifPresent(n -> {
            throw new IllegalArgumentException("maat.erpConnections must be at least 1, not " + n);
        });
    }

    /** Search over {@code data} and {@code shards}; everything else at the WAR's defaults. */
    public static FrontEndConfig of(Path data, ShardTopology shards, boolean policy) {
        return new FrontEndConfig(Optional.of(data), Optional.of(shards), policy, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** The ERP pages alone, over the database in {@code erpDir}; no search. */
    public static FrontEndConfig erpOnly(Path erpDir) {
        return new FrontEndConfig(Optional.empty(), Optional.empty(), true, Optional.empty(), Optional.empty(),
                Optional.empty(), Optional.empty(), Optional.of(erpDir), Optional.empty(), Optional.empty());
    }

    public FrontEndConfig withRegions(Path file) {
        return new FrontEndConfig(data, shards, policy, Optional.of(file), proxyHeader, maxConcurrent, sessionMinutes,
                erp, erpConnections, shardSecretFile);
    }

    public FrontEndConfig withProxyHeader(String header) {
        return new FrontEndConfig(data, shards, policy, regions, Optional.of(header), maxConcurrent, sessionMinutes,
                erp, erpConnections, shardSecretFile);
    }

    public FrontEndConfig withMaxConcurrent(int n) {
        return new FrontEndConfig(data, shards, policy, regions, proxyHeader, Optional.of(n), sessionMinutes, erp,
                erpConnections, shardSecretFile);
    }

    public FrontEndConfig withSessionMinutes(int n) {
        return new FrontEndConfig(data, shards, policy, regions, proxyHeader, maxConcurrent, Optional.of(n), erp,
                erpConnections, shardSecretFile);
    }

    /** Also serves the ERP pages over the database in {@code erpDir}. */
    public FrontEndConfig withErp(Path erpDir) {
        return new FrontEndConfig(data, shards, policy, regions, proxyHeader, maxConcurrent, sessionMinutes,
                Optional.of(erpDir), erpConnections, shardSecretFile);
    }

    public FrontEndConfig withErpConnections(int n) {
        return new FrontEndConfig(data, shards, policy, regions, proxyHeader, maxConcurrent, sessionMinutes, erp,
                Optional.of(n), shardSecretFile);
    }

    /** The file holding the shard secret the front-end signs its shard requests with (mode 0600). */
    public FrontEndConfig withShardSecretFile(Path file) {
        return new FrontEndConfig(data, shards, policy, regions, proxyHeader, maxConcurrent, sessionMinutes, erp,
                erpConnections, Optional.of(file));
    }

    /** The servlet context init parameters, by name. */
    public Map<String, String> initParameters() {
        Map<String, String> p = new LinkedHashMap<>();
        data.ifPresent(d -> p.put("maat.data", d.toAbsolutePath().toString()));
        shards.ifPresent(s -> p.put("maat.shards", s.toString()));
        p.put("maat.policy", Boolean.toString(policy));
        regions.ifPresent(r -> p.put("maat.regions", r.toAbsolutePath().toString()));
        proxyHeader.ifPresent(h -> p.put("maat.proxyHeader", h));
        maxConcurrent.ifPresent(n -> p.put("maat.maxConcurrent", Integer.toString(n)));
        sessionMinutes.ifPresent(n -> p.put("maat.sessionMinutes", Integer.toString(n)));
        erp.ifPresent(e -> p.put("maat.erp", e.toAbsolutePath().toString()));
        erpConnections.ifPresent(n -> p.put("maat.erpConnections", Integer.toString(n)));
        shardSecretFile.ifPresent(f -> p.put("maat.shardSecretFile", f.toAbsolutePath().toString()));
        return p;
    }
}
