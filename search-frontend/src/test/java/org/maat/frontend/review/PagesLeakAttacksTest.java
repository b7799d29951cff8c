package org.maat.frontend.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.access.DocumentAccess;
import org.maat.core.search.Snippet;
import org.maat.frontend.app.Frontend;
import org.maat.frontend.app.RequestException;
import org.maat.frontend.app.SearchResult;
import org.maat.frontend.app.TestSite;
import org.maat.frontend.app.UserSession;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.eval.EvalContext;
import org.maat.policy.lang.Permission;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

/**
 * Adversarial review of issue 19's pages (search totals and paging, the MAL employee's view, what the document
 * and why-not pages tell about which ids exist, escaping in the real templates) on a real generated site: real
 * policy store, monitored 2-shard index, in-process shard services and the front-end.
 */
class PagesLeakAttacksTest {

    @TempDir
    static Path root;
    static TestSite site;

    @BeforeAll
    static void open() throws IOException {
        site = TestSite.openForChanges(root);
    }

    @AfterAll
    static void close() throws IOException {
        site.close();
    }

    private static boolean blocked(String region, String id) {
        return site.data.engine().facts().contains("blocked", List.of(region, id));
    }

    private static boolean mayRead(Session session, Conduit c) {
        var engine = site.data.engine();
        return engine.holds(c.policy(), Permission.READ, EvalContext.read(session, c, engine));
    }

    /** TestSite's corpus: document i holds word i % 6 and word (i / 6) % 6; parliament is word 0. */
    private static boolean holdsParliament(Conduit c) {
        int i = Integer.parseInt(c.id().substring(1));
        return i % 6 == 0 || (i / 6) % 6 == 0;
    }

    private static List<Conduit> parliamentDocuments() {
        try (Stream<Conduit> all = site.data.policies().conduits()) {
            return all.filter(c -> c.id().matches("d[0-9]+")).filter(PagesLeakAttacksTest::holdsParliament).toList();
        }
    }

    private static String employee() {
        return site.data.manifest().employees().iterator().next();
    }

    private static String stranger(String owner) {
        for (int i = 0; i < 12; i++) {
            String u = "u" + i;
            if (!u.equals(owner) && !site.data.engine().facts().contains("friend", List.of(owner, u))) {
                return u;
            }
        }
        throw new IllegalStateException("everyone is a friend of " + owner);
    }

    /**
     * Paging: a total shown as "200+" says more hits exist past the count, and pages reach rank
     * {@link Frontend#MAX_DEPTH}; the page that ends at the count must still offer Next. Breaks because
     * {@code hasNext()} compares with the capped total and ignores {@code totalExact}.
     */
    @Test
    void aCappedTotalStillOffersTheNextPagePastTheCount() {
        List<SearchResult.Hit> hits = new ArrayList<>();
        for (int r = 191; r <= 200; r++) {
            hits.add(new SearchResult.Hit(r, "d" + r, "title " + r, Snippet.plain("text")));
        }
        SearchResult atTheCap = new SearchResult("budget", Frontend.COUNTED - 10, 10, Frontend.COUNTED, false, hits);

        assertThat(atTheCap.totalText()).isEqualTo(Frontend.COUNTED + "+");
        assertThat(atTheCap.hasNext()).as("a '200+' total with a page ending at rank 200 has a next page").isTrue();
    }

    /**
     * Paging: a page asked for past the end (a stale link, a typed start) is empty, and its Previous link should
     * lead back to the results, not to another empty page {@code k} before it (start=500 of 30 results links to
     * start=490, then 480, ...). Minor: {@code previousStart()} ignores the total.
     */
    @Test
    void aPagePastTheEndLinksBackToTheLastPageWithHits() {
        SearchResult pastTheEnd = new SearchResult("budget", 500, 10, 30, true, List.of());

        assertThat(pastTheEnd.hasNext()).isFalse();
        assertThat(pastTheEnd.hasPrevious()).isTrue();
        assertThat(pastTheEnd.previousStart()).as("previous page of a page past the end of 30 results").isLessThan(30);
    }

    /**
     * Who can read this: the owner's "friends of OWNER: N people" against the policy evaluated for every user in
     * a region that does not block the document (the independent truth): N is exactly the number of users other
     * than the owner the policy lets read, employees aside (they read only under MAL).
     */
    @Test
    void theOwnersFriendCountIsTheNumberOfUsersThePolicyLetsRead() throws IOException {
        List<Conduit> friendsDocs;
        try (Stream<Conduit> all = site.data.policies().conduits()) {
            friendsDocs = all.filter(c -> c.attributes().getOrDefault("template", "").startsWith("friends"))
                    .filter(c -> !blocked("r0", c.id())).limit(5).toList();
        }
        assertThat(friendsDocs).isNotEmpty();
        for (Conduit doc : friendsDocs) {
            long truth = 0;
            for (int i = 0; i < 12; i++) {
                String u = "u" + i;
                if (!u.equals(doc.owner()) && mayRead(Session.of(u, "r0"), doc)) {
                    truth++;
                }
            }
            var access = site.frontend.view(site.login(doc.owner(), "r0"), doc.id()).access();
            String expected = "friends of " + doc.owner() + ": " + (truth == 0 ? "no one now"
                    : truth + (truth == 1 ? " person (" : " people ("));
            assertThat(access.readers()).hasValueSatisfying(a -> assertThat(a.lines())
                    .anySatisfy(l -> assertThat(l).startsWith(expected)));
        }
    }

