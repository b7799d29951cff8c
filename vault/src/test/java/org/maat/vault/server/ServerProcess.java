package org.maat.vault.server;

import java.nio.file.Path;
import org.maat.vault.config.VaultConfig;

/**
 * A vault server in a child JVM, for tests that kill it: {@code ServerProcess VAULT_DIR SERVER_ID PORT} starts the
 * server with mutual TLS (PORT 0: a free one), prints {@code READY PORT} and runs until killed.
 */
public final class ServerProcess {

    private ServerProcess() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 3) {
            System.err.println("usage: ServerProcess VAULT_DIR SERVER_ID PORT");
            System.exit(2);
        }
        VaultConfig config = VaultConfig.load(Path.of(args[0]));
        int port = Integer.parseInt(args[2]);
        VaultServer.Builder builder = VaultServer.builder(config, Integer.parseInt(args[1]));
        VaultServer server = (port == 0 ? builder.anyFreePort() : builder.port(port)).start();
        System.out.println("READY " + server.port());
        System.out.flush();
        server.join();
    }
}
