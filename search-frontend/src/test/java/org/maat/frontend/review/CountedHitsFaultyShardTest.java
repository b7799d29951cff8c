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
import org.maat.frontend.app.RequestException;
import org.maat.frontend.app.SearchResult;
import org.maat.frontend.app.TestSite;
import org.maat.frontend.app.UserSession;
import org.maat.policy.Conduit;

/**
 * Adversarial review of issue 19's total: every counted hit's read is now checked by the session's monitor,
 * not only the page's. A faulty shard (Thoth's section 6.3 threat) adds another user's private document as the
 * last, lowest-scored hit, far past the page asked for. The monitor is right to refuse it; but the refusal the
 * reader gets names the document ("you may not read document dN"), so an id the monitor would never release
 * reaches the reader anyway, through the error text, on a page that would not even have shown it.
 */
class CountedHitsFaultyShardTest {

    @TempDir
    static Path root;
    static TestSite site;
    static final AtomicReference<String> injected = new AtomicReference<>();

    @BeforeAll
    static void open() throws IOException {
        site = TestSite.openForChanges(root, shard -> query -> {
            ShardResult real = shard.search(query);
            String id = injected.get();
            if (id == null) {
                return real;
            }
            List<ShardHit> hits = new ArrayList<>(real.hits());
            hits.add(new ShardHit(id, 1e-9));
            return new ShardResult(real.shard(), hits);
        });
    }

    @AfterAll
    static void close() throws IOException {
        site.close();
    }

    @Test
    void anUnreadableIdInjectedPastThePageNeverReachesTheReaderEvenInTheRefusal() throws IOException {
        Conduit hidden;
        try (Stream<Conduit> all = site.data.policies().conduits()) {
            hidden = all.filter(c -> c.attributes().getOrDefault("template", "").startsWith("private"))
                    .filter(c -> !c.owner().equals("u3")).findFirst().orElseThrow();
        }
        UserSession reader = site.login("u3", "r0");
        SearchResult clean = site.frontend.search(reader, "parliament", 0, 5);
        assertThat(clean.hits()).extracting(SearchResult.Hit::id).doesNotContain(hidden.id());

        injected.set(hidden.id());
        Throwable answer;
        try {
            answer = catchThrowable(() -> site.frontend.search(reader, "parliament", 0, 5));
        } finally {
            injected.set(null);
        }
        if (answer == null) {
            return; // dropped silently would keep the promise too
        }
        assertThat(answer).isInstanceOf(RequestException.class);
        assertThat(answer.getMessage()).as("the refusal shown to the reader").doesNotContainPattern("\\b" + hidden.id() + "\\b");
    }
}
