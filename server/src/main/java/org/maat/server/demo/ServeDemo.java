package org.maat.server.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.net.http.HttpClient;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.task.Monitoring;
import org.maat.server.SearchDeployment;
import org.maat.server.Topology;
import org.maat.server.api.ApiResponse;
import org.maat.server.api.ApiSession;
import org.maat.server.api.ClientRegions;

/**
 * The serving part of {@code maat demo}: given a generated data directory (with logins) and its
 * monitored 2-shard index, starts the shard servers and the front-end WAR on loopback, runs one
 * scripted HTTP session per kind of user through the JSON API -- an owner, a friend and a stranger
 * of a friends-only document, a client in a censoring region, an employee before and after stating
 * a reason (the MAL entry) -- prints what each saw and why, and shuts the server down.
 *
 * <p>{@link #run} returns false if any session saw what it must not (the stranger or the censored
 * client seeing the document, the employee reading without a MAL entry); results an allowed user
 * should have seen but did not are printed as unexpected, without failing the run.
 */
public final class ServeDemo {

    private static final int K = 10;

    private final PrintWriter out;
    private boolean leaked;

    public ServeDemo(PrintWriter out) {
        this.out = out;
    }

    /**
     * Runs the sessions against {@code war} serving {@code data} and {@code index} in {@code topology};
     * writes the front-end's region file into {@code work}.
     */
    public boolean run(Path war, DataDir data, IndexLayout index, Topology topology, Path work) throws IOException {
        leaked = false;
        DemoCast cast = DemoCast.find(data, index);
        ClientRegions regions = new ClientRegions(cast.manifest().regions());
        Path regionFile = regions.write(work.resolve("regions.properties"));
        String censoring = cast.manifest().blacklistRegion();
        String elsewhere = cast.otherRegion();
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
        try (SearchDeployment server = SearchDeployment.start(war, data, index, topology, Monitoring.REFERENCE_MONITOR, "127.0.0.1", 0,
                c -> c.withRegions(regionFile).withProxyHeader(ApiSession.PROXY_HEADER))) {
            out.printf("Front-end WAR on embedded Jetty at %s; %d shard server(s): %s%n", server.url(),
                    server.shardServers().size(), server.shards());
            out.printf("Clients are placed in regions by address (X-Forwarded-For from a trusted proxy): %s%n",
                    regionsLine(regions));
            out.printf("Sessions sign in with generated logins (%s; Argon2id hashes in %s):%n    %s%n",
                    data.logins().getFileName(), data.accounts().getFileName(),
                    String.join(", ", List.of(cast.owner(), cast.friend(), cast.stranger(), cast.employee()).stream()
                            .distinct().map(u -> u + " / " + cast.logins().get(u).password()).toList()));

            heading("1. A friends-only document (" + cast.shared().id() + " of " + cast.owner()
                    + ") searched by its owner, a friend and a stranger");
            sharedDocument(http, server, regions.address(elsewhere), cast);

            heading("2. Censorship: " + cast.censored().id() + " is public but blocked in region " + censoring);
            censoredDocument(http, server, regions, censoring, elsewhere, cast);

            heading("3. Employee " + cast.employee() + " reads protected " + cast.protectedDoc().id()
                    + " only after stating a reason (mandatory access log)");
            employee(http, server, regions.address(elsewhere), cast);
        }
        out.println();
        out.println(leaked ? "A session saw what it must not: see LEAK above." : "Every session saw only what it may; "
                + "the server has stopped.");
        out.flush();
        return !leaked;
    }

    private void sharedDocument(HttpClient http, SearchDeployment server, String address, DemoCast cast)
            throws IOException {
        String id = cast.shared().id();
        for (String user : List.of(cast.owner(), cast.friend(), cast.stranger())) {
            String role = user.equals(cast.owner()) ? "owner" : user.equals(cast.friend()) ? "friend" : "stranger";
            boolean may = !role.equals("stranger");
            ApiSession session = signIn(http, server, address, cast, user, role);
            ApiResponse search = session.search(cast.sharedQuery(), K);
            boolean found = search.hitIds().contains(id);
            ApiResponse doc = session.document(id);
            out.printf("  %-8s %-4s searched \"%s\": %d hit(s), %s %s; GET /api/doc?id=%s -> %d%s%n", role, user,
                    shorten(cast.sharedQuery()), search.hitIds().size(), id, found ? "among them" : "not among them",
                    id, doc.status(), doc.ok() ? "" : " (" + shorten(doc.message()) + ")");
            out.printf("           why: %s%n", switch (role) {
                case "owner" -> "sKeyIs(this.owner): the document is " + user + "'s own";
                case "friend" -> "friend(" + cast.owner() + ", " + user + ") holds";
                default -> "neither owner nor friend(" + cast.owner() + ", " + user + "): the shards withhold it and "
                        + "the monitor refuses the read";
            });
            judge(may, found || doc.ok(), role + " " + user, id);
            session.logout();
        }
    }

