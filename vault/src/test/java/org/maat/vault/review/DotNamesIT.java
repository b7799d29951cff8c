package org.maat.vault.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;
import org.maat.vault.client.VaultClient;
import org.maat.vault.config.ServerEndpoint;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.VaultInit;
import org.maat.vault.server.VaultServer;

/**
 * The name pattern [A-Za-z0-9._-]{1,64} admits "." and "..", which HTTP path normalisation removes: a put
 * of such a name must either round-trip or be refused as a bad name before any server is changed, never fail
 * with an unrelated server error (or, for "..", land on another route).
 */
class DotNamesIT {

    @TempDir
    Path dir;

    @Test
    void dotNamesRoundTripOrAreRefusedAsNames() {
        VaultConfig config = VaultInit.create(dir.resolve("vault"), List.of(new ServerAddress("127.0.0.1", 9441)),
                List.of(new ClientSpec(VaultClient.DEFAULT_CLIENT, "maat")));
        VaultServer server = VaultServer.builder(config, 1).anyFreePort().start();
        try {
            ServerEndpoint e = config.server(1);
            VaultConfig live = new VaultConfig(config.dir(), new String(config.storePassword()),
                    List.of(new ServerEndpoint(1, e.host(), server.port(), e.tokenKey())), config.clients());
            live.save();
            List<String> wrong = new ArrayList<>();
            String[][] cases = {{"erp", ".."}, {"erp", "."}, {"..", "k"}, {".", "k"}};
            try (VaultClient client = VaultClient.open(live.dir())) {
                for (String[] c : cases) {
                    try {
                        client.put(c[0], c[1], new byte[] {1, 2, 3});
                        if (client.get(c[0], c[1]).length != 3) {
                            wrong.add(c[0] + "/" + c[1] + ": read back something else");
                        }
                    } catch (VaultException ex) {
                        if (!ex.getMessage().contains("bad ")) {
                            wrong.add(c[0] + "/" + c[1] + ": " + ex.getMessage());
                        }
                    }
                }
            }
            assertThat(wrong).as("dot names neither stored nor refused as names").isEmpty();
        } finally {
            server.close();
        }
    }
}
