package org.maat.bench.vault;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import javax.net.ssl.SSLContext;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * Tutamen's "raw Apache HTTPS and HTTP page loads": Jetty (the server the vault runs on) answering every
 * request with one small static page, over plain HTTP or over TLS with the vault server's own certificate
 * and no client authentication. The baseline the vault's series are compared with: same server, same TLS,
 * nothing of the vault.
 */
final class StaticServer implements AutoCloseable {

    /** Apache's default page, Tutamen's static load. */
    static final byte[] PAGE = "<html><body><h1>It works!</h1></body></html>\n".getBytes(StandardCharsets.US_ASCII);

    private final Server server;
    private final ServerConnector connector;

    private StaticServer(Server server, ServerConnector connector) {
        this.server = server;
        this.connector = connector;
    }

    /** Starts on 127.0.0.1, a free port; over TLS with {@code tls}, or plain HTTP when it is null. */
    static StaticServer start(SSLContext tls) throws Exception {
        QueuedThreadPool threads = new QueuedThreadPool();
        threads.setName(tls == null ? "static-http" : "static-https");
        Server server = new Server(threads);
        ServerConnector connector;
        if (tls == null) {
            connector = new ServerConnector(server);
        } else {
            SslContextFactory.Server ssl = new SslContextFactory.Server();
            ssl.setSslContext(tls);
            ssl.setNeedClientAuth(false);
            ssl.setWantClientAuth(false);
            connector = new ServerConnector(server, ssl);
        }
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Handler.Abstract.NonBlocking() {
            @Override
            public boolean handle(Request request, Response response, Callback callback) {
                response.setStatus(200);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/html");
                response.getHeaders().put(HttpHeader.CONTENT_LENGTH, PAGE.length);
                response.write(true, ByteBuffer.wrap(PAGE), callback);
                return true;
            }
        });
        try {
            server.start();
        } catch (Exception e) {
            server.stop();
            throw e;
        }
        return new StaticServer(server, connector);
    }

    int port() {
        return connector.getLocalPort();
    }

    @Override
    public void close() throws Exception {
        server.stop();
    }
}
