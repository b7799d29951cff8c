package org.maat.core.shard;

import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Where the shards of an index are served: for each shard, in shard order, the base URLs of its
 * replicas. Written as a list, shards separated by {@code ,} and the replicas of one shard by
 * {@code |}, e.g. {@code http://127.0.0.1:9001|http://127.0.0.1:9003,http://127.0.0.1:9002|http://127.0.0.1:9004}
 * (shard 0 on 9001 and 9003, shard 1 on 9002 and 9004). Every URL is an absolute http(s) URL
 * without a query or fragment.
 */
public record ShardTopology(List<List<URI>> shards) {

    public ShardTopology {
        if (shards.isEmpty()) {
            throw new IllegalArgumentException("a topology needs at least one shard");
        }
        shards = shards.stream().map(List::copyOf).toList();
        for (int i = 0; i < shards.size(); i++) {
            if (shards.get(i).isEmpty()) {
                throw new IllegalArgumentException("shard " + i + " has no replica");
            }
        }
    }

    /**
     * Parses a shard URL list.
     *
     * @throws IllegalArgumentException naming the shard, the replica and what is wrong with it
     */
    public static ShardTopology parse(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("the shard URL list is empty; expected e.g. "
                    + "http://127.0.0.1:9001,http://127.0.0.1:9002");
        }
        List<List<URI>> shards = new ArrayList<>();
        String[] shardParts = text.split(",", -1);
        for (int s = 0; s < shardParts.length; s++) {
            List<URI> replicas = new ArrayList<>();
            String[] replicaParts = shardParts[s].split("\\|", -1);
            for (int r = 0; r < replicaParts.length; r++) {
                replicas.add(url(replicaParts[r].trim(), s, r));
            }
            shards.add(replicas);
        }
        return new ShardTopology(shards);
    }

    /** One replica per shard, in shard order. */
    public static ShardTopology ofShards(List<URI> urls) {
        return new ShardTopology(urls.stream().map(List::of).toList());
    }

    public int shardCount() {
        return shards.size();
    }

    /**
     * HTTP clients for every replica, sharing {@code http} and signing with {@code secret}, in the
     * shape {@link FanOut} takes.
     */
    public List<List<ShardSearcher>> clients(HttpClient http, Duration requestTimeout, ShardSecret secret) {
        ShardRequestAuth auth = new ShardRequestAuth(secret);
        return shards.stream()
                .map(replicas -> replicas.stream()
                        .<ShardSearcher>map(url -> new ShardClient(url, http, requestTimeout, auth))
                        .toList())
                .toList();
    }

    /** The list in the syntax {@link #parse} reads. */
    @Override
    public String toString() {
        return shards.stream()
                .map(replicas -> replicas.stream().map(URI::toString).collect(Collectors.joining("|")))
                .collect(Collectors.joining(","));
    }

    private static URI url(String text, int shard, int replica) {
        String where = "shard " + shard + ", replica " + replica;
        if (text.isEmpty()) {
            throw new IllegalArgumentException(where + ": empty URL (check for a stray ',' or '|')");
        }
        URI uri;
        try {
            uri = new URI(text);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(where + ": not a URL: " + e.getMessage());
        }
        String scheme = uri.getScheme();
        if (scheme == null || !(scheme.equalsIgnoreCase("http") || scheme.equalsIgnoreCase("https"))
                || uri.getHost() == null) {
            throw new IllegalArgumentException(where + ": '" + text + "' is not an http:// or https:// URL with a host");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null) {
            throw new IllegalArgumentException(where + ": '" + text + "' must not have a query or fragment");
        }
        return uri;
    }
}