    private void censoredDocument(HttpClient http, SearchDeployment server, ClientRegions regions, String censoring,
                                  String elsewhere, DemoCast cast) throws IOException {
        String id = cast.censored().id();
        String user = cast.censoredReader();
        for (String region : List.of(elsewhere, censoring)) {
            boolean may = !region.equals(censoring);
            ApiSession session = signIn(http, server, regions.address(region), cast, user, "client in " + region);
            ApiResponse search = session.search(cast.censoredQuery(), K);
            boolean found = search.hitIds().contains(id);
            ApiResponse doc = session.document(id);
            out.printf("  %-4s from %s (region %s) searched \"%s\": %s %s; GET /api/doc -> %d%n", user,
                    regions.address(region), region, shorten(cast.censoredQuery()), id,
                    found ? "among the hits" : "not among the hits", doc.status());
            out.printf("           why: %s%n", may ? "public, and not blocked(" + region + ", " + id + ")"
                    : "blocked(" + region + ", " + id + "): no code path returns it to this region");
            judge(may, found || doc.ok(), user + " in " + region, id);
            session.logout();
        }
    }

    private void employee(HttpClient http, SearchDeployment server, String address, DemoCast cast) throws IOException {
        String id = cast.protectedDoc().id();
        String employee = cast.employee();
        ApiSession session = signIn(http, server, address, cast, employee, "employee");
        ApiResponse before = session.document(id);
        boolean foundBefore = session.search(cast.protectedQuery(), K).hitIds().contains(id);
        out.printf("  without a MAL entry: search %s %s; GET /api/doc?id=%s -> %d (%s)%n",
                foundBefore ? "returns" : "withholds", id, id, before.status(), shorten(before.message()));
        judge(false, foundBefore || before.ok(), "employee " + employee + " without a MAL entry", id);

        ApiResponse logged = session.mal(id, "demo: support case for " + cast.protectedDoc().owner());
        out.printf("  POST /api/mal (reason stated) -> %d: the front-end appended logged(%s, %s) to mal.log%n",
                logged.status(), employee, id);
        ApiResponse after = session.document(id);
        boolean foundAfter = session.search(cast.protectedQuery(), K).hitIds().contains(id);
        out.printf("  with the entry: GET /api/doc?id=%s -> %d%s; search %s it (the shards follow the log)%n", id,
                after.status(), after.ok() ? " \"" + shorten(after.body().path("title").asText()) + "\"" : "",
                foundAfter ? "returns" : "still withholds");
        if (!logged.ok() || !after.ok()) {
            out.printf("  UNEXPECTED: the employee could not read %s after the MAL entry (%d %s)%n", id,
                    after.status(), after.message());
        }
        session.logout();
    }

    private ApiSession signIn(HttpClient http, SearchDeployment server, String address, DemoCast cast, String user,
                              String role) throws IOException {
        ApiSession session = new ApiSession(http, server.url(), address);
        ApiResponse login = session.login(user, cast.logins().get(user).password());
        if (!login.ok()) {
            throw new IOException(role + " " + user + " could not sign in: " + login.status() + " " + login.message());
        }
        return session;
    }

    private void judge(boolean may, boolean saw, String who, String id) {
        if (saw && !may) {
            leaked = true;
            out.printf("  LEAK: %s saw %s%n", who, id);
        } else if (!saw && may) {
            out.printf("  UNEXPECTED: %s did not see %s, which it may read%n", who, id);
        }
    }

    private void heading(String title) {
        out.println();
        out.println("== " + title);
    }

    private static String regionsLine(ClientRegions regions) {
        StringBuilder s = new StringBuilder();
        for (String r : regions.regions()) {
            s.append(s.length() == 0 ? "" : ", ").append(r).append(" = ").append(regions.address(r).replaceAll("\\.10$", ".0/24"));
        }
        return s.toString();
    }

    private static String shorten(String text) {
        return text.length() <= 60 ? text : text.substring(0, 57) + "...";
    }
}
