package org.maat.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.zip.ZipFile;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.Conduit;
import org.maat.server.Topology;
import org.maat.server.WarFile;

/** The built WAR deployed in embedded Jetty and exercised over real HTTP on 127.0.0.1 (JSON API and pages). */
class FrontendHttpIT {

    static final int MAX_CONCURRENT = 2;

    @TempDir
    static Path dir;
    static ServedSite site;

    @BeforeAll
    static void start() throws IOException {
        // Two requests at once: a sequential client never has more in flight (one answered, not yet
        // released, plus the next), and the overload test can fill both.
        site = ServedSite.start(dir, Topology.parse("4servers"), c -> c.withMaxConcurrent(MAX_CONCURRENT));
    }

    @AfterAll
    static void stop() throws IOException {
        site.close();
    }

    private static ApiClient signedIn(String user, String forwardedFor) throws IOException {
        ApiClient client = new ApiClient(site.url(), forwardedFor);
        ApiClient.Reply r = client.login(user, site.password(user));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return client;
    }

    private static List<String> ids(ApiClient.Reply search) {
        assertThat(search.status()).as(search.body()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        search.json().get("hits").forEach(h -> ids.add(h.get("id").asText()));
        return ids;
    }

    private static void assertNoStackTrace(ApiClient.Reply r) {
        assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("at org.");
    }

    /** A client in a region where {@code doc} is not blocked. */
    private static String clientFor(Conduit doc) {
        return site.blocked("r0", doc.id()) ? ServedSite.R1_CLIENT : null;
    }

    @Test
    void matchesAreMarkedAndTheDocumentsOwnMarkupIsShownAsText() throws IOException {
        Conduit doc = site.document("d" + ServedSite.MARKUP_DOCUMENT);
        ApiClient owner = signedIn(doc.owner(), clientFor(doc));
        String word = ServedSite.word(doc.id());

        ApiClient.Reply page = owner.get("search?q=" + word);
        assertThat(page.status()).as(page.body()).isEqualTo(200);
        assertThat(page.body()).contains("<mark>" + word + "</mark>")
                .contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;").contains("&lt;mark&gt;forged&lt;/mark&gt;")
                .contains("Markup &lt;b&gt;bold&lt;/b&gt;")
                .doesNotContain("<script>").doesNotContain("<mark>forged").doesNotContain("<b>bold");
        JsonNode hit = owner.get("api/search?q=" + word).json().get("hits").get(0);
        assertThat(hit.get("snippet").asText()).contains("<script>alert('x')</script>").contains("<mark>forged</mark>");
        assertThat(hit.get("highlights")).anySatisfy(span -> {
            assertThat(span.get("text").asText()).isEqualTo(word);
            assertThat(span.get("match").asBoolean()).isTrue();
        });
        assertThat(hit.get("highlights")).filteredOn(span -> span.get("match").asBoolean()).hasSize(1);

        ApiClient.Reply view = owner.get("doc?id=" + doc.id());
        assertThat(view.status()).isEqualTo(200);
        assertThat(view.body()).contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;").doesNotContain("<script>");
    }

    @Test
    void searchPagesInTheApiAndPagesWithOneTotalAndNoScores() throws IOException {
        ApiClient user = signedIn("u3", null);
        JsonNode all = user.get("api/search?q=parliament&k=9").json();
        int total = all.get("total").asInt();
        assertThat(total).isGreaterThan(9);
        assertThat(all.get("previous").isNull()).isTrue();
        assertThat(all.get("next").asInt()).isEqualTo(9);
        List<String> paged = new ArrayList<>();
        for (int start = 0; start < 9; start += 3) {
            ApiClient.Reply page = user.get("api/search?q=parliament&start=" + start + "&k=3");
            assertThat(page.json().get("total").asInt()).isEqualTo(total);
            assertThat(page.json().get("start").asInt()).isEqualTo(start);
            assertThat(page.body()).doesNotContain("score");
            paged.addAll(ids(page));
        }
        assertThat(paged).containsExactlyElementsOf(ids(user.get("api/search?q=parliament&k=9")));

        ApiClient.Reply second = user.get("search?q=parliament&start=3&k=3");
        assertThat(second.body()).contains("id=\"previous\"").contains("start=0&amp;k=3")
                .contains("id=\"next\"").contains("start=6&amp;k=3").contains(total + " result(s) for parliament")
                .doesNotContain("score");
    }

    @Test
    void aMalformedStartOrKIsABadRequestWithAMessage() throws IOException {
        ApiClient user = signedIn("u3", null);
        for (String bad : List.of("start=abc", "start=-1", "k=0", "k=101", "start=99999999999", "start=995&k=10")) {
            ApiClient.Reply api = user.get("api/search?q=parliament&" + bad);
            assertThat(api.status()).as(bad).isEqualTo(400);
            assertThat(api.json().get("message").asText()).as(bad).containsAnyOf("start must", "k must");
            assertNoStackTrace(api);
            ApiClient.Reply page = user.get("search?q=parliament&" + bad);
            assertThat(page.status()).as(bad).isEqualTo(400);
            assertNoStackTrace(page);
        }
    }

    @Test
    void theDocumentPageExplainsTheReadAndOnlyTheOwnerSeesWhoCanRead() throws IOException {
        Conduit doc = site.documents("friends", c -> site.friendOf(c.owner()) != null
                && !site.blocked("r0", c.id())).get(0);
        String friend = site.friendOf(doc.owner());
        JsonNode asFriend = signedIn(friend, null).get("api/doc?id=" + doc.id()).json();
        assertThat(asFriend.get("owner").asText()).isEqualTo(doc.owner());
        assertThat(asFriend.get("template").asText()).startsWith("friends");
        assertThat(asFriend.get("why").get("allowed").asBoolean()).isTrue();
        assertThat(asFriend.get("why").get("rule").asText()).contains("friend(this.owner, K)");
        assertThat(asFriend.get("why").get("because").toString())
                .contains("friend(this.owner=\\\"" + doc.owner() + "\\\", K=\\\"" + friend + "\\\")");
        assertThat(asFriend.has("readers")).isFalse();
        ApiClient.Reply friendsPage = signedIn(friend, null).get("doc?id=" + doc.id());
        assertThat(friendsPage.body()).contains("Why you can see this").doesNotContain("Who can read this");

        ApiClient owner = signedIn(doc.owner(), null);
        JsonNode asOwner = owner.get("api/doc?id=" + doc.id()).json();
        assertThat(asOwner.get("readers").get(0).asText()).isEqualTo("the owner, " + doc.owner());
        assertThat(asOwner.get("readers").get(1).asText()).startsWith("friends of " + doc.owner()).contains(friend);
        assertThat(owner.get("doc?id=" + doc.id()).body()).contains("Who can read this").contains("friends of " + doc.owner());
    }

    /**
     * Adversarial: through the page and the JSON API, a non-owner asking why they cannot see a document they
     * may not read gets exactly what they get for an id that names no document.
     */
    @Test
    void whyNotAnswersTheOwnerAndNoOneElseAlikeForExistingAndMissingDocuments() throws IOException {
        Conduit hidden = site.documents("private", c -> !site.blocked("r0", c.id())).get(0);
        ApiClient stranger = signedIn(site.stranger(hidden.owner()), null);
        String missing = "d" + 990_000;

        ApiClient.Reply apiHidden = stranger.get("api/why-not?id=" + hidden.id());
        ApiClient.Reply apiMissing = stranger.get("api/why-not?id=" + missing);
        assertThat(apiHidden.status()).isEqualTo(403).isEqualTo(apiMissing.status());
        assertThat(apiHidden.body()).isEqualTo(apiMissing.body()).doesNotContain(hidden.id()).doesNotContain(hidden.owner());
        ApiClient.Reply pageHidden = stranger.get("why-not?id=" + hidden.id());
        ApiClient.Reply pageMissing = stranger.get("why-not?id=" + missing);
        assertThat(pageHidden.status()).isEqualTo(403).isEqualTo(pageMissing.status());
        // The page echoes the id typed into its form; past that, the two answers are the same bytes.
        assertThat(pageHidden.body().replace(hidden.id(), "ID")).isEqualTo(pageMissing.body().replace(missing, "ID"));

        ApiClient owner = signedIn(hidden.owner(), null);
        JsonNode explained = owner.get("api/why-not?id=" + hidden.id()).json();
        assertThat(explained.get("why").get("allowed").asBoolean()).isTrue();
        assertThat(explained.get("readers").get(0).asText()).isEqualTo("the owner, " + hidden.owner());
        assertThat(owner.get("why-not?id=" + hidden.id()).body()).contains("Who can read this");
    }

    @Test
    void warHoldsNoJettyHadoopOrCommandLineJar() throws IOException {
        try (ZipFile war = new ZipFile(WarFile.locate().toFile())) {
            List<String> libs = war.stream().map(e -> e.getName()).filter(n -> n.startsWith("WEB-INF/lib/")).toList();
            assertThat(libs).anyMatch(n -> n.contains("maat-core")).anyMatch(n -> n.contains("thymeleaf"))
                    .noneMatch(n -> n.contains("jetty")).noneMatch(n -> n.contains("hadoop"))
                    .noneMatch(n -> n.contains("servlet-api")).noneMatch(n -> n.contains("picocli"))
                    .noneMatch(n -> n.contains("progressbar")).noneMatch(n -> n.contains("jline"));
        }
    }

    @Test
    void loginAnswersUserAndRegionAndBadCredentialsGet401() throws IOException {
        ApiClient client = new ApiClient(site.url());
        ApiClient.Reply ok = client.login("u1", site.password("u1"));
        assertThat(ok.status()).isEqualTo(200);
        assertThat(ok.json().get("user").asText()).isEqualTo("u1");
        assertThat(ok.json().get("region").asText()).isEqualTo("r0");
        assertThat(ok.setCookie()).startsWith("JSESSIONID=").containsIgnoringCase("HttpOnly")
                .containsIgnoringCase("SameSite=Lax");
        ApiClient.Reply viaProxy = new ApiClient(site.url(), ServedSite.R1_CLIENT).login("u1", site.password("u1"));
        assertThat(viaProxy.json().get("region").asText()).isEqualTo("r1");

        ApiClient.Reply bad = new ApiClient(site.url()).login("u1", "guess");
        assertThat(bad.status()).isEqualTo(401);
        assertThat(bad.json().get("error").asText()).isEqualTo("unauthorized");
        assertThat(new ApiClient(site.url()).login("nobody", "guess").status()).isEqualTo(401);
    }

    @Test
    void ownerFriendAndStrangerEachSeeWhatTheyMay() throws IOException {
        Conduit doc = site.documents("friends", c -> site.friendOf(c.owner()) != null
                && !site.blocked("r0", c.id())).get(0);
        String q = "api/search?q=" + ServedSite.word(doc.id());
        ApiClient owner = signedIn(doc.owner(), null);
        ApiClient friend = signedIn(site.friendOf(doc.owner()), null);
        ApiClient stranger = signedIn(site.stranger(doc.owner()), null);

        assertThat(ids(owner.get(q))).containsExactly(doc.id());
        assertThat(ids(friend.get(q))).containsExactly(doc.id());
        assertThat(ids(stranger.get(q))).isEmpty();
        JsonNode hit = owner.get(q).json().get("hits").get(0);
        assertThat(hit.get("title").asText()).startsWith("Debate on");
        assertThat(hit.get("snippet").asText()).contains(ServedSite.word(doc.id()));
        assertThat(hit.has("score")).as("no score reaches the browser").isFalse();
        assertThat(hit.get("rank").asInt()).isEqualTo(1);

        assertThat(friend.get("api/doc?id=" + doc.id()).json().get("body").asText()).contains(ServedSite.word(doc.id()));
        ApiClient.Reply refused = stranger.get("api/doc?id=" + doc.id());
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().get("error").asText()).isEqualTo("refused");
        assertThat(refused.json().get("message").asText()).isEqualTo("you may not read document " + doc.id());
    }

