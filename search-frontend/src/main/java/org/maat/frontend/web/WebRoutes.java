package org.maat.frontend.web;

import java.util.List;
import java.util.Optional;
import org.maat.core.accounts.AccountRoles;

/**
 * Every route this web application serves and what it requires: the one table {@link WebCheckpoint}
 * consults before any servlet runs. A path not in this table is answered 404 by the checkpoint and reaches
 * no servlet, so a servlet mapped to a new path is unreachable until its route is declared here, with its
 * requirement in plain sight. The public entries are the short list reachable without a session:
 * signing in, restoring a disguised account (its receipt and key are the credentials; the account may be
 * gone) and the container's error page. There are no static assets (styles are inline) and no health path
 * in the web application (the shard servers have theirs).
 *
 * <p>A route is either exact ({@code /search}) or a prefix ({@code /erp/} matches what follows, when no
 * exact route does). Paths are the container's decoded, normalized servlet path and path info.
 */
final class WebRoutes {

    /** What a route requires of the request's session. */
    enum Access {
        /** Reachable without a session. */
        PUBLIC,
        /** A signed-in session. */
        SIGNED_IN,
        /** A signed-in session whose account holds {@link AccountRoles#HR}. */
        HR;

        /** The role the route needs beyond signing in, if any. */
        Optional<String> role() {
            return this == HR ? Optional.of(AccountRoles.HR) : Optional.empty();
        }
    }

    /** A path (exact, or a prefix ending in {@code /} when {@code prefix}) and its requirement. */
    record Route(String path, boolean prefix, Access access) {

        boolean matches(String requested) {
            return prefix ? requested.startsWith(path) && requested.length() > path.length()
                    : requested.equals(path);
        }

        /** Whether answers on this route are JSON (else pages). */
        boolean api() {
            return path.startsWith("/api/");
        }
    }

    /** The ERP queries that show salaries or phone numbers, or change rows: human resources only. */
    private static final List<String> ERP_HR = List.of("q7", "q8", "q10", "q10r", "q12", "q13", "q14", "q15",
            "q16", "q17", "q18");
    /** The ERP queries that show neither (names, departments, jobs, cities). */
    private static final List<String> ERP_SIGNED_IN = List.of("q9", "q11");

    static final List<Route> ROUTES = routes();

    private WebRoutes() {
    }

    private static List<Route> routes() {
        List<Route> r = new java.util.ArrayList<>(List.of(
                exact("/login", Access.PUBLIC),
                exact("/api/login", Access.PUBLIC),
                exact("/restore", Access.PUBLIC),
                exact("/api/account/restore", Access.PUBLIC),
                exact("/error", Access.PUBLIC),
                exact("/", Access.SIGNED_IN),
                exact("/logout", Access.SIGNED_IN),
                exact("/api/logout", Access.SIGNED_IN),
                exact("/search", Access.SIGNED_IN),
                exact("/api/search", Access.SIGNED_IN),
                exact("/doc", Access.SIGNED_IN),
                exact("/api/doc", Access.SIGNED_IN),
                exact("/why-not", Access.SIGNED_IN),
                exact("/api/why-not", Access.SIGNED_IN),
                exact("/history", Access.SIGNED_IN),
                exact("/api/history", Access.SIGNED_IN),
                exact("/mal", Access.SIGNED_IN),
                exact("/api/mal", Access.SIGNED_IN),
                exact("/account", Access.SIGNED_IN),
                exact("/account/key", Access.SIGNED_IN),
                exact("/api/account/key", Access.SIGNED_IN),
                exact("/account/delete", Access.SIGNED_IN),
                exact("/api/account/delete", Access.SIGNED_IN),
                exact("/account/anonymize", Access.SIGNED_IN),
                exact("/api/account/anonymize", Access.SIGNED_IN),
                exact("/erp", Access.SIGNED_IN),
                exact("/api/erp", Access.SIGNED_IN)));
        for (String base : List.of("/erp/", "/api/erp/")) {
            ERP_HR.forEach(q -> r.add(exact(base + q, Access.HR)));
            ERP_SIGNED_IN.forEach(q -> r.add(exact(base + q, Access.SIGNED_IN)));
            // Any other ERP path (an unknown query, which the servlet answers 404): the strictest ERP requirement,
            // so a spelling the table does not list can never open more than the listed one would.
            r.add(new Route(base, true, Access.HR));
        }
        return List.copyOf(r);
    }

    private static Route exact(String path, Access access) {
        return new Route(path, false, access);
    }

    /** The route serving {@code path}: an exact one first, else the longest prefix; empty when none does. */
    static Optional<Route> match(String path) {
        Route found = null;
        for (Route route : ROUTES) {
            if (!route.matches(path)) {
                continue;
            }
            if (!route.prefix()) {
                return Optional.of(route);
            }
            if (found == null || route.path().length() > found.path().length()) {
                found = route;
            }
        }
        return Optional.ofNullable(found);
    }
}
