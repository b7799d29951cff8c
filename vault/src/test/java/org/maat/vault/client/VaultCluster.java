package org.maat.vault.client;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.VaultInit;
import org.maat.vault.server.VaultServer;

/**
 * A vault for one test: {@code VaultInit.create} in a temporary directory, n real servers in this JVM on
 * free ports of 127.0.0.1 (mutual TLS), each of which can be stopped and started again on its port.
 * {@link #close()} stops them all.
 */
final class VaultCluster implements AutoCloseable {

    private final VaultConfig config;
    private final Map<Integer, VaultServer> running = new TreeMap<>();

    VaultCluster(Path dir, int servers) throws IOException {
        this(dir, servers, List.of(new ClientSpec(VaultClient.DEFAULT_CLIENT, "maat")));
    }

    VaultCluster(Path dir, int servers, List<ClientSpec> clients) throws IOException {
        List<ServerAddress> addresses = new ArrayList<>();
        for (int i = 0; i < servers; i++) {
            addresses.add(new ServerAddress("127.0.0.1", freePort()));
        }
        config = VaultInit.create(dir, addresses, clients);
        for (int id = 1; id <= servers; id++) {
            start(id);
        }
    }

    VaultConfig config() {
        return config;
    }

    Path dir() {
        return config.dir();
    }

    void start(int id) {
        running.put(id, VaultServer.start(config, id, config.server(id).port()));
    }

    void stop(int id) {
        VaultServer server = running.remove(id);
        if (server != null) {
            server.close();
        }
    }

    /** The store file of server {@code id} (stop it before opening the file). */
    Path store(int id) {
        return config.files().serverStore(id);
    }

    @Override
    public void close() {
        new ArrayList<>(running.keySet()).forEach(this::stop);
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
