package org.maat.frontend.web;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Optional;
import org.maat.frontend.app.RegionMap;

/**
 * The web layer's own settings: how a client's region is found and how long sessions live.
 * The client address is the connection's, unless a trusted proxy header is configured and present:
 * then it is the header's last entry, the address the trusted proxy itself saw (earlier entries are
 * whatever the client sent, and a client could forge them).
 */
record WebSettings(RegionMap regions, String proxyHeader, int sessionMinutes) {

    String clientAddress(HttpServletRequest request) {
        if (proxyHeader != null) {
            String value = request.getHeader(proxyHeader);
            if (value != null && !value.isBlank()) {
                String[] hops = value.split(",");
                return hops[hops.length - 1].strip();
            }
        }
        return request.getRemoteAddr();
    }

    Optional<String> region(HttpServletRequest request) {
        return regions.regionOf(clientAddress(request));
    }
}
