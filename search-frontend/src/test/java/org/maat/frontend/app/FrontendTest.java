package org.maat.frontend.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.policy.Conduit;

class FrontendTest {

    @TempDir
    static Path root;
    static TestSite site;

    @BeforeAll
    static void open() throws IOException {
        site = TestSite.open(root);
    }

    @AfterAll
    static void close() throws IOException {
        site.close();
    }

    private static SearchResult search(UserSession user, String query) throws IOException {
        return site.frontend.search(user, query, 10);
    }

    private static int status(ThrowingCall call) {
        try {
            call.run();
        } catch (RequestException e) {
            return e.status();
        } catch (Exception e) {
            throw new AssertionError("expected a RequestException, got " + e, e);
        }
        return 200;
    }

    interface ThrowingCall {
        void run() throws Exception;
    }

    @Test
    void ownerFindsAndReadsTheirPrivateDocumentAndAStrangerNeither() throws IOException {
        Conduit doc = site.documents("private", c -> true).get(0);
        UserSession owner = site.login(doc.owner(), null);
        UserSession stranger = site.login(site.stranger(doc.owner()), null);

        assertThat(search(owner, TestSite.word(doc.id())).hits()).extracting(SearchResult.Hit::id).containsExactly(doc.id());
        assertThat(search(owner, TestSite.word(doc.id())).hits().get(0).title()).startsWith("Debate on");
        assertThat(site.frontend.document(owner, doc.id()).body()).contains(TestSite.word(doc.id()));

        assertThat(search(stranger, TestSite.word(doc.id())).hits()).isEmpty();
        assertThatThrownBy(() -> site.frontend.document(stranger, doc.id()))
                .isInstanceOfSatisfying(RequestException.class, e -> {
                    assertThat(e.status()).isEqualTo(403);
                    assertThat(e.getMessage()).as("plain refusal: someone else's data").isEqualTo(
                            "you may not read document " + doc.id()).doesNotContain("sKeyIs");
                });
    }

    @Test
    void friendSeesAFriendsOnlyDocumentAndAStrangerDoesNot() throws IOException {
        Conduit doc = site.documents("friends", c -> site.friendOf(c.owner()).isPresent()).get(0);
        UserSession friend = site.login(site.friendOf(doc.owner()).orElseThrow(), null);
        UserSession stranger = site.login(site.stranger(doc.owner()), null);

        assertThat(search(friend, TestSite.word(doc.id())).hits()).extracting(SearchResult.Hit::id).containsExactly(doc.id());
        assertThat(site.frontend.document(friend, doc.id()).id()).isEqualTo(doc.id());
        assertThat(search(stranger, TestSite.word(doc.id())).hits()).isEmpty();
        assertThat(status(() -> site.frontend.document(stranger, doc.id()))).isEqualTo(403);
    }

    @Test
    void sessionInACensoringRegionNeverReceivesTheCensoredDocument() throws IOException {
        Conduit doc = site.documents("public", c -> site.blocked("r1", c.id()) && !site.blocked("r0", c.id())).get(0);
        UserSession censored = site.login("u1", "r1");
        UserSession elsewhere = site.login("u1", "r0");

        assertThat(search(elsewhere, TestSite.word(doc.id())).hits()).extracting(SearchResult.Hit::id).containsExactly(doc.id());
        assertThat(search(censored, TestSite.word(doc.id())).hits()).isEmpty();
        assertThat(status(() -> site.frontend.document(censored, doc.id()))).isEqualTo(403);
    }

    @Test
    void refusalOfTheUsersOwnDocumentCarriesTheMonitorsExplanation() throws IOException {
        Conduit doc = site.documents("private", c -> site.blocked("r1", c.id()) || site.blocked("r0", c.id())).get(0);
        String region = site.blocked("r1", doc.id()) ? "r1" : "r0";
        UserSession owner = site.login(doc.owner(), region);
        assertThatThrownBy(() -> site.frontend.document(owner, doc.id()))
                .isInstanceOfSatisfying(RequestException.class, e -> {
                    assertThat(e.status()).isEqualTo(403);
                    assertThat(e.getMessage()).contains(doc.id()).contains("blocked");
                });
    }

