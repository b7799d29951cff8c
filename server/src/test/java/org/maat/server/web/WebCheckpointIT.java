package org.maat.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.http.HttpRequest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;
import org.maat.server.Topology;

/**
 * The web checkpoint attacked over real HTTP on the built WAR in embedded Jetty, serving search, account
 * disguises and the ERP pages at once. The routes are not a hand list: every URL pattern the container
 * registered for the WAR's servlets is probed (a wildcard pattern with every segment any servlet knows and
 * one no servlet knows), so a servlet added later is probed too, and must answer as below or this fails.
 * Without a session: 401 under {@code /api/}, a redirect to {@code /login} for pages, 404 where no route is
 * declared; a POST from another site, or signed in but without the session's token, 403; every answer
 * carries the security headers. Only the short public list answers without a session.
 */
class WebCheckpointIT {

    /** Reachable without a session: sign-in, restoring a disguised account, the error page. */
    private static final Set<String> PUBLIC = Set.of("/login", "/api/login", "/restore", "/api/account/restore",
            "/error");
    /** Every segment a servlet under a wildcard pattern answers, and one none does. */
    private static final List<String> SEGMENTS = List.of("key", "delete", "anonymize", "restore", "q7", "q8", "q9",
            "q10", "q10r", "q11", "q12", "q13", "q14", "q15", "q16", "q17", "q18", "Q7", "no-such-segment");
    private static final String FOREIGN = "http://evil.example";

    @TempDir
    static Path dir;
    private static ServedSite site;
    private static List<String> paths;

    @BeforeAll
    static void deploy() throws Exception {
        Path db = dir.resolve("erp");
        new ErpLoader(500, n -> { }).load(ErpDatabase.create(db, ErpDatabase.Kind.PLAIN, 3, 100));
        site = ServedSite.start(Files.createDirectories(dir.resolve("site")), Topology.TWO_SERVERS,
                c -> c.withErp(db));
        paths = probedPaths(site.deployment.servletMappings());
    }

    @AfterAll
    static void undeploy() throws IOException {
        if (site != null) {
            site.close();
        }
    }

    /** Concrete paths for every registered URL pattern: exact as is, prefix with each segment, default and extension with a path nothing declares. */
    private static List<String> probedPaths(Map<String, List<String>> mappings) {
        Set<String> out = new TreeSet<>();
        mappings.values().forEach(patterns -> patterns.forEach(pattern -> {
            if (pattern.isEmpty() || pattern.equals("/")) {
                out.add("/"); // the context root (""), and the container's default servlet below
                out.add("/no-such-page");
            } else if (pattern.endsWith("/*")) {
                String base = pattern.substring(0, pattern.length() - 2);
                out.add(base);
                SEGMENTS.forEach(s -> out.add(base + "/" + s));
            } else if (pattern.startsWith("*.")) {
                out.add("/no-such-page" + pattern.substring(1));
            } else {
                out.add(pattern);
            }
        }));
        return new ArrayList<>(out);
    }

    @Test
    void everyRegisteredRouteIsProbedAndTheDeclaredOnesAreAmongThem() {
        assertThat(site.deployment.servletMappings()).as("the WAR's servlets, from the container").hasSizeGreaterThan(10);
        assertThat(paths).contains("/search", "/api/erp/q17", "/api/erp/q18", "/erp/q7", "/erp/q10", "/logout",
                "/account/key", "/api/account/key", "/mal", "/api/mal").containsAll(PUBLIC);
    }

    @Test
    void withoutASessionEveryNonPublicRouteIsRefused() throws IOException {
        ApiClient anonymous = new ApiClient(site.url());
        for (String path : paths) {
            if (PUBLIC.contains(path)) {
                continue;
            }
            for (String method : List.of("GET", "POST")) {
                ApiClient.Reply r = anonymous.sendRaw(anonymous.request(path.substring(1))
                        .method(method, HttpRequest.BodyPublishers.ofString("")));
                String what = method + " " + path + " without a session: " + r.status() + " " + r.body();
                if (r.status() == 404) {
                    assertThat(r.body()).as(what).contains("no such page");
                } else if (path.startsWith("/api/")) {
                    assertThat(r.status()).as(what).isEqualTo(401);
                } else {
                    assertThat(r.status()).as(what).isEqualTo(302);
                }
            }
        }
    }

