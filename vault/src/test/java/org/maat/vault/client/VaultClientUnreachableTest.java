package org.maat.vault.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.VaultInit;

/**
 * The client's errors when no server answers, over the real TLS stack: server 1 accepts TCP connections
 * and never says a word (a hung machine), servers 2 and 3 listen on no port (down).
 */
class VaultClientUnreachableTest {

    @TempDir
    Path temp;

    @Test
    void aReadNamesEveryServerAndWhyItFailed() throws IOException {
        // The refusing ports stay bound without listening for the whole test: a port closed before use could be
        // taken by any other listener on the machine in the meantime.
        try (ServerSocket hung = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
                Socket refusing2 = boundNotListening(); Socket refusing3 = boundNotListening()) {
            VaultConfig config = VaultInit.create(temp.resolve("vault"), List.of(
                    new ServerAddress("127.0.0.1", hung.getLocalPort()),
                    new ServerAddress("127.0.0.1", refusing2.getLocalPort()),
                    new ServerAddress("127.0.0.1", refusing3.getLocalPort())),
                    List.of(new ClientSpec("maat", "maat")));
            // Not shorter: on a loaded machine the selector may notice a refused connection only after ~1 s.
            try (VaultClient client = VaultClient.open(config.dir(), "maat", Duration.ofMillis(2000),
                    Duration.ofMillis(2000))) {
                long start = System.nanoTime();
                assertThatThrownBy(() -> client.get("erp", "master"))
                        .isInstanceOf(SecretUnavailableException.class)
                        .hasMessageStartingWith("cannot read erp/master: no access-control server granted a read token; ")
                        .hasMessageContaining(config.server(1).describe() + " timed out")
                        .hasMessageContaining(config.server(2).describe() + " refused the connection")
                        .hasMessageContaining(config.server(3).describe() + " refused the connection")
                        .satisfies(e -> assertThat(((SecretUnavailableException) e).problems()).containsOnlyKeys(1, 2, 3));
                assertThat(Duration.ofNanos(System.nanoTime() - start)).as("bounded by the timeouts, in parallel")
                        .isLessThan(Duration.ofSeconds(6));

                assertThatThrownBy(() -> client.put("erp", "master", new byte[] {1, 2, 3}))
                        .isInstanceOf(SecretNotStoredException.class)
                        .hasMessageContaining("cannot store erp/master: 0 of the 3 servers reachable");
            }
        }
    }

    @Test
    void badNamesAndAnUnknownClientAreRefusedBeforeAnyRequest() {
        VaultConfig config = VaultInit.create(temp.resolve("vault"), List.of(new ServerAddress("127.0.0.1", 1)),
                List.of(new ClientSpec("maat", "maat")));
        assertThatThrownBy(() -> VaultClient.open(config.dir(), "eve")).isInstanceOf(VaultException.class)
                .hasMessageContaining("no client 'eve'");
        try (VaultClient client = VaultClient.open(config.dir())) {
            assertThatThrownBy(() -> client.get("erp", "../etc")).hasMessageContaining("bad secret name '../etc'");
            assertThatThrownBy(() -> client.put("erp", "k", new byte[0])).hasMessageContaining("the secret is empty");
        }
    }

    /** A loopback port held by a socket that never listens: a connection to it is refused, and no one can take it. */
    private static Socket boundNotListening() throws IOException {
        Socket socket = new Socket();
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        return socket;
    }
}