    /**
     * MAL: an employee's total counts a protected document only once the employee has logged a reason for it,
     * and counting (the monitor is asked about every counted hit) appends nothing to the MAL log. Compared with the
     * policy evaluated directly (the independent truth).
     */
    @Test
    void anEmployeesTotalCountsOnlyLoggedDocumentsAndCountingLogsNothing() throws IOException {
        String employee = employee();
        UserSession user = site.login(employee, "r0");
        long logged = site.data.malLog().size();

        int before = site.frontend.search(user, "parliament", 0, 5).total();
        assertThat(before).isEqualTo(parliamentDocuments().stream().filter(c -> mayRead(user.session(), c)).count());
        assertThat(site.data.malLog().size()).as("a search logs no MAL access").isEqualTo(logged);

        Conduit hidden = parliamentDocuments().stream()
                .filter(c -> !mayRead(user.session(), c) && !blocked("r0", c.id())).findFirst().orElseThrow();
        site.frontend.recordMalAccess(user, hidden.id(), "review: support case");
        assertThat(site.data.malLog().size()).isEqualTo(logged + 1);

        SearchResult after = site.frontend.search(user, "parliament", 0, 5);
        assertThat(after.total()).as("the logged document now counts, and only it").isEqualTo(before + 1);
        assertThat(site.data.malLog().size()).as("paging through every page logs nothing either").isEqualTo(logged + 1);
        for (int start = 0; start < after.total(); start += 20) {
            site.frontend.search(user, "parliament", start, 20);
        }
        assertThat(site.data.malLog().size()).isEqualTo(logged + 1);
        // The why panel of the logged read names the logged fact; who else may read stays the owner's.
        var access = site.frontend.view(user, hidden.id()).access();
        assertThat(access.because()).anySatisfy(l -> assertThat(l).startsWith("logged("));
        assertThat(access.readers()).isEmpty();
    }

    /**
     * Existence: the document page (and {@code /api/doc}) keeps its documented answers, 403 "you may not read
     * document dN" for an existing document the session may not read and 404 "no document dM" for a missing id
     * (the lead's decision: document ids are not secret in Maat's model, the monitor's refusal of a read names the
     * document, as Thoth's does, and an employee must be told to state a reason for a MAL-protected document). The
     * why-not page adds no oracle beyond it: it refuses a non-owner identically for both, and explains nothing.
     */
    @Test
    void theDocumentPageTellsAnExistingUnreadableDocumentFromAMissingId() {
        Conduit hidden = parliamentDocuments().stream().filter(c -> c.attributes().get("template").startsWith("private"))
                .findFirst().orElseThrow();
        UserSession user = site.login(stranger(hidden.owner()), "r0");
        String missing = "d990000";

        RequestException existing = catchThrowableOfType(() -> site.frontend.view(user, hidden.id()), RequestException.class);
        RequestException absent = catchThrowableOfType(() -> site.frontend.view(user, missing), RequestException.class);

        assertThat(existing.status()).isEqualTo(403);
        assertThat(existing.getMessage()).isEqualTo("you may not read document " + hidden.id()
                + (site.frontend.isEmployee(user) ? " (employees: state a reason for reading it first)" : ""));
        assertThat(absent.status()).isEqualTo(404);
        assertThat(absent.getMessage()).isEqualTo("no document " + missing);

        RequestException whyExisting = catchThrowableOfType(() -> site.frontend.whyNot(user, hidden.id()), RequestException.class);
        RequestException whyAbsent = catchThrowableOfType(() -> site.frontend.whyNot(user, missing), RequestException.class);
        assertThat(whyExisting.status()).isEqualTo(whyAbsent.status()).isEqualTo(403);
        assertThat(whyExisting.getMessage()).isEqualTo(whyAbsent.getMessage()).isEqualTo(DocumentAccess.NOT_EXPLAINED);
    }

    /**
     * Escaping: a query holding markup, rendered by the real search template with a real result: the query, the
     * count line, the links and the marked snippets carry no live tag or attribute break-out.
     */
    @Test
    void aQueryHoldingMarkupIsEscapedEverywhereOnTheSearchPage() throws IOException {
        UserSession user = site.login("u3", "r0");
        String query = "parliament \"><script>alert(1)</script><img src=x onerror=alert(2)>";
        SearchResult result = site.frontend.search(user, query, 0, 3);
        assertThat(result.hits()).isNotEmpty();

        Map<String, Object> page = new HashMap<>();
        page.put("query", result.query());
        page.put("result", result);
        page.put("searched", true);
        String html = render("search", page);

        assertThat(html).doesNotContain("<script>").doesNotContain("<img").doesNotContain("\"><script")
                .contains("&lt;script&gt;alert(1)&lt;/script&gt;");
        assertThat(html).contains("<mark>parliament</mark>").doesNotContain("<mark><");
        // Next link: the query as a query parameter, never raw.
        assertThat(html).containsPattern("href=\"/search\\?q=parliament%20%22%3E%3Cscript%3E");
    }

    /** The search page with the web layer's variables, rendered as {@code Pages} renders it. */
    private static String render(String template, Map<String, Object> variables) {
        ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver(Frontend.class.getClassLoader());
        resolver.setPrefix("templates/");
        resolver.setSuffix(".html");
        resolver.setTemplateMode(TemplateMode.HTML);
        resolver.setCharacterEncoding("UTF-8");
        TemplateEngine engine = new TemplateEngine();
        engine.setTemplateResolver(resolver);
        Map<String, Object> all = new HashMap<>(variables);
        all.put("user", "u3");
        all.put("region", "r0");
        all.put("employee", false);
        all.put("searches", true);
        all.put("erpPages", false);
        all.put("accountPages", false);
        all.put("base", "");
        Context context = new Context();
        context.setVariables(all);
        StringWriter out = new StringWriter();
        engine.process(template, context, out);
        return out.toString();
    }
}
