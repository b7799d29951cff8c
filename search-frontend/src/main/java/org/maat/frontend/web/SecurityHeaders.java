package org.maat.frontend.web;

import jakarta.servlet.http.HttpServletResponse;

/**
 * The headers every answer carries ({@link WebCheckpoint} sets them before any servlet runs, and
 * {@link Exchange} again after resetting a response for an error): no framing by any site, no script or
 * style but this site's (styles may be inline; there is no script), forms post only here, no content-type
 * sniffing, and the Referer sent only to this site.
 */
final class SecurityHeaders {

    static final String CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; script-src 'none'; "
            + "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

    private SecurityHeaders() {
    }

    static void apply(HttpServletResponse response) {
        response.setHeader("Content-Security-Policy", CSP);
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "same-origin");
        response.setHeader("X-Frame-Options", "DENY");
    }
}
