package org.maat.frontend.web;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.annotation.WebFilter;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Optional;
import org.maat.frontend.app.RequestException;

/**
 * The one authentication and request-forgery checkpoint in front of every route: each request crosses it
 * before any servlet runs, in this order.
 * <ol>
 *   <li>Every answer gets the {@link SecurityHeaders}; methods other than GET, HEAD, POST and OPTIONS are
 *       405 (TRACE would echo the cookies).</li>
 *   <li>The path must be a route of {@link WebRoutes}; any other is 404 here (deny by default: a servlet
 *       mapped to a path the table does not declare is never reached).</li>
 *   <li>A state-changing request (any method but GET, HEAD, OPTIONS) must come from this site: its
 *       {@code Origin}, or else its {@code Referer}, when sent, must name this request's host and port; a
 *       foreign or {@code null} one is 403. A client that sends neither (not a browser: a script, curl)
 *       passes this step and still needs the token below.</li>
 *   <li>A non-public route needs a signed-in session ({@link SignedIn}): without one, 401 under
 *       {@code /api/}, else a redirect to {@code /login}. A route needing a role ({@link WebRoutes.Access#HR})
 *       is 403 to an account without it.</li>
 *   <li>A state-changing request on a non-public route must carry the session's token, as the header
 *       {@value #TOKEN_HEADER} or the form field {@value #TOKEN_FIELD}; missing or wrong is 403.</li>
 * </ol>
 * The servlets then get the session from {@link Exchange#signedIn()} and never decide whether to ask for one.
 * GET never changes state on any route (sign-out is POST), so the token is not needed on GET.
 *
 * <p>Not guaranteed here: what a signed-in user may read (the monitor decides, per document); the public
 * POSTs (sign-in, restore) carry no token, since no session exists yet: the origin check and the
 * {@code SameSite=Lax} cookie are their protection against forgery, and sign-in is throttled
 * ({@link LoginThrottle}). A request that sends neither {@code Origin} nor {@code Referer} is not a
 * browser's cross-site request (browsers send {@code Origin} on every cross-site POST).
 */
@WebFilter("/*")
public final class WebCheckpoint extends HttpFilter {

