package org.maat.vault.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.SecureRequestCustomizer;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.VaultException;
import org.maat.vault.client.ShareRecord;
import org.maat.vault.client.Shares;
import org.maat.vault.client.VaultClient;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.TlsContexts;
import org.maat.vault.pki.VaultInit;
import org.maat.vault.server.VaultServer;

/**
 * Attack: ONE compromised server (server 1, with its own TLS and token keys) of a default 3-of-3 vault
 * (k = n = quorum = 3) makes the client accept a key of the attacker's choosing. Its ACS refuses read
 * tokens, so the honest storage servers answer 403 quorum-not-met; its SS answers, a little later, a forged
 * "1-of-1" share. VaultClient.read counts the honest refusals as "heard two" answers and combines the forged
 * share alone: a share claiming k = 1 passes its own check value.
 */
class CompromisedServerForgesKeyIT {

    @TempDir
    Path dir;

    @Test
    void oneCompromisedServerCannotSubstituteTheKey() throws Exception {
        List<ServerAddress> addresses = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            addresses.add(new ServerAddress("127.0.0.1", freePort()));
        }
        VaultConfig config = VaultInit.create(dir.resolve("vault"), addresses,
                List.of(new ClientSpec(VaultClient.DEFAULT_CLIENT, "maat")));
        byte[] realKey = new byte[32];
        new SecureRandom().nextBytes(realKey);
        byte[] attackersKey = "attacker-chosen-key-32-bytes-!!!".getBytes(StandardCharsets.US_ASCII);

        List<VaultServer> honest = new ArrayList<>();
        Server evil = null;
        try {
            VaultServer one = VaultServer.start(config, 1, config.server(1).port());
            honest.add(VaultServer.start(config, 2, config.server(2).port()));
            honest.add(VaultServer.start(config, 3, config.server(3).port()));
            try (VaultClient client = VaultClient.open(config.dir())) {
                client.put("erp", "master", realKey); // defaults: 3-of-3, quorum 3
            }
            one.close(); // server 1 is now run by the attacker, with server 1's own keys
            String forged = ShareRecord.toJson(Shares.split(attackersKey, 1, 1, new SecureRandom()).get(0)).toString();
            evil = evilServer(config, forged);

            byte[] got;
            try (VaultClient client = VaultClient.open(config.dir())) {
                got = client.get("erp", "master");
            } catch (VaultException refused) {
                return; // the read failing is the right outcome: only 2 honest shares of 3 are reachable
            }
            assertThat(new String(got, StandardCharsets.US_ASCII))
                    .as("the client accepted a key forged by one compromised server")
                    .isNotEqualTo(new String(attackersKey, StandardCharsets.US_ASCII));
            assertThat(got).isEqualTo(realKey);
        } finally {
            honest.forEach(VaultServer::close);
            if (evil != null) {
                evil.stop();
            }
        }
    }

    /** Server 1 as its attacker runs it: noop answers, no read token, a forged share after a short delay. */
    private static Server evilServer(VaultConfig config, String forgedRecord) throws Exception {
        Server jetty = new Server();
        HttpConfiguration http = new HttpConfiguration();
        http.addCustomizer(new SecureRequestCustomizer(false));
        SslContextFactory.Server tls = new SslContextFactory.Server();
        tls.setSslContext(TlsContexts.server(config, 1));
        tls.setNeedClientAuth(true);
        ServerConnector connector = new ServerConnector(jetty,
                new SslConnectionFactory(tls, HttpVersion.HTTP_1_1.asString()), new HttpConnectionFactory(http));
        connector.setHost("127.0.0.1");
        connector.setPort(config.server(1).port());
        jetty.addConnector(connector);
        jetty.setHandler(new Handler.Abstract(Handler.Abstract.InvocationType.BLOCKING) {
            @Override
            public boolean handle(Request request, Response response, Callback callback) throws Exception {
                String path = Request.getPathInContext(request);
                int status = 200;
                String body = "{}";
                if (path.startsWith("/acs/tokens")) {
                    status = 403;
                    body = "{\"error\":\"no-permission\",\"message\":\"refused by the attacker\"}";
                } else if (path.contains("/secrets/")) {
                    Thread.sleep(300); // let the honest servers' refusals arrive first
                    body = forgedRecord;
                }
                response.setStatus(status);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "application/json");
                response.write(true, ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)), callback);
                return true;
            }
        });
        jetty.start();
        return jetty;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
