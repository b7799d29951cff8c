package org.maat.frontend.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;

/** The {@code --no-policy} baseline: the same front-end code with no monitor, and no taint to speak of. */
class BaselineFrontendTest {

    @TempDir
    Path root;

    @Test
    void baselineServesTheSameSearchesWithoutAMonitor() throws IOException {
        try (TestSite site = TestSite.open(root, Monitoring.NONE, s -> s)) {
            Conduit doc = site.documents("private", c -> true).get(0);
            UserSession owner = site.login(doc.owner(), null);
            assertThat(site.frontend.monitored()).isFalse();
            assertThat(site.frontend.search(owner, TestSite.word(doc.id()), 10).hits())
                    .extracting(SearchResult.Hit::id).containsExactly(doc.id());
            assertThat(site.frontend.document(owner, doc.id()).id()).isEqualTo(doc.id());
            assertThat(site.frontend.queries(owner)).extracting(SearchHistory.Entry::query)
                    .containsExactly(TestSite.word(doc.id()));
            assertThat(owner.taint()).isEmpty();
            // The shards' session filter still keeps a stranger's results clean, as any search application's would.
            UserSession stranger = site.login(site.stranger(doc.owner()), null);
            assertThat(site.frontend.search(stranger, TestSite.word(doc.id()), 10).hits()).isEmpty();
        }
    }
}