    static final String TOKEN_HEADER = "X-Maat-Token";
    static final String TOKEN_FIELD = "token";
    /**
     * Request attribute: whether a GET may add to the user's history (a search or a view). Only a GET the
     * user's own browser sent may: same-origin by {@code Origin}/{@code Referer} when sent, and not marked
     * cross-site or same-site by {@code Sec-Fetch-Site}, so a cross-site link or image cannot plant queries.
     */
    static final String RECORDS_HISTORY = "maat.recordsHistory";

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        SecurityHeaders.apply(response);
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        Optional<WebRoutes.Route> found = WebRoutes.match(path);
        if (found.isEmpty()) {
            refuse(request, response, RequestException.notFound("no such page: " + request.getRequestURI()));
            return;
        }
        WebRoutes.Route route = found.get();
        String method = request.getMethod();
        if (!(method.equals("GET") || method.equals("HEAD") || method.equals("POST") || method.equals("OPTIONS"))) {
            // TRACE would echo the request's cookies back; PUT, DELETE and the rest serve nothing here.
            refuse(request, response, new RequestException(405, "method-not-allowed", method + " is not served here"));
            return;
        }
        boolean changes = changesState(method);
        if (changes && !sameOrigin(request)) {
            refuse(request, response, RequestException.refused("cross-site request refused: its Origin or Referer "
                    + "is not this site"));
            return;
        }
        request.setAttribute(RECORDS_HISTORY, method.equals("GET") && sameOrigin(request) && !crossSiteFetch(request));
        SignedIn user = signedIn(request);
        request.setAttribute(SignedIn.REQUEST_ATTRIBUTE, user); // null removes it: only this filter sets it
        if (route.access() != WebRoutes.Access.PUBLIC) {
            if (user == null) {
                if (route.api()) {
                    refuse(request, response, RequestException.unauthorized("sign in first (POST /api/login with "
                            + "user and password)"));
                } else {
                    response.sendRedirect(request.getContextPath() + "/login");
                }
                return;
            }
            Optional<String> role = route.access().role();
            if (role.isPresent() && !user.roles().contains(role.get())) {
                refuse(request, response, RequestException.refused(user.user() + " may not use " + path
                        + ": it needs the role " + role.get()));
                return;
            }
            if (changes && !tokenMatches(request, user)) {
                refuse(request, response, RequestException.refused("the request lacks this session's token ("
                        + TOKEN_HEADER + " header or " + TOKEN_FIELD + " form field; sign-in answers it)"));
                return;
            }
        }
        chain.doFilter(request, response);
    }

    static boolean changesState(String method) {
        return !(method.equals("GET") || method.equals("HEAD") || method.equals("OPTIONS"));
    }

    /** The session's sign-in, or null: none, or one whose search session was ended (the account disguised). */
    private static SignedIn signedIn(HttpServletRequest request) {
        HttpSession session = request.getSession(false);
        if (session == null) {
            return null;
        }
        Object value;
        try {
            value = session.getAttribute(SignedIn.SESSION_ATTRIBUTE);
        } catch (IllegalStateException invalidated) {
            return null;
        }
        return value instanceof SignedIn s && s.open() ? s : null;
    }

    /** Whether the browser marked the request as sent by another site ({@code Sec-Fetch-Site}). */
    private static boolean crossSiteFetch(HttpServletRequest request) {
        String site = request.getHeader("Sec-Fetch-Site");
        return site != null && !(site.equals("same-origin") || site.equals("none"));
    }

    /** Whether the request's Origin (else Referer), if sent, is this request's own host and port. */
    static boolean sameOrigin(HttpServletRequest request) {
        String origin = request.getHeader("Origin");
        String source = origin != null ? origin : request.getHeader("Referer");
        if (source == null) {
            return true;
        }
        String host = request.getHeader("Host");
        if (host == null) {
            return false;
        }
        try {
            URI uri = new URI(source.strip());
            if (uri.getScheme() == null || uri.getRawAuthority() == null) {
                return false; // includes "null", the Origin of sandboxed frames and data: documents
            }
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                return false;
            }
            return authority(uri.getRawAuthority(), scheme).equals(authority(host.strip(), request.getScheme()));
        } catch (java.net.URISyntaxException e) {
            return false;
        }
    }

    /**
     * {@code host[:port]} in lower case without the scheme's default port (so {@code https://h} matches the
     * {@code Host: h} a TLS-terminating proxy passes on over plain HTTP).
     */
    private static String authority(String authority, String scheme) {
        String a = authority.toLowerCase(Locale.ROOT);
        String defaultPort = scheme.equalsIgnoreCase("https") ? ":443" : ":80";
        return a.endsWith(defaultPort) ? a.substring(0, a.length() - defaultPort.length()) : a;
    }

    private static boolean tokenMatches(HttpServletRequest request, SignedIn user) {
        String given = request.getHeader(TOKEN_HEADER);
        if (given == null) {
            try {
                // From the form body only: a token in the query string would end up in logs and browser history.
                String query = request.getQueryString();
                if (query != null && (query.startsWith(TOKEN_FIELD + "=") || query.contains("&" + TOKEN_FIELD + "="))) {
                    return false;
                }
                given = request.getParameter(TOKEN_FIELD);
            } catch (RuntimeException unreadable) {
                return false;
            }
        }
        return given != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8),
                user.token().getBytes(StandardCharsets.UTF_8));
    }

    private static void refuse(HttpServletRequest request, HttpServletResponse response, RequestException e)
            throws IOException {
        Exchange.serve(request, response, x -> {
            throw e;
        });
    }
}
