package org.maat.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.accounts.AccountGenerator;
import org.maat.core.accounts.AccountRoles;
import org.maat.core.accounts.PasswordHasher;
import org.maat.core.data.DataDir;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;
import org.maat.frontend.config.FrontendConfig;
import org.maat.server.FrontendServer;
import org.maat.server.WarFile;

/**
 * The ERP pages of the built WAR, deployed unchanged into embedded Jetty twice at once: over a plain
 * and over an encrypted database generated from the same seed, ERP only (no search data). Every
 * query over real HTTP on 127.0.0.1, as HTML and as JSON, the encrypted answers checked against the
 * plain ones, the writes, the errors, overload, and what undeployment leaves behind.
 */
// The write test updates a random employee on each backend, so the two databases differ after it: it runs
// last, after every test that compares the backends' rows (a Q10R draw could include that employee).
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ErpHttpIT {

    private static final int EMPLOYEES = 300;
    private static final int MAX_CONCURRENT = 3;
    private static final List<String> READS = List.of("q7", "q8", "q9", "q10", "q11", "q12", "q13", "q14", "q15");

    @TempDir
    static Path dir;
    private static Path plainDb;
    private static Path pristine;
    private static FrontendServer plain;
    private static FrontendServer encrypted;
    /** The accounts that sign in to these ERP-only servers: hr1 holds the role hr, staff1 none. */
    private static Path accounts;
    private static Map<String, String> passwords = new java.util.HashMap<>();
    /** A session of hr1 on the plain server opened before any overload (signing in then would be shed too). */
    private static ApiClient plainHr;

    @BeforeAll
    static void deploy() throws Exception {
        plainDb = load(dir.resolve("plain"), ErpDatabase.Kind.PLAIN);
        Path encryptedDb = load(dir.resolve("encrypted"), ErpDatabase.Kind.ENCRYPTED);
        pristine = Files.createDirectories(dir.resolve("pristine"));
        try (Stream<Path> files = Files.list(plainDb)) {
            for (Path f : files.toList()) {
                Files.copy(f, pristine.resolve(f.getFileName()));
            }
        }
        accounts = Files.createDirectories(dir.resolve("accounts"));
        new AccountGenerator(new PasswordHasher(64, 1, 1)).generate(DataDir.at(accounts), List.of("hr1", "staff1"),
                Map.of("hr1", java.util.Set.of(AccountRoles.HR))).forEach(l -> passwords.put(l.user(), l.password()));
        plain = FrontendServer.start(WarFile.locate(),
                FrontendConfig.erpOnly(plainDb).withAccounts(accounts).withMaxConcurrent(MAX_CONCURRENT)
                        .withErpConnections(2), "127.0.0.1", 0);
        encrypted = FrontendServer.start(WarFile.locate(), FrontendConfig.erpOnly(encryptedDb).withAccounts(accounts),
                "127.0.0.1", 0);
        plainHr = hr(plain);
    }

    @AfterAll
    static void undeploy() {
        if (plain != null) {
            plain.close();
        }
        if (encrypted != null) {
            encrypted.close();
        }
    }

    private static Path load(Path db, ErpDatabase.Kind kind) throws SQLException {
        new ErpLoader(500, n -> { }).load(ErpDatabase.create(db, kind, 42, EMPLOYEES));
        return db;
    }

    @Test
    void theIndexListsEveryQueryWithAForm() throws IOException {
        ApiClient.Reply page = hr(plain).get("erp");
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.contentType()).startsWith("text/html");
        assertThat(page.body()).contains("Database: plain, 300 employees");
        for (String q : Stream.concat(READS.stream(), Stream.of("q10r", "q16", "q17", "q18")).toList()) {
            assertThat(page.body()).contains("action=\"/erp/" + q + "\"");
        }
        assertThat(page.body()).contains("method=\"post\"").contains("name=\"department_name\"");

        JsonNode index = hr(encrypted).get("api/erp").json();
        assertThat(index.get("backend").asText()).isEqualTo("encrypted");
        assertThat(index.get("queries")).hasSize(13);
        JsonNode q16 = index.get("queries").get(10);
        assertThat(q16.get("query").asText()).isEqualTo("Q16");
        assertThat(q16.get("method").asText()).isEqualTo("POST");
        assertThat(q16.get("parameters").get(0).get("blank").asText()).isEqualTo("a fresh id");
    }

    @Test
    void everyReadQueryAnswersTheSameRowsOnTheEncryptedDatabaseAsOnThePlainOne() throws IOException {
        for (String q : READS) {
            JsonNode p = json(plain, "api/erp/" + q);
            JsonNode e = json(encrypted, "api/erp/" + q);
            assertThat(p.get("query").asText()).isEqualTo(q.toUpperCase());
            assertThat(p.get("backend").asText()).isEqualTo("plain");
            assertThat(e.get("backend").asText()).isEqualTo("encrypted");
            assertThat(e.get("parameters")).as(q).isEqualTo(p.get("parameters"));
            assertThat(e.get("columns")).as(q).isEqualTo(p.get("columns"));
            assertThat(canonical(e, q.equals("q11"))).as(q).isEqualTo(canonical(p, q.equals("q11")));
            assertThat(p.get("rowCount").asInt()).isEqualTo(p.get("rows").size());
            assertThat(p.get("updateCount").isNull()).isTrue();
            assertThat(p.get("elapsedMillis").asDouble()).isPositive();
            if (!q.equals("q13") && !q.equals("q14")) {
                assertThat(p.get("rows").size()).as(q + " on the seeded defaults").isPositive();
            }

            // The HTML page of the same request: the same count, each row in the table.
            ApiClient.Reply page = hr(encrypted).get("erp/" + q);
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.body()).contains(q.toUpperCase() + " on the encrypted database: "
                    + e.get("rowCount").asInt() + " row(s)");
            assertThat(page.body().split("<tr>", -1)).hasSize(e.get("rows").size() + 2);
        }
    }

    @Test
    void givenParametersAreBoundOnBothBackends() throws IOException {
        JsonNode defaults = json(plain, "api/erp/q8");
        String job = defaults.get("parameters").get("job_id").asText();
        String manager = defaults.get("parameters").get("manager_id").asText();
        String query = "api/erp/q8?job_id=" + ApiClient.enc(job) + "&manager_id=" + manager
                + "&salary_low=0&salary_high=99999";
        JsonNode p = json(plain, query);
        JsonNode e = json(encrypted, query);
        assertThat(p.get("parameters").get("salary_high").decimalValue()).isEqualByComparingTo("99999");
        assertThat(p.get("rows").size()).isGreaterThanOrEqualTo(defaults.get("rows").size());
        assertThat(canonical(e, false)).isEqualTo(canonical(p, false));
    }

    @Test
    void q10rDrawsNewBoundsEachRequestAndBothBackendsAgreeOnGivenOnes() throws IOException {
        List<JsonNode> draws = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            draws.add(json(plain, "api/erp/q10r").get("parameters"));
        }
        assertThat(draws.stream().map(d -> d.get("salary_low").decimalValue()).distinct()).hasSizeGreaterThan(1);
        JsonNode q10 = json(plain, "api/erp/q10").get("parameters");
        assertThat(draws).allSatisfy(d -> assertThat(d.get("job_id")).isEqualTo(q10.get("job_id")));
        JsonNode bounds = draws.get(0);
        String query = "api/erp/q10r?salary_low=" + bounds.get("salary_low").decimalValue().toPlainString()
                + "&salary_high=" + bounds.get("salary_high").decimalValue().toPlainString();
        assertThat(canonical(json(encrypted, query), false)).isEqualTo(canonical(json(plain, query), false));
    }

    @Test
    @Order(Integer.MAX_VALUE)
    void writesInsertUpdateAndDeleteOnBothBackendsByPost() throws IOException {
        for (FrontendServer server : List.of(plain, encrypted)) {
            ApiClient client = hr(server);
            // GET of a write shows its form only: nothing is inserted, so Q18 has nothing to delete.
            ApiClient.Reply form = client.get("erp/q16");
            assertThat(form.status()).isEqualTo(200);
            assertThat(form.body()).contains("id=\"form-only\"").contains("method=\"post\"");

            JsonNode inserted = client.post("api/erp/q16", Map.of()).json();
            assertThat(inserted.get("updateCount").asInt()).isEqualTo(1);
            assertThat(inserted.get("rowCount").asInt()).isEqualTo(1);
            int id = inserted.get("parameters").get("employee_id").asInt();
            assertThat(id).isGreaterThanOrEqualTo(100 + EMPLOYEES);
            JsonNode second = client.post("api/erp/q16", Map.of("first_name", "Ada")).json();
            assertThat(second.get("parameters").get("employee_id").asInt()).isNotEqualTo(id);
            assertThat(second.get("parameters").get("first_name").asText()).isEqualTo("Ada");

            JsonNode updated = client.post("api/erp/q17", Map.of("employee_id", Integer.toString(id),
                    "salary", "1234.56")).json();
            assertThat(updated.get("updateCount").asInt()).isEqualTo(1);
            JsonNode p = inserted.get("parameters");
            JsonNode found = client.get("api/erp/q8?job_id=" + ApiClient.enc(p.get("job_id").asText())
                    + "&manager_id=" + p.get("manager_id").asText() + "&salary_low=1234.56&salary_high=1234.56")
                    .json();
            assertThat(found.get("rows")).hasSize(1);
            assertThat(found.get("rows").get(0).get(0).asInt()).isEqualTo(id);
            assertThat(found.get("rows").get(0).get(3).decimalValue()).isEqualByComparingTo("1234.56");

            ApiClient.Reply page = client.post("erp/q17", Map.of()); // a random employee, from the HTML form
            assertThat(page.status()).isEqualTo(200);
            assertThat(page.body()).contains("1 row(s) changed");

            assertThat(client.post("api/erp/q18", Map.of()).json().get("updateCount").asInt()).isEqualTo(1);
            assertThat(client.post("api/erp/q18", Map.of()).json().get("updateCount").asInt()).isEqualTo(1);
            JsonNode none = client.post("api/erp/q18", Map.of()).json();
            assertThat(none.get("updateCount").asInt()).isZero();
            assertThat(none.get("note").asText()).contains("no employee inserted by Q16");
        }
    }

    @Test
    void badRequestsGetAStatusAndAMessageNamingTheProblemNeverAStackTrace() throws IOException {
        for (FrontendServer server : List.of(plain, encrypted)) {
            ApiClient client = hr(server);
            assertError(client.get("api/erp/q8?salary_low=cheap"), 400, "salary_low must be a decimal number");
            assertError(client.get("api/erp/q7?salary=1"), 400, "Q7 has no parameter 'salary'");
            assertError(client.get("api/erp/q7?job_id=A&job_id=B"), 400, "job_id is given more than once");
            assertError(client.get("api/erp/q19"), 404, "no ERP query 'q19'");
            assertError(client.get("api/erp/q7/x"), 404, "no such ERP page");
            assertError(client.get("api/erp/q16"), 405, "Q16 changes data: POST it");
            assertError(client.post("api/erp/q7", Map.of()), 405, "Q7 reads data: use GET");
            assertError(client.post("api/erp/q16", Map.of("employee_id", "101")), 409,
                    "Q16: the database refused these values");
            assertError(client.get("api/search?q=x"), 404, "search is not configured");

            ApiClient.Reply page = client.get("erp/q8?manager_id=boss");
            assertThat(page.status()).isEqualTo(400);
            assertThat(page.contentType()).startsWith("text/html");
            assertThat(page.body()).contains("manager_id must be an integer");
            assertNoStackTrace(page);
        }
        ApiClient.Reply home = hr(plain).get("");
        assertThat(home.status()).isEqualTo(302);
    }

    @Test
    void valuesAreEscapedInThePages() throws IOException {
        ApiClient.Reply page = hr(plain).get("erp/q7?department_name="
                + ApiClient.enc("<script>alert(1)</script>"));
        assertThat(page.status()).isEqualTo(200);
        assertThat(page.body()).contains("0 row(s)").doesNotContain("<script>alert")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;");
    }

    @Test
    void admissionAnswers503OnTheErpPagesWhenOverloadedAndServiceResumes() throws Exception {
        List<Socket> stalled = new ArrayList<>();
        try {
            for (int i = 0; i < MAX_CONCURRENT; i++) {
                Socket s = new Socket(plain.url().getHost(), plain.url().getPort());
                OutputStream out = s.getOutputStream();
                // Sign-in is public: its body is read by the servlet, which waits for the rest of it.
                out.write(("POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: "
                        + "application/x-www-form-urlencoded\r\nContent-Length: 40\r\n\r\nuser=hr1")
                        .getBytes(StandardCharsets.US_ASCII));
                out.flush();
                stalled.add(s);
            }
            ApiClient.Reply busy = retryWhile(r -> r.status() != 503);
            assertThat(busy.status()).isEqualTo(503);
            assertThat(busy.json().get("message").asText()).contains("busy");
        } finally {
            for (Socket s : stalled) {
                s.close();
            }
        }
        assertThat(retryWhile(r -> r.status() == 503).status()).isEqualTo(200);
    }

    @Test
    void undeployingClosesTheDatabaseAndLeavesNoH2ThreadBehind() throws Exception {
        Path copy = pristine; // a copy of the plain database no other test serves
        try (FrontendServer server = FrontendServer.start(WarFile.locate(), FrontendConfig.erpOnly(copy).withAccounts(accounts),
                "127.0.0.1", 0)) {
            assertThat(hr(server).get("api/erp/q7").status()).isEqualTo(200);
            assertThat(h2Threads(copy)).isNotEmpty();
        }
        assertThat(h2Threads(copy)).isEmpty();
        // The file is free again for this JVM's own H2 (another class loader's copy of it): the WAR's
        // connections are closed, and opening needs no DriverManager lookup.
        try (Connection c = ErpDatabase.open(copy).connect(); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM EMPLOYEES")) {
            rs.next();
            assertThat(rs.getInt(1)).isEqualTo(EMPLOYEES);
        }
    }

    @Test
    void aDirectoryThatIsNoErpDatabaseFailsTheDeploymentNamingIt() throws IOException {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> FrontendServer.start(WarFile.locate(),
                FrontendConfig.erpOnly(empty), "127.0.0.1", 0)).isInstanceOf(IOException.class)
                .hasMessageContaining("not an ERP database");
    }

    /** A new session of hr1 (human resources) on {@code server}. */
    private static ApiClient hr(FrontendServer server) throws IOException {
        return signedIn(server, "hr1");
    }

    private static ApiClient signedIn(FrontendServer server, String user) throws IOException {
        ApiClient client = new ApiClient(server.url());
        ApiClient.Reply r = client.login(user, passwords.get(user));
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return client;
    }

    @Test
    void withoutTheRoleOrASessionThePersonalDataAndWritesAreRefused() throws IOException {
        ApiClient anonymous = new ApiClient(plain.url());
        assertThat(anonymous.get("api/erp/q7").status()).isEqualTo(401);
        assertThat(anonymous.post("api/erp/q18", Map.of()).status()).isEqualTo(401);
        assertThat(anonymous.get("erp").status()).as("a page: to sign-in").isEqualTo(302);
        ApiClient staff = signedIn(plain, "staff1");
        assertThat(staff.get("api/erp/q9").status()).isEqualTo(200);
        assertThat(staff.get("api/erp/q10").status()).isEqualTo(403);
        assertThat(staff.post("api/erp/q17", Map.of()).status()).isEqualTo(403);
        ApiClient.Reply noToken = plainHr.sendRaw(plainHr.request("api/erp/q17")
                .POST(java.net.http.HttpRequest.BodyPublishers.ofString("")));
        assertThat(noToken.status()).as("hr without the session's token").isEqualTo(403);
    }

    private static List<String> h2Threads(Path db) {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(n -> n.contains(db.toString())).toList();
    }

    private static ApiClient.Reply retryWhile(java.util.function.Predicate<ApiClient.Reply> again) throws Exception {
        ApiClient.Reply reply = null;
        for (int attempt = 0; attempt < 100; attempt++) {
            reply = plainHr.get("api/erp/q12");
            if (!again.test(reply)) {
                break;
            }
            Thread.sleep(50); // requests are still being dispatched, or failing and releasing their permits
        }
        return reply;
    }

    private static JsonNode json(FrontendServer server, String path) throws IOException {
        ApiClient.Reply reply = hr(server).get(path);
        assertThat(reply.status()).as("%s %s", path, reply.body()).isEqualTo(200);
        assertThat(reply.contentType()).startsWith("application/json");
        return reply.json();
    }

    /** Rows as text, numbers without trailing zeros; sorted unless the query fixes the order. */
    private static List<String> canonical(JsonNode answer, boolean ordered) {
        List<String> rows = new ArrayList<>();
        for (JsonNode row : answer.get("rows")) {
            List<String> cells = new ArrayList<>();
            for (Iterator<JsonNode> it = row.elements(); it.hasNext(); ) {
                JsonNode cell = it.next();
                cells.add(cell.isNull() ? "NULL" : cell.isNumber()
                        ? canonicalNumber(cell.decimalValue()) : cell.asText().strip());
            }
            rows.add(String.join("|", cells));
        }
        if (!ordered) {
            rows.sort(null);
        }
        return rows;
    }

    private static String canonicalNumber(BigDecimal d) {
        return d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
    }

    private static void assertError(ApiClient.Reply reply, int status, String message) {
        assertThat(reply.status()).as(reply.body()).isEqualTo(status);
        assertThat(reply.contentType()).startsWith("application/json");
        Map<String, String> body = new LinkedHashMap<>();
        reply.json().fields().forEachRemaining(e -> body.put(e.getKey(), e.getValue().asText()));
        assertThat(body).containsKeys("error", "message");
        assertThat(body.get("message")).contains(message);
        assertNoStackTrace(reply);
    }

    private static void assertNoStackTrace(ApiClient.Reply reply) {
        assertThat(reply.body()).doesNotContain("\tat ").doesNotContain("Exception").doesNotContain("org.h2.");
    }
}
