package org.maat.bench.vault;

import java.io.IOException;
import java.net.Socket;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.SecureRandom;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.Collections;
import java.util.concurrent.atomic.AtomicLong;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLSession;
import javax.net.ssl.SSLSessionContext;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509ExtendedTrustManager;

/**
 * The load generator's side of TLS: a client context trusting the vault's CA, with or without a client
 * certificate, that counts the server certificate chains it verifies. A full handshake (TLS 1.2 or 1.3)
 * always carries the server's Certificate message and so one verification; a resumed one carries none.
 * So "verifications == fresh connections" is the proof that no connection of a fresh-handshake series
 * was resumed, measured rather than assumed. What keeps them from resuming: every load client has its
 * own context ({@link #newContext}) and forgets its sessions after each request ({@link #forgetSessions}).
 */
final class ClientTls {

    private final KeyManager[] keyManagers;
    private final TrustManager[] trustManagers;
    private final AtomicLong verifiedChains = new AtomicLong();

    private ClientTls(KeyManager[] keyManagers, X509ExtendedTrustManager trust) {
        this.keyManagers = keyManagers;
        this.trustManagers = new TrustManager[] {counting(trust)};
    }

    /**
     * Trusts {@code trust}'s certificates and, when {@code keys} is not null, presents its key and
     * certificate (the client certificate of mutual TLS).
     */
    static ClientTls of(KeyStore trust, KeyStore keys, char[] keyPassword) throws GeneralSecurityException {
        TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tmf.init(trust);
        X509ExtendedTrustManager delegate = null;
        for (TrustManager tm : tmf.getTrustManagers()) {
            if (tm instanceof X509ExtendedTrustManager x) {
                delegate = x;
            }
        }
        if (delegate == null) {
            throw new IllegalStateException("no X509ExtendedTrustManager from " + tmf.getAlgorithm());
        }
        KeyManager[] km = null;
        if (keys != null) {
            KeyManagerFactory kmf = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            kmf.init(keys, keyPassword);
            km = kmf.getKeyManagers();
        }
        return new ClientTls(km, delegate);
    }

    /** Server certificate chains verified so far, by every context made here: one per full handshake. */
    long verifiedChains() {
        return verifiedChains.get();
    }

    /**
     * A context of its own for one load client: its session cache is that client's alone, so that
     * {@link #forgetSessions} after a request leaves nothing that client's next connection could resume,
     * with no window in which another client's fresh ticket is there to be taken.
     */
    SSLContext newContext() throws IOException {
        try {
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(keyManagers, trustManagers, new SecureRandom());
            return ctx;
        } catch (GeneralSecurityException e) {
            throw new IOException("cannot make a TLS client context", e);
        }
    }

    /**
     * Invalidates every session {@code context}'s client cache holds (the one just used and any TLS 1.3
     * ticket that came with it): an invalidated session is never offered for resumption.
     */
    static void forgetSessions(SSLContext context) {
        SSLSessionContext cache = context.getClientSessionContext();
        for (byte[] id : Collections.list(cache.getIds())) {
            SSLSession session = cache.getSession(id);
            if (session != null) {
                session.invalidate();
            }
        }
    }

    private X509ExtendedTrustManager counting(X509ExtendedTrustManager d) {
        return new X509ExtendedTrustManager() {
            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType, Socket socket)
                    throws CertificateException {
                verifiedChains.incrementAndGet();
                d.checkServerTrusted(chain, authType, socket);
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                    throws CertificateException {
                verifiedChains.incrementAndGet();
                d.checkServerTrusted(chain, authType, engine);
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
                verifiedChains.incrementAndGet();
                d.checkServerTrusted(chain, authType);
            }

            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType, Socket socket)
                    throws CertificateException {
                d.checkClientTrusted(chain, authType, socket);
            }

            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType, SSLEngine engine)
                    throws CertificateException {
                d.checkClientTrusted(chain, authType, engine);
            }

            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
                d.checkClientTrusted(chain, authType);
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return d.getAcceptedIssuers();
            }
        };
    }
}
