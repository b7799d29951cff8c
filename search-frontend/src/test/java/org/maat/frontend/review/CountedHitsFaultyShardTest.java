package org.maat.frontend.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardResult;
import org.maat.frontend.app.Frontend;
import org.maat.frontend.app.RequestException;
import org.maat.frontend.app.SearchResult;
import org.maat.frontend.app.TestSite;
import org.maat.frontend.app.UserSession;
import org.maat.policy.Conduit;

/**
 * A faulty shard (Thoth's section 6.3 threat) adds another user's private document to its answer, as the last,
 * lowest-scored hit far past the page asked for, or as the best. The session task's boundary refuses the release;
 * the refusal the reader gets must not name the document, or an id the monitor would never release reaches the
 * reader anyway, through the error text.
 */
class CountedHitsFaultyShardTest {

    @TempDir
    static Path root;
    static TestSite site;
    static final AtomicReference<String> injected = new AtomicReference<>();
    /** Where the faulty shard puts {@link #injected}: first (on every first page) or last (past the page). */
    static final AtomicReference<Boolean> first = new AtomicReference<>(false);

    @BeforeAll
    static void open() throws IOException {
        site = TestSite.openForChanges(root, shard -> query -> {
            ShardResult real = shard.search(query);
            String id = injected.get();
            if (id == null) {
                return real;
            }
            List<ShardHit> hits = new ArrayList<>(real.hits());
            if (first.get()) {
                hits.add(0, new ShardHit(id, 99));
            } else {
                hits.add(new ShardHit(id, 1e-9));
            }
            return new ShardResult(real.shard(), hits);
        });
    }

    @AfterAll
    static void close() throws IOException {
        site.close();
    }

    @Test
    void anUnreadableIdInjectedPastThePageNeverReachesTheReaderEvenInTheRefusal() throws IOException {
        assertRefusedNamingNothing(false);
    }

    /**
     * The same id as the best hit, where the page's read of it used to refuse the page with "you may not read
     * document dN": the release at the session's task boundary refuses it first, in words naming no document.
     */
    @Test
    void anUnreadableIdInjectedOnThePageIsRefusedWithoutNamingIt() throws IOException {
        assertRefusedNamingNothing(true);
    }

    private static void assertRefusedNamingNothing(boolean onThePage) throws IOException {
        Conduit hidden;
        try (Stream<Conduit> all = site.data.policies().conduits()) {
            hidden = all.filter(c -> c.attributes().getOrDefault("template", "").startsWith("private"))
                    .filter(c -> !c.owner().equals("u3")).findFirst().orElseThrow();
        }
        UserSession reader = site.login("u3", "r0");
        SearchResult clean = site.frontend.search(reader, "parliament", 0, 5);
        assertThat(clean.hits()).extracting(SearchResult.Hit::id).doesNotContain(hidden.id());

        injected.set(hidden.id());
        first.set(onThePage);
        Throwable answer;
        try {
            answer = catchThrowable(() -> site.frontend.search(reader, "parliament", 0, 5));
        } finally {
            injected.set(null);
            first.set(false);
        }
        // Refused, not dropped: every release to a session is checked id by id, and a list with an id the session
        // may not read is released not at all (nor counted in a total).
        assertThat(answer).isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(403));
        assertThat(answer.getMessage()).as("the refusal shown to the reader").isEqualTo(Frontend.UNRELEASED)
                .doesNotContainPattern("\\b" + hidden.id() + "\\b")
                .doesNotContain(hidden.attributes().getOrDefault("title", hidden.name()));
        // Nothing of the refused search stays behind: the next search answers as before.
        assertThat(site.frontend.search(reader, "parliament", 0, 5).total()).isEqualTo(clean.total());
    }
}
