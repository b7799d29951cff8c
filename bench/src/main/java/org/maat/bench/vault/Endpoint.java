package org.maat.bench.vault;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;

/**
 * Where a series sends its requests: a host and port, over plain TCP or over TLS with a
 * {@link ClientTls} (the server's name checked as an HTTPS client checks it).
 */
record Endpoint(String host, int port, ClientTls tls) {

    private static final int CONNECT_TIMEOUT_MILLIS = 10_000;
    private static final int READ_TIMEOUT_MILLIS = 30_000;

    static Endpoint plain(String host, int port) {
        return new Endpoint(host, port, null);
    }

    static Endpoint tls(String host, int port, ClientTls tls) {
        return new Endpoint(host, port, tls);
    }

    boolean isTls() {
        return tls != null;
    }

    /** A TLS client context for one load client; null for plain HTTP. */
    SSLContext newContext() throws IOException {
        return tls == null ? null : tls.newContext();
    }

    /**
     * A new connection, its TLS handshake (if any) done with {@code context} (from {@link #newContext}),
     * so that the handshake is timed with the open.
     */
    Http1Connection open(SSLContext context) throws IOException {
        Socket tcp = new Socket();
        try {
            tcp.setTcpNoDelay(true);
            tcp.connect(new InetSocketAddress(host, port), CONNECT_TIMEOUT_MILLIS);
            tcp.setSoTimeout(READ_TIMEOUT_MILLIS);
            if (tls == null) {
                return new Http1Connection(tcp, tcp);
            }
            SSLSocket ssl = (SSLSocket) context.getSocketFactory().createSocket(tcp, host, port, true);
            SSLParameters p = ssl.getSSLParameters();
            p.setEndpointIdentificationAlgorithm("HTTPS");
            ssl.setSSLParameters(p);
            ssl.startHandshake();
            return new Http1Connection(tcp, ssl);
        } catch (IOException | RuntimeException e) {
            tcp.close();
            throw e;
        }
    }

    String authority() {
        return host + ":" + port;
    }

    @Override
    public String toString() {
        return (tls == null ? "http" : "https") + "://" + authority();
    }
}
