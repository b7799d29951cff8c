package org.maat.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.apache.catalina.Session;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.Conduit;
import org.maat.server.Topology;

/**
 * The same built WAR that {@link FrontendHttpIT} runs in Jetty, deployed unchanged into embedded
 * Tomcat ({@link TomcatDeployment}) and exercised over real HTTP on 127.0.0.1: sign-in, search,
 * a refused document, logout, pages, and a session's monitor task discarded when the session expires.
 */
class TomcatFrontendIT {

    static final int SESSION_MINUTES = 7;

    @TempDir
    static Path dir;
    static ServedSite site;

    /** What the web application logged: Tomcat has no SLF4J, so the WAR's own provider logs to java.util.logging. */
    static final List<String> warLog = new CopyOnWriteArrayList<>();
    static final Logger warLogger = Logger.getLogger("org.maat.frontend");
    static final Handler warLogHandler = new Handler() {
        @Override
        public void publish(LogRecord record) {
            warLog.add(record.getLoggerName() + ": " + record.getMessage() + " " + Arrays.toString(record.getParameters()));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @BeforeAll
    static void start() throws IOException {
        warLogger.addHandler(warLogHandler);
        site = ServedSite.start(dir, Topology.parse("2servers"), c -> c.withSessionMinutes(SESSION_MINUTES),
                TomcatDeployment.LAUNCHER);
    }

    @AfterAll
    static void stop() throws IOException {
        warLogger.removeHandler(warLogHandler);
        if (site != null) {
            site.close();
        }
    }

    @Test
    void theWebApplicationLogsThroughTheContainersLogging() {
        assertThat(warLog).anyMatch(line -> line.startsWith("org.maat.frontend.web.FrontendStartup: ")
                && line.contains("Maat front-end serving"));
    }

    private static ApiClient signedIn(String user) throws IOException {
        ApiClient client = new ApiClient(site.url());
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

    @Test
    void signInSearchRefusalAndLogoutBehaveAsInJetty() throws IOException {
        Conduit doc = site.documents("friends", c -> site.friendOf(c.owner()) != null
                && !site.blocked("r0", c.id())).get(0);
        String q = "api/search?q=" + ServedSite.word(doc.id());

        ApiClient.Reply wrong = new ApiClient(site.url()).login(doc.owner(), "guess");
        assertThat(wrong.status()).isEqualTo(401);
        assertThat(wrong.json().get("error").asText()).isEqualTo("unauthorized");

        ApiClient owner = new ApiClient(site.url());
        ApiClient.Reply login = owner.login(doc.owner(), site.password(doc.owner()));
        assertThat(login.status()).as(login.body()).isEqualTo(200);
        assertThat(login.json().get("user").asText()).isEqualTo(doc.owner());
        assertThat(login.json().get("region").asText()).as("the region map, read from the context parameters")
                .isEqualTo("r0");
        assertThat(login.setCookie()).startsWith("JSESSIONID=").containsIgnoringCase("HttpOnly")
                .containsIgnoringCase("SameSite=Lax");
        ApiClient friend = signedIn(site.friendOf(doc.owner()));
        ApiClient stranger = signedIn(site.stranger(doc.owner()));

        assertThat(ids(owner.get(q))).containsExactly(doc.id());
        assertThat(ids(friend.get(q))).containsExactly(doc.id());
        assertThat(ids(stranger.get(q))).isEmpty();
        assertThat(owner.get(q).json().get("hits").get(0).get("snippet").asText()).contains(ServedSite.word(doc.id()));

        assertThat(friend.get("api/doc?id=" + doc.id()).json().get("body").asText()).contains(ServedSite.word(doc.id()));
        ApiClient.Reply refused = stranger.get("api/doc?id=" + doc.id());
        assertThat(refused.status()).isEqualTo(403);
        assertThat(refused.json().get("error").asText()).isEqualTo("refused");
        assertThat(refused.json().get("message").asText()).isEqualTo("you may not read document " + doc.id());
        assertThat(refused.body()).doesNotContain(ServedSite.word(doc.id()));

        List<String> queries = new ArrayList<>();
        owner.get("api/history").json().get("queries").forEach(e -> queries.add(e.get("query").asText()));
        assertThat(queries).containsExactly(ServedSite.word(doc.id()), ServedSite.word(doc.id()));

        assertThat(owner.post("api/logout", Map.of()).status()).isEqualTo(204);
        ApiClient.Reply after = owner.get(q);
        assertThat(after.status()).isEqualTo(401);
        assertThat(after.json().get("message").asText()).contains("sign in");
        assertThat(friend.get(q).status()).as("another session lives on").isEqualTo(200);
    }

    @Test
    void pagesAndContainerErrorsKeepTheirShapeInTomcat() throws IOException {
        ApiClient browser = new ApiClient(site.url());
        assertThat(browser.get("").status()).as("no session: to sign-in").isEqualTo(302);
        ApiClient.Reply home = browser.get("login");
        assertThat(home.status()).isEqualTo(200);
        assertThat(home.body()).contains("<form").contains("name=\"password\"");

        ApiClient.Reply signIn = browser.post("login", Map.of("user", "u4", "password", site.password("u4")));
        assertThat(signIn.status()).isEqualTo(302);
        ApiClient.Reply search = browser.get("search?q=" + ApiClient.enc("budget <script>alert(1)</script>"));
        assertThat(search.status()).isEqualTo(200);
        assertThat(search.body()).contains("class=\"hit\"").contains("&lt;script&gt;alert(1)&lt;/script&gt;")
                .doesNotContain("<script>alert(1)</script>");

        ApiClient.Reply page = browser.get("no-such-page");
        assertThat(page.status()).isEqualTo(404);
        assertThat(page.contentType()).startsWith("text/html");
        ApiClient.Reply api = browser.get("api/nothing-here");
        assertThat(api.status()).isEqualTo(404);
        assertThat(api.json().get("error").asText()).isEqualTo("not-found");
        ApiClient.Reply tooLong = browser.get("api/search?q=" + "budget".repeat(100));
        assertThat(tooLong.status()).isEqualTo(400);
        for (ApiClient.Reply r : List.of(page, api, tooLong)) {
            assertThat(r.body()).doesNotContain("Exception").doesNotContain("\tat ").doesNotContain("Tomcat");
        }
    }

    @Test
    void anExpiredSessionsTaskIsDiscardedAndItsCookieNoLongerSignsIn() throws Exception {
        ApiClient user = new ApiClient(site.url());
        ApiClient.Reply login = user.login("u9", site.password("u9"));
        assertThat(login.status()).isEqualTo(200);
        assertThat(user.get("api/search?q=budget").status()).isEqualTo(200);
        String id = login.setCookie().substring("JSESSIONID=".length()).split(";")[0];

        TomcatDeployment tomcat = (TomcatDeployment) site.deployment;
        Session session = tomcat.sessions().findSession(id);
        assertThat(session).as("Tomcat's session for the cookie").isNotNull();
        assertThat(session.getMaxInactiveInterval()).as("maat.sessionMinutes, a context parameter")
                .isEqualTo(SESSION_MINUTES * 60);
        // The front-end's sign-in and its UserSession, classes of the web application's own class loader.
        Object signedIn = session.getSession().getAttribute("maat.signedIn");
        java.lang.reflect.Method search = signedIn.getClass().getDeclaredMethod("search");
        search.setAccessible(true);
        Object userSession = search.invoke(signedIn);
        assertThat(isClosed(userSession)).isFalse();

        // Expiry as the container does it: no request, Tomcat's background sweep ends the idle session.
        session.setMaxInactiveInterval(1);
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (tomcat.sessions().findSession(id) != null && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        assertThat(tomcat.sessions().findSession(id)).as("expired within 20 s").isNull();
        assertThat(isClosed(userSession)).as("the session's monitor task is closed").isTrue();

        ApiClient.Reply after = user.get("api/search?q=budget");
        assertThat(after.status()).isEqualTo(401);
        assertThat(after.json().get("error").asText()).isEqualTo("unauthorized");
        assertThat(user.get("api/history").status()).isEqualTo(401);
    }

    private static boolean isClosed(Object userSession) throws ReflectiveOperationException {
        assertThat(userSession.getClass().getName()).isEqualTo("org.maat.frontend.app.UserSession");
        try {
            return (Boolean) userSession.getClass().getMethod("isClosed").invoke(userSession);
        } catch (InvocationTargetException e) {
            throw new AssertionError("isClosed failed", e.getCause());
        }
    }
}