    @Test
    void theWritesAndPersonalDataOfTheErpNeedASessionAndTheRole() throws IOException {
        ApiClient anonymous = new ApiClient(site.url());
        assertThat(anonymous.post("api/erp/q17", Map.of()).status()).isEqualTo(401);
        assertThat(anonymous.post("api/erp/q18", Map.of()).status()).isEqualTo(401);
        assertThat(anonymous.get("api/erp/q7").status()).isEqualTo(401);
        assertThat(anonymous.get("api/erp/q10").status()).isEqualTo(401);
        ApiClient user = signedIn("u1");
        for (String q : List.of("q7", "Q7", "q10", "q10r", "q13", "q14", "q15")) {
            assertThat(user.get("api/erp/" + q).status()).as(q + " for an account without hr").isEqualTo(403);
        }
        assertThat(user.post("api/erp/q17", Map.of()).status()).isEqualTo(403);
        assertThat(user.get("api/erp/q9").status()).isEqualTo(200);
        ApiClient hr = signedIn("e0");
        assertThat(hr.get("api/erp/q7").status()).isEqualTo(200);
        assertThat(hr.get("erp/q10").body()).contains("SALARY");
        ApiClient.Reply update = hr.post("api/erp/q17", Map.of());
        assertThat(update.status()).as(update.body()).isEqualTo(200);
        assertThat(update.json().get("updateCount").asInt()).isEqualTo(1);
    }

    @Test
    void aStateChangeNeedsThisSitesOriginAndTheSessionsToken() throws IOException {
        ApiClient user = signedIn("u2");
        String token = user.token();
        for (String path : paths) {
            if (PUBLIC.contains(path)) {
                ApiClient.Reply r = user.sendRaw(user.request(path.substring(1), "Origin", FOREIGN)
                        .POST(HttpRequest.BodyPublishers.ofString("")));
                assertThat(r.status()).as("POST " + path + " from another site").isEqualTo(403);
                continue;
            }
            ApiClient.Reply noToken = user.sendRaw(user.request(path.substring(1))
                    .POST(HttpRequest.BodyPublishers.ofString("")));
            assertThat(noToken.status()).as("POST " + path + " signed in, no token: " + noToken.body())
                    .isIn(403, 404);
            ApiClient.Reply wrongToken = user.sendRaw(user.request(path.substring(1), "X-Maat-Token", token + "x")
                    .POST(HttpRequest.BodyPublishers.ofString("")));
            assertThat(wrongToken.status()).as("POST " + path + " with a wrong token").isIn(403, 404);
            ApiClient.Reply foreign = user.sendRaw(user.request(path.substring(1), "X-Maat-Token", token,
                    "Origin", FOREIGN).POST(HttpRequest.BodyPublishers.ofString("")));
            assertThat(foreign.status()).as("POST " + path + " from another site with the token").isIn(403, 404);
            ApiClient.Reply nullOrigin = user.sendRaw(user.request(path.substring(1), "X-Maat-Token", token,
                    "Referer", FOREIGN + "/page").POST(HttpRequest.BodyPublishers.ofString("")));
            assertThat(nullOrigin.status()).as("POST " + path + " referred by another site").isIn(403, 404);
        }
        // The account key: the change the forged requests above tried, now from this site with the token.
        ApiClient.Reply key = user.sendRaw(user.request("api/account/key", "X-Maat-Token", token,
                "Origin", site.url().toString().replaceAll("/$", "")).POST(HttpRequest.BodyPublishers.ofString("")));
        assertThat(key.status()).as(key.body()).isEqualTo(200);
        assertThat(user.get("api/history").status()).as("still signed in").isEqualTo(200);
    }

    @Test
    void getNeverSignsOutAndPostWithTheTokenDoes() throws IOException {
        ApiClient user = signedIn("u3");
        assertThat(user.get("logout").status()).isEqualTo(405);
        assertThat(user.get("api/logout").status()).isEqualTo(405);
        assertThat(user.get("api/history").status()).isEqualTo(200);
        assertThat(user.post("api/logout", Map.of()).status()).isEqualTo(204);
        assertThat(user.get("api/history").status()).isEqualTo(401);
    }

    @Test
    void everyAnswerCarriesTheSecurityHeaders() throws IOException {
        ApiClient user = signedIn("u4");
        for (String path : paths) {
            for (ApiClient client : List.of(new ApiClient(site.url()), user)) {
                var r = client.rawHeaders(path.substring(1));
                assertThat(r.firstValue("Content-Security-Policy")).as(path).hasValueSatisfying(csp ->
                        assertThat(csp).contains("frame-ancestors 'none'"));
                assertThat(r.firstValue("X-Content-Type-Options")).as(path).contains("nosniff");
                assertThat(r.firstValue("Referrer-Policy")).as(path).contains("same-origin");
            }
        }
    }

