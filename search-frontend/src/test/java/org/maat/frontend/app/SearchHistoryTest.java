package org.maat.frontend.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.task.AccessGate;
import org.maat.policy.Session;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.templates.PolicyTemplates;

class SearchHistoryTest {

    @TempDir
    Path dir;

    private final Session session = Session.of("u1");

    private SearchHistory history() {
        return new SearchHistory(DataDir.at(dir), PolicyId.ofCanonicalText(PolicyPrinter.print(PolicyTemplates.policy("history"))));
    }

    @Test
    void entriesComeBackInOrderWithTheirKind() throws IOException {
        SearchHistory h = history();
        h.recordQuery(AccessGate.unmonitored(), session, "budget \"quoted\" \u00e9t\u00e9");
        h.recordView(AccessGate.unmonitored(), session, "d7");
        List<SearchHistory.Entry> entries = h.read(AccessGate.unmonitored(), "u1");
        assertThat(entries).extracting(SearchHistory.Entry::query).containsExactly("budget \"quoted\" \u00e9t\u00e9", null);
        assertThat(entries).extracting(SearchHistory.Entry::view).containsExactly(null, "d7");
        assertThat(h.read(AccessGate.unmonitored(), "u2")).isEmpty();
        assertThat(Files.exists(dir.resolve("profile/u1/history"))).isTrue();
    }

    @Test
    void aLongHistoryIsReadFromItsRecentEnd() throws IOException {
        SearchHistory h = history();
        int n = SearchHistory.RECENT_BYTES / 40 * 2;
        StringBuilder old = new StringBuilder();
        for (int i = 0; i < n; i++) {
            old.append("{\"time\":\"2026-01-01T00:00:00Z\",\"query\":\"q").append(i).append("\"}\n");
        }
        Files.createDirectories(dir.resolve("profile/u1"));
        Files.writeString(dir.resolve("profile/u1/history"), old);
        h.recordQuery(AccessGate.unmonitored(), session, "newest");

        List<SearchHistory.Entry> entries = h.read(AccessGate.unmonitored(), "u1");
        assertThat(entries.size()).isBetween(1000, n);
        assertThat(entries.get(entries.size() - 1).query()).isEqualTo("newest");
        assertThat(entries.get(entries.size() - 2).query()).isEqualTo("q" + (n - 1));
        assertThat(entries).allSatisfy(e -> assertThat(e.query()).matches("q[0-9]+|newest"));
    }
}
