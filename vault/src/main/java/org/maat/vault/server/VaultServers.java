package org.maat.vault.server;

import java.util.ArrayList;
import java.util.List;
import java.util.function.IntFunction;
import org.maat.vault.config.ServerEndpoint;
import org.maat.vault.config.VaultConfig;

/**
 * Several vault servers in one process (tests, benchmarks, a one-machine vault), and the configuration that
 * reaches them: {@link #config()} is the vault's with each server's bound port, so servers started on free
 * ports are found by clients given it. Closing closes them all.
 */
public final class VaultServers implements AutoCloseable {

    private final List<VaultServer> servers;
    private final VaultConfig config;

    private VaultServers(List<VaultServer> servers, VaultConfig config) {
        this.servers = List.copyOf(servers);
        this.config = config;
    }

    /** Starts every server of {@code config} with mutual TLS on its configured port. */
    public static VaultServers start(VaultConfig config) {
        return start(config, id -> VaultServer.builder(config, id));
    }

    /** Starts every server of {@code config} with mutual TLS, each on a free port; see {@link #config()}. */
    public static VaultServers startOnFreePorts(VaultConfig config) {
        return start(config, id -> VaultServer.builder(config, id).anyFreePort());
    }

    /**
     * Starts every server of {@code config} from the builder {@code options} gives for its id; if one fails, those
     * already started are stopped.
     */
    public static VaultServers start(VaultConfig config, IntFunction<VaultServer.Builder> options) {
        List<VaultServer> started = new ArrayList<>();
        try {
            for (ServerEndpoint endpoint : config.servers()) {
                started.add(options.apply(endpoint.id()).start());
            }
        } catch (RuntimeException | Error e) {
            started.forEach(VaultServer::close);
            throw e;
        }
        List<ServerEndpoint> bound = new ArrayList<>();
        for (int i = 0; i < started.size(); i++) {
            ServerEndpoint endpoint = config.servers().get(i);
            bound.add(new ServerEndpoint(endpoint.id(), endpoint.host(), started.get(i).port(), endpoint.tokenKey()));
        }
        return new VaultServers(started, new VaultConfig(config.dir(), new String(config.storePassword()), bound,
                config.clients()));
    }

    public List<VaultServer> servers() {
        return servers;
    }

    /** Server {@code id}. */
    public VaultServer server(int id) {
        return servers.stream().filter(s -> s.id() == id).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no vault server " + id + " here"));
    }

    /** The vault's configuration with the ports these servers are bound to; not saved anywhere. */
    public VaultConfig config() {
        return config;
    }

    @Override
    public void close() {
        servers.forEach(VaultServer::close);
    }
}