    @Test
    void censoringRegionNeverReceivesTheCensoredDocumentBySearchOrView() throws IOException {
        Conduit doc = site.documents("public", c -> site.blocked("r1", c.id()) && !site.blocked("r0", c.id())).get(0);
        ApiClient inR0 = signedIn("u2", null);
        ApiClient inR1 = signedIn("u2", ServedSite.R1_CLIENT);
        String q = "api/search?q=" + ServedSite.word(doc.id());
        assertThat(ids(inR0.get(q))).containsExactly(doc.id());
        assertThat(ids(inR1.get(q))).isEmpty();
        ApiClient.Reply view = inR1.get("api/doc?id=" + doc.id());
        assertThat(view.status()).isEqualTo(403);
        assertThat(view.body()).doesNotContain(ServedSite.word(doc.id()));
        assertThat(inR1.get("doc?id=" + doc.id()).body()).doesNotContain(ServedSite.word(doc.id()));
    }

    @Test
    void employeeReadsAProtectedDocumentOnlyAfterTheMalEntry() throws IOException {
        Conduit doc = site.documents("private", c -> !site.blocked("r0", c.id())).get(0);
        ApiClient employee = signedIn("e0", null);
        assertThat(employee.get("api/doc?id=" + doc.id()).status()).isEqualTo(403);
        assertThat(ids(employee.get("api/search?q=" + ServedSite.word(doc.id())))).isEmpty();

        ApiClient.Reply noReason = employee.post("api/mal", Map.of("id", doc.id(), "reason", ""));
        assertThat(noReason.status()).isEqualTo(400);
        assertThat(employee.post("api/mal", Map.of("id", doc.id(), "reason", "ticket 7: account recovery")).status())
                .isEqualTo(204);

        assertThat(employee.get("api/doc?id=" + doc.id()).status()).isEqualTo(200);
        assertThat(ids(employee.get("api/search?q=" + ServedSite.word(doc.id())))).containsExactly(doc.id());
        ApiClient user = signedIn(site.stranger(doc.owner()), null);
        assertThat(user.post("api/mal", Map.of("id", doc.id(), "reason", "curious")).status()).isEqualTo(403);
    }

