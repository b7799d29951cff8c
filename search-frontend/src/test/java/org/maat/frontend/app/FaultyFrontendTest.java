package org.maat.frontend.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardRefusedException;
import org.maat.core.shard.ShardResult;
import org.maat.core.task.AccessGate;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.monitor.Payload;
import org.maat.policy.monitor.PolicyViolation;
import org.maat.policy.templates.PolicyTemplates;

/**
 * Thoth's faulty front-end experiments (section 6.3): code that tries to leak is stopped by the
 * monitor, whatever the code path. The shards here can be made to misbehave: {@link #injected}
 * names a document id every shard adds to its answer as its best hit, as a buggy or compromised shard
 * would, and {@link #appended} one it adds as its worst.
 */
class FaultyFrontendTest {

    @TempDir
    static Path root;
    static TestSite site;
    static final AtomicReference<String> injected = new AtomicReference<>();
    static final AtomicReference<String> appended = new AtomicReference<>();
    /** When set, what every shard fails with instead of answering: a refusal, a rejection, an outage. */
    static final AtomicReference<Exception> failure = new AtomicReference<>();

    @BeforeAll
    static void open() throws IOException {
        site = TestSite.open(root, Monitoring.REFERENCE_MONITOR, shard -> query -> {
            Exception fail = failure.get();
            if (fail instanceof IOException io) {
                throw io;
            } else if (fail instanceof RuntimeException e) {
                throw e;
            }
            ShardResult real = shard.search(query);
            String first = injected.get();
            String last = appended.get();
            if (first == null && last == null) {
                return real;
            }
            List<ShardHit> hits = new ArrayList<>(real.hits());
            if (first != null) {
                hits.add(0, new ShardHit(first, 99));
            }
            if (last != null) {
                hits.add(new ShardHit(last, 1e-9));
            }
            return new ShardResult(real.shard(), hits);
        });
    }

    @AfterAll
    static void close() throws IOException {
        site.close();
    }

    @Test
    void censoredDocumentInjectedByAFaultyShardIsRefusedNotShown() throws IOException {
        Conduit doc = site.documents("public", c -> site.blocked("r1", c.id())).get(0);
        UserSession censored = site.login("u2", "r1");
        injected.set(doc.id());
        try {
            assertThatThrownBy(() -> site.frontend.search(censored, "budget", 10))
                    .isInstanceOfSatisfying(RequestException.class, e -> {
                        assertThat(e.status()).isEqualTo(403);
                        assertThat(e.getMessage()).isEqualTo(Frontend.UNRELEASED)
                                .doesNotContain(doc.attributes().getOrDefault("title", "Debate"));
                    });
        } finally {
            injected.set(null);
        }
        assertThat(site.frontend.search(censored, "budget", 10).hits()).extracting(SearchResult.Hit::id)
                .doesNotContain(doc.id());
    }

