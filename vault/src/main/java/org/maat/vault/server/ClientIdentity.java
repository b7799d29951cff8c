package org.maat.vault.server;

import java.security.cert.X509Certificate;
import javax.net.ssl.SSLSession;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Request;
import org.maat.vault.pki.Certificates;

/**
 * Who is calling: the SHA-256 fingerprint of the TLS client certificate, as Jetty's
 * {@code SecureRequestCustomizer} exposes the session ({@link EndPoint.SslSessionData}). The fingerprint is kept in
 * the TLS session, so a reused connection hashes the certificate once.
 */
final class ClientIdentity {

    private static final String SESSION_KEY = "org.maat.vault.fingerprint";

    private ClientIdentity() {
    }

    /** The caller's fingerprint, or null when the connection is plain or carries no client certificate. */
    static String fingerprint(Request request) {
        Object attribute = request.getAttribute(EndPoint.SslSessionData.ATTRIBUTE);
        if (!(attribute instanceof EndPoint.SslSessionData)) {
            return null;
        }
        EndPoint.SslSessionData data = (EndPoint.SslSessionData) attribute;
        SSLSession session = data.sslSession();
        Object known = session == null ? null : session.getValue(SESSION_KEY);
        if (known instanceof String) {
            return (String) known;
        }
        X509Certificate[] chain = data.peerCertificates();
        if (chain == null || chain.length == 0) {
            return null;
        }
        String fingerprint = Certificates.fingerprint(chain[0]);
        if (session != null) {
            session.putValue(SESSION_KEY, fingerprint);
        }
        return fingerprint;
    }
}
