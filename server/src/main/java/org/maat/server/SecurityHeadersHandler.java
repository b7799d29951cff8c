package org.maat.server;

import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Puts the security headers on every answer the front-end's server gives, before the web application or
 * Jetty itself decides anything: also the answers written before any servlet filter runs (a malformed path,
 * a refused method, an oversized header, {@link JsonErrorHandler}'s bodies). The front-end's own checkpoint
 * sets the pages' stricter policy over these.
 */
final class SecurityHeadersHandler extends Handler.Wrapper {

    SecurityHeadersHandler(Handler handler) {
        super(handler);
    }

    /** The headers of an answer that is not one of the application's pages: nothing loads, nothing frames it. */
    static void apply(HttpFields.Mutable headers) {
        headers.put("Content-Security-Policy", "default-src 'none'; frame-ancestors 'none'");
        headers.put("X-Content-Type-Options", "nosniff");
        headers.put("Referrer-Policy", "same-origin");
        headers.put("X-Frame-Options", "DENY");
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        apply(response.getHeaders());
        return super.handle(request, response, callback);
    }
}