    @Test
    void signInTakesJsonAndFormBodies() throws IOException {
        ApiClient json = new ApiClient(site.url());
        String body = "{\"user\": \"u5\", \"password\": \"" + site.password("u5") + "\"}";
        ApiClient.Reply ok = json.sendRaw(json.request("api/login", "Content-Type", "application/json; charset=utf-8")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
        assertThat(ok.status()).as(ok.body()).isEqualTo(200);
        assertThat(ok.json().get("user").asText()).isEqualTo("u5");
        assertThat(ok.json().get("token").asText()).hasSizeGreaterThan(30);
        ApiClient.Reply wrong = json.sendRaw(json.request("api/login", "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"user\": \"u5\", \"password\": \"nope\"}")));
        assertThat(wrong.status()).isEqualTo(401);
        ApiClient.Reply malformed = json.sendRaw(json.request("api/login", "Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"user\": ")));
        assertThat(malformed.status()).isEqualTo(400);
        assertThat(new ApiClient(site.url()).login("u5", site.password("u5")).status()).isEqualTo(200);
    }

    /**
     * One address guessing one account's password as fast as it can for a few seconds: after 3 failures each
     * guess waits (429 with Retry-After, growing), while the account's owner at an address it used before
     * still signs in at once. Prints the guesses per second the attacker got checked.
     */
    @Test
    void guessingIsThrottledWithoutLockingTheOwnerOut() throws IOException {
        ApiClient owner = new ApiClient(site.url(), "10.1.0.9");
        assertThat(owner.login("u6", site.password("u6")).status()).isEqualTo(200);
        ApiClient attacker = new ApiClient(site.url(), "10.1.0.66");
        int checked = 0;
        int throttled = 0;
        List<String> retryAfter = new ArrayList<>();
        long start = System.nanoTime();
        long seconds = 8;
        while (System.nanoTime() - start < seconds * 1_000_000_000L) {
            var r = attacker.loginWithHeaders("u6", "guess" + checked + throttled);
            if (r.statusCode() == 401) {
                checked++;
            } else {
                assertThat(r.statusCode()).isEqualTo(429);
                retryAfter.add(r.headers().firstValue("Retry-After").orElseThrow());
                throttled++;
                sleep(20);
            }
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        System.out.printf("login throttle: %d guesses checked, %d answered 429, in %.1f s: %.2f guesses/s "
                + "(one address, one account)%n", checked, throttled, elapsed, checked / elapsed);
        assertThat(checked).as("3 free, then waits of 1, 2, 4 s within %d s", seconds).isBetween(4, 7);
        assertThat(throttled).isPositive();
        assertThat(retryAfter).allSatisfy(v -> assertThat(Long.parseLong(v)).isBetween(1L, 300L));
        assertThat(owner.login("u6", site.password("u6")).status()).as("the owner at a known address").isEqualTo(200);
        assertThat(attacker.login("u6", site.password("u6")).status()).as("even the right password waits")
                .isEqualTo(429);
    }

    /**
     * The rate the server checks passwords when no bucket applies (every guess a fresh account at a fresh
     * address, so the throttle never engages): what one guesser got before there was a throttle. Printed
     * beside the throttled figure above.
     */
    @Test
    void unthrottledTheServerChecksGuessesAsFastAsItHashes() throws IOException {
        ApiClient client = new ApiClient(site.url());
        int checked = 0;
        long start = System.nanoTime();
        while (System.nanoTime() - start < 3_000_000_000L) {
            ApiClient.Reply r = client.sendRaw(client.request("api/login", "Content-Type",
                    "application/x-www-form-urlencoded", "X-Forwarded-For", "10.2." + (checked / 250) + "."
                    + (checked % 250)).POST(HttpRequest.BodyPublishers.ofString("user=nobody" + checked + "&password=g")));
            assertThat(r.status()).isEqualTo(401);
            checked++;
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        System.out.printf("login without throttling: %d guesses checked in %.1f s: %.1f guesses/s%n", checked, elapsed,
                checked / elapsed);
        assertThat(checked).isPositive();
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static ApiClient signedIn(String user) throws IOException {
        ApiClient client = new ApiClient(site.url());
        ApiClient.Reply r = client.login(user, site.password(user));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return client;
    }
}
