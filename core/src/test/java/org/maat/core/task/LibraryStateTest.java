package org.maat.core.task;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;
import java.util.Random;
import java.util.TimeZone;
import java.util.function.Consumer;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.LRUQueryCache;
import org.junit.jupiter.api.Test;

/**
 * A task that changes any pinned JVM-wide setting fails at the boundary, in the runtime's words, and the setting
 * is back when the next task runs: each setting, then random combinations of them, carrying a title's characters.
 */
class LibraryStateTest {

    private static final String TITLE = "Debate on market 0";

    private static final java.util.List<Consumer<Character>> CHANGES = java.util.List.of(
            c -> IndexSearcher.setMaxClauseCount(c),
            c -> Locale.setDefault(new Locale("x" + Character.toLowerCase(c))),
            c -> TimeZone.setDefault(TimeZone.getTimeZone("GMT+0" + (c % 10))),
            c -> IndexSearcher.setDefaultQueryCache(new LRUQueryCache(c, c)),
            c -> IndexSearcher.setDefaultQueryCachingPolicy(new org.apache.lucene.search.UsageTrackingQueryCachingPolicy()));

    @Test
    void aTaskThatChangesAPinnedSettingFailsAndTheNextTaskSeesThePinnedValue() {
        LibraryState.pin();
        int limit = IndexSearcher.getMaxClauseCount();
        Locale locale = Locale.getDefault();
        TimeZone zone = TimeZone.getDefault();
        Random random = new Random(28);
        for (int round = 0; round < 40; round++) {
            char c = TITLE.charAt(round % TITLE.length());
            int mask = round < CHANGES.size() ? 1 << round : 1 + random.nextInt((1 << CHANGES.size()) - 1);
            try (TaskGate gate = AccessGate.unmonitored()) {
                TaskBoundary boundary = new TaskBoundary(gate, "the search task");
                assertThatThrownBy(() -> boundary.run(() -> {
                    for (int i = 0; i < CHANGES.size(); i++) {
                        if ((mask & 1 << i) != 0) {
                            CHANGES.get(i).accept(c);
                        }
                    }
                    return null;
                })).isInstanceOf(TaskFailedException.class)
                        .hasMessageMatching("the search task failed \\(incident [0-9a-f]{10}\\)");
            }
            assertThat(IndexSearcher.getMaxClauseCount()).isEqualTo(limit).isEqualTo(LibraryState.MAX_CLAUSE_COUNT);
            assertThat(Locale.getDefault()).isEqualTo(locale);
            assertThat(TimeZone.getDefault()).isEqualTo(zone);
        }
        try (TaskGate gate = AccessGate.unmonitored()) {
            assertThat(new TaskBoundary(gate, "the search task").run(() -> "answered")).isEqualTo("answered");
        }
    }
}
