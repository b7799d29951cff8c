package org.maat.vault.pki;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLServerSocket;
import javax.net.ssl.SSLSocket;
import org.maat.vault.VaultException;
import org.maat.vault.config.VaultConfig;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VaultInitTest {

    @TempDir
    Path temp;

    private VaultConfig init(Path dir) {
        return VaultInit.create(dir, List.of(new ServerAddress("127.0.0.1", 9441), new ServerAddress("127.0.0.1", 9442)),
                List.of(new ClientSpec("maat", "maat"), new ClientSpec("ops", "operators")));
    }

    @Test
    void createsAVaultThatLoadsBackWithOwnerOnlyKeys() throws Exception {
        VaultConfig created = init(temp.resolve("vault"));
        VaultConfig loaded = VaultConfig.load(temp.resolve("vault"));

        assertThat(loaded.servers()).extracting(s -> s.id() + "@" + s.address())
                .containsExactly("1@127.0.0.1:9441", "2@127.0.0.1:9442");
        assertThat(loaded.clients()).isEqualTo(created.clients());
        assertThat(loaded.client("ops").account()).isEqualTo("operators");
        X509Certificate cert = TlsContexts.clientCertificate(loaded, "ops");
        assertThat(loaded.clientByFingerprint(Certificates.fingerprint(cert))).contains(loaded.client("ops"));
        assertThat(cert.getSubjectX500Principal().getName()).contains("CN=ops").contains("OU=operators");
        for (Path secret : List.of(loaded.files().caKeyStore(), loaded.files().serverTls(1),
                loaded.files().serverTokenKey(2), loaded.files().client("maat"))) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secret))).isEqualTo("rw-------");
        }
    }

    @Test
    void tokenKeysInTheConfigCheckWhatTheServersKeysSign() throws Exception {
        VaultConfig config = init(temp.resolve("vault"));
        byte[] payload = "payload".getBytes();
        Signature signer = Signature.getInstance(VaultConfig.TOKEN_KEY_ALGORITHM);
        signer.initSign(TokenKeys.signingKey(config, 2));
        signer.update(payload);
        byte[] signature = signer.sign();

        Signature verifier = Signature.getInstance(VaultConfig.TOKEN_KEY_ALGORITHM);
        verifier.initVerify(VaultConfig.load(config.dir()).server(2).tokenKey());
        verifier.update(payload);
        assertThat(verifier.verify(signature)).isTrue();
        verifier.initVerify(config.server(1).tokenKey());
        verifier.update(payload);
        assertThat(verifier.verify(signature)).isFalse();
    }

    @Test
    void mutualTlsConnectsVaultPartiesAndRefusesAnotherVaultsClient() throws Exception {
        VaultConfig config = init(temp.resolve("vault"));
        VaultConfig other = init(temp.resolve("other"));

        assertThat(handshake(TlsContexts.server(config, 1), TlsContexts.client(config, "maat"))).isEqualTo("ok");
        assertThatThrownBy(() -> handshake(TlsContexts.server(config, 1), TlsContexts.client(other, "maat")))
                .isInstanceOf(SSLException.class);
        // Nor does a vault client trust another vault's server.
        assertThatThrownBy(() -> handshake(TlsContexts.server(other, 1), TlsContexts.client(config, "maat")))
                .isInstanceOf(SSLException.class);
    }

    /** One TLS exchange over loopback with client authentication required; the client reads "ok". */
    private static String handshake(SSLContext server, SSLContext client) throws Exception {
        try (SSLServerSocket listener = (SSLServerSocket) server.getServerSocketFactory().createServerSocket(0, 1,
                java.net.InetAddress.getLoopbackAddress())) {
            listener.setNeedClientAuth(true);
            CompletableFuture<Void> served = CompletableFuture.runAsync(() -> {
                try (SSLSocket socket = (SSLSocket) listener.accept(); OutputStream out = socket.getOutputStream()) {
                    out.write("ok".getBytes());
                } catch (Exception ignored) {
                    // The refused cases fail on the client side, which the test asserts.
                }
            });
            try (SSLSocket socket = (SSLSocket) client.getSocketFactory().createSocket("127.0.0.1",
                    listener.getLocalPort())) {
                socket.setSoTimeout(5_000);
                socket.startHandshake();
                InputStream in = socket.getInputStream();
                String answer = new String(in.readNBytes(2));
                served.get(5, TimeUnit.SECONDS);
                if (answer.isEmpty()) {
                    throw new SSLException("the server closed the connection");
                }
                return answer;
            }
        }
    }

    @Test
    void refusesAnExistingVaultOrANonEmptyDirectoryAndBadNames() throws Exception {
        init(temp.resolve("vault"));
        assertThatThrownBy(() -> init(temp.resolve("vault"))).isInstanceOf(VaultException.class)
                .hasMessageContaining("already holds a vault");
        Files.createDirectories(temp.resolve("busy"));
        Files.writeString(temp.resolve("busy/x"), "x");
        assertThatThrownBy(() -> init(temp.resolve("busy"))).hasMessageContaining("is not empty");
        assertThatThrownBy(() -> VaultInit.create(temp.resolve("n"), List.of(new ServerAddress("127.0.0.1", 1)),
                List.of(new ClientSpec("a b", "x")))).hasMessageContaining("'a b' is not a client or account name");
        assertThat(temp.resolve("n")).doesNotExist();
    }
}
