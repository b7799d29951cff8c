package org.maat.server;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.maat.core.shard.ShardTopology;

/**
 * What the front-end WAR is configured with, as the servlet context init parameters it reads:
 * {@code maat.data}, {@code maat.shards}, {@code maat.policy}, and the optional {@code maat.regions},
 * {@code maat.proxyHeader}, {@code maat.maxConcurrent}, {@code maat.sessionMinutes}.
 *
 * @param data          the data directory (required)
 * @param shards        where the shards are served (required)
 * @param policy        false for the {@code --no-policy} baseline
 * @param regions       a properties file {@code CIDR=region}; empty: clients get no region
 * @param proxyHeader   a trusted client-address header, e.g. {@code X-Forwarded-For}; empty: disabled
 * @param maxConcurrent requests served at once before 503; empty: the WAR's default
 * @param sessionMinutes session timeout; empty: the WAR's default
 */
public record FrontEndConfig(Path data, ShardTopology shards, boolean policy, Optional<Path> regions,
                             Optional<String> proxyHeader, Optional<Integer> maxConcurrent,
                             Optional<Integer> sessionMinutes) {

    public FrontEndConfig {
        Objects.requireNonNull(data, "data");
        Objects.requireNonNull(shards, "shards");
        Objects.requireNonNull(regions, "regions");
        Objects.requireNonNull(proxyHeader, "proxyHeader");
        Objects.requireNonNull(maxConcurrent, "maxConcurrent");
        Objects.requireNonNull(sessionMinutes, "sessionMinutes");
        maxConcurrent.filter(n -> n < 1).ifPresent(n -> {
            throw new IllegalArgumentException("maat.maxConcurrent must be at least 1, not " + n);
        });
        sessionMinutes.filter(n -> n < 1).ifPresent(n -> {
            throw new IllegalArgumentException("maat.sessionMinutes must be at least 1, not " + n);
        });
    }

    /** The required parts; everything else at the WAR's defaults. */
    public static FrontEndConfig of(Path data, ShardTopology shards, boolean policy) {
        return new FrontEndConfig(data, shards, policy, Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty());
    }

    public FrontEndConfig withRegions(Path file) {
        return new FrontEndConfig(data, shards, policy, Optional.of(file), proxyHeader, maxConcurrent, sessionMinutes);
    }

    public FrontEndConfig withProxyHeader(String header) {
        return new FrontEndConfig(data, shards, policy, regions, Optional.of(header), maxConcurrent, sessionMinutes);
    }

    public FrontEndConfig withMaxConcurrent(int n) {
        return new FrontEndConfig(data, shards, policy, regions, proxyHeader, Optional.of(n), sessionMinutes);
    }

    public FrontEndConfig withSessionMinutes(int n) {
        return new FrontEndConfig(data, shards, policy, regions, proxyHeader, maxConcurrent, Optional.of(n));
    }

    /** The servlet context init parameters, by name. */
    public Map<String, String> initParameters() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("maat.data", data.toAbsolutePath().toString());
        p.put("maat.shards", shards.toString());
        p.put("maat.policy", Boolean.toString(policy));
        regions.ifPresent(r -> p.put("maat.regions", r.toAbsolutePath().toString()));
        proxyHeader.ifPresent(h -> p.put("maat.proxyHeader", h));
        maxConcurrent.ifPresent(n -> p.put("maat.maxConcurrent", Integer.toString(n)));
        sessionMinutes.ifPresent(n -> p.put("maat.sessionMinutes", Integer.toString(n)));
        return p;
    }
}