    @Test
    void employeeReadsAProtectedDocumentOnlyAfterLoggingAReason() throws IOException {
        Conduit doc = site.documents("private", c -> !site.blocked("r0", c.id()) && !site.blocked("r1", c.id())).get(1);
        UserSession employee = site.login("e0", null);

        assertThat(status(() -> site.frontend.document(employee, doc.id()))).isEqualTo(403);
        assertThat(search(employee, TestSite.word(doc.id())).hits()).isEmpty();
        assertThat(status(() -> site.frontend.recordMalAccess(employee, doc.id(), " "))).isEqualTo(400);

        site.frontend.recordMalAccess(employee, doc.id(), "support case 42: the owner asked for help");

        assertThat(site.frontend.document(employee, doc.id()).id()).isEqualTo(doc.id());
        assertThat(site.data.malLog().entries()).anySatisfy(e -> {
            assertThat(e.principal()).isEqualTo("e0");
            assertThat(e.conduitId()).isEqualTo(doc.id());
            assertThat(e.reason()).isEqualTo("support case 42: the owner asked for help");
        });
        // The shards follow the log: the employee's search now finds it too.
        assertThat(search(employee, TestSite.word(doc.id())).hits()).extracting(SearchResult.Hit::id).containsExactly(doc.id());
    }

    @Test
    void onlyEmployeesWriteTheAccessLog() throws IOException {
        Conduit doc = site.documents("private", c -> true).get(2);
        UserSession user = site.login(site.stranger(doc.owner()), null);
        long before = site.data.malLog().size();
        assertThat(status(() -> site.frontend.recordMalAccess(user, doc.id(), "curious"))).isEqualTo(403);
        assertThat(site.data.malLog().size()).isEqualTo(before);
    }

    @Test
    void aDocumentOpenedBeforeRanksHigherInLaterSearches() throws IOException {
        UserSession user = site.login("u5", null);
        UserSession other = site.login("u6", null);
        SearchResult first = search(user, "parliament");
        SearchResult othersBefore = search(other, "parliament");
        assertThat(first.hits()).hasSizeGreaterThan(2);
        SearchResult.Hit third = first.hits().get(2);

        site.frontend.document(user, third.id());
        SearchResult again = search(user, "parliament");

        assertThat(again.hits().indexOf(again.hits().stream().filter(h -> h.id().equals(third.id())).findFirst()
                .orElseThrow())).isLessThan(2);
        // Another user's ranking is untouched by u5's history.
        assertThat(search(other, "parliament").hits()).extracting(SearchResult.Hit::id)
                .containsExactlyElementsOf(othersBefore.hits().stream().map(SearchResult.Hit::id).toList());
    }

    @Test
    void malformedOrOverLongQueriesAndUnknownDocumentsAreClientErrors() {
        UserSession user = site.login("u2", null);
        assertThat(status(() -> search(user, ""))).isEqualTo(400);
        assertThat(status(() -> search(user, "x".repeat(Frontend.MAX_QUERY_CHARS + 1)))).isEqualTo(400);
        assertThat(status(() -> search(user, "budget\u0000"))).isEqualTo(400);
        assertThat(status(() -> search(user, "+-\"\""))).isEqualTo(400);
        assertThat(status(() -> site.frontend.search(user, "budget", 0))).isEqualTo(400);
        assertThat(status(() -> site.frontend.document(user, "d999999"))).isEqualTo(404);
        assertThat(status(() -> site.frontend.document(user, "../etc/passwd"))).isEqualTo(404);
    }

    @Test
    void wrongPasswordOrUnknownUserGetsNoSessionAndAnEndedSessionIsRefused() throws IOException {
        assertThat(site.frontend.login("u1", "wrong", null)).isEmpty();
        assertThat(site.frontend.login("nobody", "wrong", null)).isEmpty();
        UserSession user = site.login("u3", null);
        user.close();
        assertThat(status(() -> search(user, "budget"))).isEqualTo(401);
    }
}
