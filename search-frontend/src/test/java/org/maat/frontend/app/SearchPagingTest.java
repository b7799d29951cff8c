package org.maat.frontend.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.search.Snippet;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.eval.EvalContext;
import org.maat.policy.lang.Permission;

/** Pages of a search: disjoint, in one order, with a total that counts only what the session may read. */
class SearchPagingTest {

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

    /**
     * The independent truth: the documents whose body holds {@code parliament} (TestSite's corpus puts word
     * i % 6 and word (i / 6) % 6 in document i; parliament is word 0) that the policy lets {@code session} read.
     */
    private static long readableParliamentDocuments(Session session) {
        var engine = site.data.engine();
        try (Stream<Conduit> all = site.data.policies().conduits()) {
            return all.filter(c -> c.id().matches("d[0-9]+")).filter(c -> {
                int i = Integer.parseInt(c.id().substring(1));
                return i % 6 == 0 || (i / 6) % 6 == 0;
            }).filter(c -> engine.holds(c.policy(), Permission.READ, EvalContext.read(session, c, engine))).count();
        }
    }

    @Test
    void pagesAreDisjointSlicesOfOneRankingWithOneTotalOfReadableDocuments() throws IOException {
        UserSession user = site.login("u3", "r1");
        SearchResult all = site.frontend.search(user, "parliament", 0, 12);
        List<String> paged = new ArrayList<>();
        for (int start = 0; start < 12; start += 4) {
            SearchResult page = site.frontend.search(user, "parliament", start, 4);
            assertThat(page.total()).isEqualTo(all.total());
            assertThat(page.hits()).extracting(SearchResult.Hit::rank).containsExactly(start + 1, start + 2, start + 3, start + 4);
            assertThat(page.hasPrevious()).isEqualTo(start > 0);
            page.hits().forEach(h -> paged.add(h.id()));
        }
        assertThat(paged).doesNotHaveDuplicates()
                .containsExactlyElementsOf(all.hits().stream().map(SearchResult.Hit::id).toList());
        assertThat(all.totalExact()).isTrue();
        assertThat(all.total()).isEqualTo(readableParliamentDocuments(user.session())).isGreaterThan(12);
        // A stranger to most documents counts fewer: the total is per session, never Lucene's hit count.
        UserSession other = site.login("u9", "r0");
        assertThat(site.frontend.search(other, "parliament", 0, 5).total())
                .isEqualTo(readableParliamentDocuments(other.session()));
        // Only a first page goes to the history: the search of 12 and the first page of 4, not the two pages after.
        assertThat(site.frontend.queries(user)).extracting(SearchHistory.Entry::query)
                .containsExactly("parliament", "parliament");
    }

    @Test
    void theLastPageEndsTheListAndAPageBeyondItIsEmpty() throws IOException {
        UserSession user = site.login("u4", "r1");
        int total = site.frontend.search(user, "parliament", 0, 10).total();
        SearchResult last = site.frontend.search(user, "parliament", total - 1, 10);
        assertThat(last.hits()).hasSize(1);
        assertThat(last.hasNext()).isFalse();
        assertThat(site.frontend.search(user, "parliament", total + 5, 10).hits()).isEmpty();
    }

    @Test
    void matchedTermsAreMarkedSpansOfPlainText() throws IOException {
        Conduit doc = site.documents("public", c -> !site.blocked("r0", c.id())).get(0);
        UserSession user = site.login(doc.owner(), "r0");
        Snippet snippet = site.frontend.search(user, TestSite.word(doc.id()), 0, 10).hits().get(0).snippet();
        assertThat(snippet.spans()).contains(new Snippet.Span(TestSite.word(doc.id()), true));
        assertThat(snippet.spans()).filteredOn(Snippet.Span::match).hasSize(1);
        assertThat(snippet.text()).doesNotContain("[").endsWith(TestSite.word(doc.id()) + ".");
    }

    @Test
    void aMalformedPageIsABadRequestWithAMessage() {
        UserSession user = site.login("u4", null);
        assertThatThrownBy(() -> site.frontend.search(user, "parliament", -1, 10))
                .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("start must be between 0 and");
        assertThatThrownBy(() -> site.frontend.search(user, "parliament", Frontend.MAX_DEPTH - 5, 10))
                .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(400));
        assertThatThrownBy(() -> site.frontend.search(user, "parliament", 0, Frontend.MAX_K + 1))
                .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("k must be between 1 and");
    }
}
