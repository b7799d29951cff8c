package org.maat.vault.demo;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.maat.vault.client.Timings;
import org.maat.vault.client.VaultClient;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.VaultInit;
import org.maat.vault.server.VaultServer;
import org.maat.vault.server.VaultServers;

/**
 * The vault's part of {@code maat demo}: a vault of three servers on loopback (free ports) holding a fresh
 * master key for the encrypted ERP database, as {@code maat vault init}, {@code serve} and {@code put} would
 * make it, so that the database directory holds no key. Closing stops the servers.
 */
public final class VaultDemo implements AutoCloseable {

    /** The seed's deployment: three ACS + SS pairs, every share and every ACS needed. */
    public static final int SERVERS = 3;
    public static final String COLLECTION = "erp";
    public static final String SECRET = "master";

    private final Path dir;
    private final VaultServers servers;

    private VaultDemo(Path dir, VaultServers servers) {
        this.dir = dir;
        this.servers = servers;
    }

    /** Creates the vault in {@code dir} (new or empty), starts its servers and stores a fresh 32-byte key. */
    public static VaultDemo start(Path dir, PrintWriter out) {
        out.println("== The ERP database's master key, in a sharded vault");
        List<ServerAddress> placeholders = new ArrayList<>();
        for (int i = 0; i < SERVERS; i++) {
            placeholders.add(new ServerAddress("127.0.0.1", 9441 + i)); // replaced by the free ports bound below
        }
        VaultConfig config = VaultInit.create(dir, placeholders,
                List.of(new ClientSpec(VaultClient.DEFAULT_CLIENT, "maat")));
        VaultServers servers = VaultServers.startOnFreePorts(config);
        VaultDemo demo = new VaultDemo(dir, servers);
        try {
            servers.config().save(); // clients (the key source) find the servers at the ports they are bound to
            out.printf("Created a vault of %d servers in %s: a CA, a TLS certificate and a token-signing key per "
                    + "server, a client certificate; each server an access-control server and a storage server behind "
                    + "mutual TLS on 127.0.0.1 (ports %s).%n", SERVERS, dir, ports(servers));
            byte[] key = new byte[32];
            new SecureRandom().nextBytes(key);
            Timings timings;
            try (VaultClient client = VaultClient.open(dir)) {
                timings = client.put(COLLECTION, SECRET, key);
            } finally {
                Arrays.fill(key, (byte) 0);
            }
            out.printf("Stored a fresh 32-byte master key as %s/%s: split 3-of-3 (Shamir), one share per storage "
                    + "server, each released only with tokens from all 3 access-control servers (%s).%n", COLLECTION,
                    SECRET, timings);
            out.flush();
            return demo;
        } catch (RuntimeException e) {
            demo.close();
            throw e;
        }
    }

    private static String ports(VaultServers servers) {
        StringBuilder ports = new StringBuilder();
        for (VaultServer server : servers.servers()) {
            ports.append(ports.length() == 0 ? "" : ", ").append(server.port());
        }
        return ports.toString();
    }

    /** The key source the ERP database takes its key from: {@code vault:DIR/erp/master}. */
    public String keySource() {
        return "vault:" + dir + "/" + COLLECTION + "/" + SECRET;
    }

    /** Stops server {@code id}, to show what a client sees when a share is out of reach. */
    public void stop(int id) {
        servers.server(id).close();
    }

    @Override
    public void close() {
        servers.close();
    }
}