    @Test
    void historyIsTheUsersOwnAndLogoutEndsTheSession() throws IOException {
        ApiClient a = signedIn("u5", null);
        ApiClient b = signedIn("u6", null);
        a.get("api/search?q=fishing");
        b.get("api/search?q=energy");
        a.get("api/search?q=treaty");
        List<String> aQueries = new ArrayList<>();
        a.get("api/history").json().get("queries").forEach(q -> aQueries.add(q.get("query").asText()));
        assertThat(aQueries).containsExactly("fishing", "treaty");
        assertThat(b.get("api/history").json().get("queries").get(0).get("time").asText()).endsWith("Z");
        assertThat(b.get("api/history").body()).doesNotContain("fishing").doesNotContain("treaty");

        assertThat(a.post("api/logout", Map.of()).status()).isEqualTo(204);
        ApiClient.Reply after = a.get("api/history");
        assertThat(after.status()).isEqualTo(401);
        assertThat(after.json().get("error").asText()).isEqualTo("unauthorized");
    }

    @Test
    void badInputGets4xxWithAMessageAndNeverAStackTrace() throws IOException {
        ApiClient anonymous = new ApiClient(site.url());
        ApiClient.Reply noSession = anonymous.get("api/search?q=budget");
        assertThat(noSession.status()).isEqualTo(401);
        assertThat(noSession.json().get("message").asText()).contains("sign in");

        ApiClient user = signedIn("u3", null);
        List<ApiClient.Reply> bad = List.of(
                user.get("api/search?q="),
                user.get("api/search?q=" + "budget".repeat(100)),
                user.get("api/search?q=budget%00"),
                user.get("api/search?q=budget&k=zero"),
                user.get("api/search?q=budget&k=100000"),
                user.get("api/doc?id=d99999"),
                user.get("api/doc?id=%3Cscript%3E"),
                user.get("api/nothing-here"),
                user.get("api/login"),
                user.post("api/search?q=budget", Map.of()));
        assertThat(bad).extracting(ApiClient.Reply::status)
                .containsExactly(400, 400, 400, 400, 400, 404, 404, 404, 405, 405);
        for (ApiClient.Reply r : bad) {
            assertThat(r.contentType()).startsWith("application/json");
            assertThat(r.json().get("message").asText()).isNotBlank();
            assertNoStackTrace(r);
        }
        ApiClient.Reply page = user.get("no-such-page");
        assertThat(page.status()).isEqualTo(404);
        assertThat(page.contentType()).startsWith("text/html");
        assertNoStackTrace(page);
    }

