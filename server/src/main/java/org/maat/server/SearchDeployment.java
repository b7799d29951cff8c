package org.maat.server;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;
import org.maat.core.data.DataDir;
import org.maat.core.data.DirectoryTree;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardSecret;
import org.maat.core.shard.ShardTopology;
import org.maat.core.task.Monitoring;
import org.maat.frontend.config.FrontendConfig;

/**
 * What {@code maat serve} runs: shard servers for every shard (and replica) of an index, in this
 * process on loopback free ports, and the front-end WAR configured with their URLs. Or, given a
 * {@link ShardTopology} of shard servers running elsewhere ({@code maat shard}), the front-end
 * alone. Starting either fails cleanly: whatever had started is stopped again. {@link #close}
 * stops the front-end first, then the shards. Thread-safe.
 *
 * <p>Shard requests are signed with a {@link ShardSecret}: for in-process shards a fresh random one
 * per deployment, known only to this process; for shards elsewhere the one they were started with.
 * The front-end WAR reads it from a file only this user may read (mode 0600, in a private temporary
 * directory removed at {@link #close}), named by {@code maat.shardSecretFile}.
 *
 * <p>Account disguises (delete, anonymize, restore) change the index, so the front-end offers them only
 * when the index is served here ({@code maat.index}); over shards elsewhere it does not.
 */
public final class SearchDeployment implements AutoCloseable {

    /** Shard servers listen on loopback only: requests to them travel unencrypted. */
    private static final String SHARD_HOST = "127.0.0.1";

    private final ShardIndex index;
    private final List<ShardServer> shardServers;
    private final ShardTopology shards;
    private final FrontendServer frontend;
    private final ShardSecret secret;
    private final Path secretDir;

    private SearchDeployment(ShardIndex index, List<ShardServer> shardServers, ShardTopology shards,
                             FrontendServer frontend, ShardSecret secret, Path secretDir) {
        this.index = index;
        this.shardServers = shardServers;
        this.shards = shards;
        this.frontend = frontend;
        this.secret = secret;
        this.secretDir = secretDir;
    }

    /**
     * Starts {@code topology}'s shard servers over {@code index} and the front-end {@code war} over
     * {@code data} on {@code host}:{@code port} ({@code port} 0: a free port).
     *
     * @param monitoring {@link Monitoring#NONE}: shards and front-end run the {@code --no-policy} baseline
     * @param tune       adds optional front-end settings (regions, proxy header, limits) to the config
     */
    public static SearchDeployment start(Path war, DataDir data, IndexLayout index, Topology topology,
                                         Monitoring monitoring, String host, int port,
                                         UnaryOperator<FrontendConfig.Settings> tune) throws IOException {
        Objects.requireNonNull(topology, "topology");
        ShardIndex shardIndex = ShardIndex.open(data, index, monitoring);
        List<ShardServer> servers = new ArrayList<>();
        ShardSecret secret = ShardSecret.generate();
        Path secretDir = null;
        try {
            if (shardIndex.shards() != topology.shards()) {
                throw new IllegalArgumentException("topology " + topology + " serves " + topology.shards()
                        + " shards, but index " + index.root() + " has " + shardIndex.shards()
                        + " (index it into " + topology.shards() + " shards)");
            }
            List<List<URI>> urls = new ArrayList<>();
            for (int s = 0; s < topology.shards(); s++) {
                List<URI> replicas = new ArrayList<>();
                for (int r = 0; r < topology.replicas(); r++) {
                    String name = "shard-" + s + (topology.replicas() > 1 ? "-replica-" + r : "");
                    // Each replica its own readers, as on its own machine; the data snapshot is shared.
                    ShardServer server = ShardServer.start(shardIndex.shard(s), secret, SHARD_HOST, 0, name);
                    servers.add(server);
                    replicas.add(server.url());
                }
                urls.add(replicas);
            }
            ShardTopology shards = new ShardTopology(urls);
            secretDir = privateSecretDir(secret);
            // The front-end updates this index when a user disguises their account; the shard searchers
            // above see each published update (ShardIndex follows the index's publications).
            FrontendServer frontend = startFrontend(war, data, shards, monitoring, secretDir, host, port,
                    c -> tune.apply(c.withIndex(index.root())));
            return new SearchDeployment(shardIndex, servers, shards, frontend, secret, secretDir);
        } catch (IOException | RuntimeException e) {
            servers.forEach(ShardServer::close);
            shardIndex.close();
            deleteQuietly(secretDir);
            throw e;
        }
    }

    /** The front-end alone, over shard servers that run elsewhere, started with {@code secret}. */
    public static SearchDeployment frontendOnly(Path war, DataDir data, ShardTopology shards, ShardSecret secret,
                                                Monitoring monitoring, String host, int port,
                                                UnaryOperator<FrontendConfig.Settings> tune) throws IOException {
        Path secretDir = privateSecretDir(secret);
        try {
            FrontendServer frontend = startFrontend(war, data, shards, monitoring, secretDir, host, port, tune);
            return new SearchDeployment(null, List.of(), shards, frontend, secret, secretDir);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(secretDir);
            throw e;
        }
    }

    private static final String SECRET_FILE = "shard.secret";

    /** The WAR over {@code shards}, signing its shard requests with the secret written in {@code secretDir}. */
    private static FrontendServer startFrontend(Path war, DataDir data, ShardTopology shards, Monitoring monitoring,
                                                Path secretDir, String host, int port,
                                                UnaryOperator<FrontendConfig.Settings> tune) throws IOException {
        return FrontendServer.start(war, tune.apply(FrontendConfig.search(data.root(), shards.toString(),
                monitoring.monitored()).withShardSecretFile(secretDir.resolve(SECRET_FILE))), host, port);
    }

    /** A new temporary directory (mode 0700 where POSIX) holding {@code secret} in a file of mode 0600. */
    private static Path privateSecretDir(ShardSecret secret) throws IOException {
        Path dir = Files.createTempDirectory("maat-shard-secret");
        try {
            secret.writeNew(dir.resolve(SECRET_FILE));
            return dir;
        } catch (IOException | RuntimeException e) {
            deleteQuietly(dir);
            throw e;
        }
    }

    private static void deleteQuietly(Path dir) {
        if (dir != null) {
            try {
                DirectoryTree.delete(dir);
            } catch (IOException e) {
                // a temporary directory: the system cleans it eventually
            }
        }
    }

    /** The front-end's URL, ending in {@code /}. */
    public URI url() {
        return frontend.url();
    }

    /** Where the shards are served, as the front-end was configured. */
    /** The front-end's servlets and their URL patterns ({@link FrontendServer#servletMappings()}). */
    public java.util.Map<String, List<String>> servletMappings() {
        return frontend.servletMappings();
    }

    public ShardTopology shards() {
        return shards;
    }

    /** The secret shard requests are signed with, for tools that ask the shards as the front-end does. */
    public ShardSecret shardSecret() {
        return secret;
    }

    /** The in-process shard servers (none for {@link #frontendOnly}). */
    public List<ShardServer> shardServers() {
        return List.copyOf(shardServers);
    }

    @Override
    public void close() throws IOException {
        frontend.close();
        shardServers.forEach(ShardServer::close);
        if (index != null) {
            index.close();
        }
        deleteQuietly(secretDir);
    }
}