    @Test
    void anotherUsersPrivateDocumentInjectedByAFaultyShardIsRefused() {
        Conduit doc = site.documents("private", c -> true).get(3);
        UserSession stranger = site.login(site.stranger(doc.owner()), null);
        injected.set(doc.id());
        try {
            assertThatThrownBy(() -> site.frontend.search(stranger, "treaty", 10))
                    .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(403));
        } finally {
            injected.set(null);
        }
    }

    /**
     * Every release of ids to a session is checked id by id, and the total is the count of what was released: an
     * unreadable id a faulty shard adds past the page refuses every page of the search alike (the first one too,
     * which would not show it), in words that name no document, and is counted nowhere.
     */
    @Test
    void anUnreadableIdPastThePageRefusesTheWholeSearchNamingNothing() throws IOException {
        UserSession user = site.login("u5", null);
        Conduit doc = site.documents("private", c -> !c.owner().equals("u5")).get(2);
        SearchResult clean = site.frontend.search(user, "parliament", 0, 5);
        assertThat(clean.totalExact()).isTrue();
        appended.set(doc.id());
        try {
            for (int start : new int[] {0, clean.total() - 1, clean.total()}) {
                assertThatThrownBy(() -> site.frontend.search(user, "parliament", start, 5))
                        .isInstanceOfSatisfying(RequestException.class, e -> {
                            assertThat(e.status()).isEqualTo(403);
                            assertThat(e.getMessage()).isEqualTo(Frontend.UNRELEASED).doesNotContain(doc.id());
                        });
            }
        } finally {
            appended.set(null);
        }
        assertThat(site.frontend.search(user, "parliament", 0, 5).total()).isEqualTo(clean.total());
    }

    @Test
    void interleavedSessionsNeverSeeEachOthersHistoryOrTaint() throws IOException {
        UserSession alice = site.login("u8", null);
        UserSession bob = site.login("u9", null);
        for (int i = 0; i < 3; i++) {
            site.frontend.search(alice, "fishing alice" + i, 5);
            site.frontend.search(bob, "energy bob" + i, 5);
        }

        assertThat(site.frontend.queries(alice)).extracting(SearchHistory.Entry::query)
                .containsExactly("fishing alice0", "fishing alice1", "fishing alice2");
        assertThat(site.frontend.queries(bob)).extracting(SearchHistory.Entry::query)
                .containsExactly("energy bob0", "energy bob1", "energy bob2");
        PolicyId history = site.data.engine().intern(PolicyTemplates.policy("history"));
        assertThat(alice.taint().orElseThrow().policies()).containsExactly(history);
        assertThat(alice.taint().orElseThrow().toString()).doesNotContain("u9");
        assertThat(bob.taint().orElseThrow().toString()).doesNotContain("u8");

        // A faulty flow: bob's session task reads alice's history and sends it to bob.
        Conduit aliceHistory = site.frontend.histories().conduit("u8");
        bob.gate().read(aliceHistory);
        assertThatThrownBy(() -> bob.gate().write(bob.channel(), bob.session(), Payload.data()))
                .isInstanceOf(PolicyViolation.class).hasMessageContaining(aliceHistory.id());
    }

    /**
     * A history append is one crossing, checked and written in one step: a session task that read another user's
     * history is refused its own history append, and no line of it reaches either file.
     */
    @Test
    void aHistoryAppendTheMonitorRefusesWritesNothing() throws IOException {
        UserSession alice = site.login("u4", null);
        UserSession bob = site.login("u6", null);
        site.frontend.search(alice, "fishing", 5);
        site.frontend.search(bob, "energy", 5);
        bob.gate().read(site.frontend.histories().conduit("u4"));

        assertThatThrownBy(() -> site.frontend.histories().recordQuery(bob.gate(), bob.session(), "fishing leaked"))
                .isInstanceOf(PolicyViolation.class);
        assertThatThrownBy(() -> site.frontend.histories().recordView(bob.gate(), bob.session(), "d1"))
                .isInstanceOf(PolicyViolation.class);
        assertThat(site.frontend.histories().read(AccessGate.unmonitored(), "u6"))
                .extracting(SearchHistory.Entry::query).containsExactly("energy");
        assertThat(site.frontend.histories().read(AccessGate.unmonitored(), "u4"))
                .extracting(SearchHistory.Entry::query).containsExactly("fishing");
    }

    @Test
    void historyNeverFlowsToAShardOrAnyConduitOutsideTheUsersProfile() throws IOException {
        UserSession user = site.login("u10", null);
        site.frontend.search(user, "council", 5);
        PolicyId open = site.data.engine().intern(PolicyTemplates.policy("public"));
        // The request conduit is the user's own (its update rule passes): only the history's taint can refuse.
        Conduit shardRequest = new Conduit("shard/0/request", "shards/0/request/u10", "u10", open);
        Conduit otherProfile = new Conduit("profile/u11/inbox", "profile/u11/inbox", "u11",
                site.data.engine().intern(PolicyTemplates.policy("private")));

        assertThatThrownBy(() -> user.gate().write(shardRequest, null, Payload.data()))
                .isInstanceOf(PolicyViolation.class).hasMessageContaining("profile/u10/history");
        Conduit ownButNotProfile = new Conduit("mail/u10", "mail/u10", "u10",
                site.data.engine().intern(PolicyTemplates.policy("private")));
        assertThatThrownBy(() -> user.gate().write(ownButNotProfile, null, Payload.data()))
                .isInstanceOf(PolicyViolation.class).hasMessageContaining("profile/u10/history");
        assertThatThrownBy(() -> user.gate().write(otherProfile, null, Payload.data()))
                .isInstanceOf(PolicyViolation.class);
        // Its own profile is where personalization may write.
        user.gate().write(user.channel(), user.session(), Payload.conduitIds(List.of()));
    }

    @Test
    void endedSessionsTaskIsDiscardedWithItsTaint() throws IOException {
        UserSession user = site.login("u11", null);
        site.frontend.search(user, "water", 5);
        user.close();
        assertThatThrownBy(() -> user.gate().read(site.frontend.histories().conduit("u11")))
                .isInstanceOf(IllegalStateException.class);
        UserSession again = site.login("u11", null);
        assertThat(again.taint().orElseThrow().isEmpty()).isTrue();
    }

    @Test
    void tornHistoryLineFromACrashIsSkippedAndTheNextAppendStillCounts() throws IOException {
        UserSession user = site.login("u0", null);
        site.frontend.search(user, "tax", 5);
        Path file = site.dir.profile("u0").resolve("history");
        Files.writeString(file, "{\"time\":\"2026-01-0", StandardOpenOption.APPEND);
        assertThat(site.frontend.queries(user)).extracting(SearchHistory.Entry::query).containsExactly("tax");
        site.frontend.search(user, "safety", 5);
        assertThat(site.frontend.queries(user)).extracting(SearchHistory.Entry::query).containsExactly("tax", "safety");
    }

    @Test
    void aSearchThatWasRefusedRejectedOrUnansweredLeavesNoHistoryEntry() throws IOException {
        UserSession user = site.login("u7", null);
        site.frontend.search(user, "fishing", 5);
        Map<Exception, Integer> failures = new LinkedHashMap<>();
        failures.put(new ShardRefusedException("the shard's monitor refused"), 403);
        failures.put(new IllegalArgumentException("the shard rejects the request"), 400);
        failures.put(new IOException("connection refused"), 503);
        int n = 0;
        for (Map.Entry<Exception, Integer> f : failures.entrySet()) {
            String query = "budget failed" + n++;
            failure.set(f.getKey());
            try {
                assertThatThrownBy(() -> site.frontend.search(user, query, 5))
                        .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(f.getValue()));
            } finally {
                failure.set(null);
            }
        }
        // The shards answered, but with a hit the user may not read: the front-end refuses the search.
        Conduit foreign = site.documents("private", c -> !c.owner().equals("u7")).get(1);
        injected.set(foreign.id());
        try {
            assertThatThrownBy(() -> site.frontend.search(user, "treaty injected", 5))
                    .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(403));
        } finally {
            injected.set(null);
        }
        site.frontend.search(user, "energy", 5);

        assertThat(site.frontend.queries(user)).extracting(SearchHistory.Entry::query).containsExactly("fishing", "energy");
    }
}