    @Test
    void pagesMirrorTheApiForSignInAndTheMalFlow() throws IOException {
        ApiClient browser = new ApiClient(site.url());
        ApiClient.Reply wrong = browser.post("login", Map.of("user", "u7", "password", "guess"));
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(wrong.body()).contains("Unknown user or wrong password").contains("value=\"u7\"");
        assertThat(browser.get("search").status()).as("a page without a session: to sign-in").isEqualTo(302);

        Conduit doc = site.documents("friends", c -> !site.blocked("r0", c.id())).get(1);
        ApiClient employee = new ApiClient(site.url());
        ApiClient.Reply signIn = employee.post("login", Map.of("user", "e0", "password", site.password("e0")));
        assertThat(signIn.status()).isEqualTo(302);
        ApiClient.Reply refused = employee.get("doc?id=" + doc.id());
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.body()).contains("mal?id=" + doc.id());
        assertThat(employee.get("mal?id=" + doc.id()).body()).contains("name=\"reason\"");
        ApiClient.Reply logged = employee.post("mal", Map.of("id", doc.id(), "reason", "audit 3"));
        assertThat(logged.status()).isEqualTo(302);
        assertThat(employee.get("doc?id=" + doc.id()).body()).contains(ServedSite.word(doc.id()));

        ApiClient user = signedIn("u8", null);
        assertThat(user.get("mal?id=" + doc.id()).status()).isEqualTo(403);
    }

    @Test
    void overloadGets503WithAMessageAndServiceResumesAfterwards() throws IOException {
        // Requests whose bodies have not all arrived hold their admission permits while the servlet waits
        // for the rest: a deterministic way to keep the front-end busy.
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < MAX_CONCURRENT; i++) {
                Socket s = new Socket(site.url().getHost(), site.url().getPort());
                OutputStream out = s.getOutputStream();
                out.write(("POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded"
                        + "\r\nContent-Length: 40\r\n\r\nuser=u1&pass").getBytes(StandardCharsets.US_ASCII));
                out.flush();
                stalled.add(s);
            }
            ApiClient.Reply busy = null;
            for (int attempt = 0; attempt < 100; attempt++) {
                busy = new ApiClient(site.url()).get("api/search?q=budget");
                if (busy.status() == 503) {
                    break;
                }
                sleep(50); // the stalled requests are still being dispatched
            }
            assertThat(busy.status()).isEqualTo(503);
            assertThat(busy.json().get("error").asText()).isEqualTo("unavailable");
            assertThat(busy.json().get("message").asText()).contains("busy");
            assertNoStackTrace(busy);
        } finally {
            for (Socket s : stalled) {
                s.close();
            }
        }
        ApiClient.Reply after = null;
        for (int attempt = 0; attempt < 100; attempt++) {
            after = new ApiClient(site.url()).get("api/search?q=budget");
            if (after.status() != 503) {
                break;
            }
            sleep(50); // the closed connections' requests are failing and releasing their permits
        }
        assertThat(after.status()).as("served again: no session, so 401").isEqualTo(401);
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted");
        }
    }

    @Test
    void pagesAreServerRenderedWithEveryValueEscaped() throws IOException {
        ApiClient user = signedIn("u4", null);
        ApiClient anonymous = new ApiClient(site.url());
        ApiClient.Reply home = anonymous.get("");
        assertThat(home.status()).as("no session: to sign-in").isEqualTo(302);
        ApiClient.Reply login = anonymous.get("login");
        assertThat(login.status()).isEqualTo(200);
        assertThat(login.body()).contains("<form").contains("name=\"password\"");

        ApiClient.Reply search = user.get("search?q=" + ApiClient.enc("budget <script>alert(1)</script>"));
        assertThat(search.status()).isEqualTo(200);
        assertThat(search.body()).doesNotContain("<script>alert(1)</script>").contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        assertThat(search.body()).contains("class=\"hit\"");
        ApiClient.Reply history = user.get("history");
        assertThat(history.body()).contains("&lt;script&gt;").doesNotContain("<script>alert");
    }
}
