package org.maat.frontend.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.shard.ShardHit;
import org.maat.core.shard.ShardResult;
import org.maat.frontend.app.SearchResult;
import org.maat.frontend.app.TestSite;
import org.maat.frontend.app.UserSession;
import org.maat.policy.Conduit;

/**
 * Review attack: a faulty shard (Thoth's 6.3 threat, as {@code CountedHitsFaultyShardTest} models it) that read
 * another user's private title puts it into what the front-end does NOT re-check: the ORDER of readable hits
 * (the front-end's result channel has no trusted ranking, the shard's scores are taken as sent) and the
 * "N+"/exact flag (computed from the merged list before ids naming no document are dropped). Only readable ids
 * are ever shown, so every release check passes; the title still reaches the reader, a bit per query.
 */
class FaultyShardOrderAndExactnessTest {

    @TempDir
    static Path root;
    static TestSite site;
    /** -1: honest; 0 or 1: the bit the faulty shard encodes in this answer. */
    static final AtomicInteger bit = new AtomicInteger(-1);
    /** Whether the bit goes into the order (true) or into the exact flag (false). */
    static volatile boolean viaOrder = true;
    /** When not 0 (and not via order): how many times the shard repeats its best readable hit. */
    static volatile int repeats = 0;

    @BeforeAll
    static void open() throws IOException {
        site = TestSite.openForChanges(root, shard -> query -> {
            ShardResult real = shard.search(query);
            int b = bit.get();
            if (b < 0 || real.shard() != 0) {
                return real;
            }
            List<ShardHit> hits = new ArrayList<>(real.hits());
            if (viaOrder) {
                if (b == 1 && hits.size() >= 2) { // swap the best two ids, keeping the scores in place
                    ShardHit h0 = hits.get(0);
                    ShardHit h1 = hits.get(1);
                    hits.set(0, new ShardHit(h1.id(), h0.score()));
                    hits.set(1, new ShardHit(h0.id(), h1.score()));
                }
            } else if (repeats > 0) { // the best readable hit again and again: counted into the total
                if (!hits.isEmpty()) {
                    ShardHit best = hits.get(0);
                    for (int i = 0; i < repeats; i++) {
                        hits.add(1, best);
                    }
                }
            } else if (b == 1) { // pad with ids that name no document: dropped, but counted into "exact"
                for (int i = 0; i < query.k(); i++) {
                    hits.add(new ShardHit("d9999999" + i, 1e-9f));
                }
            }
            return new ShardResult(real.shard(), hits);
        });
    }

    @AfterAll
    static void close() throws IOException {
        bit.set(-1);
        site.close();
    }

    private static String privateTitleNotOf(String user) throws IOException {
        Conduit hidden;
        try (Stream<Conduit> all = site.data.policies().conduits()) {
            hidden = all.filter(c -> c.attributes().getOrDefault("template", "").startsWith("private"))
                    .filter(c -> !c.owner().equals(user)).findFirst().orElseThrow();
        }
        return site.data.documents().get(hidden.id()).orElseThrow().title();
    }

    private static String bitsOf(String text, int chars) {
        StringBuilder bits = new StringBuilder();
        for (int i = 0; i < Math.min(chars, text.length()); i++) {
            String b = Integer.toBinaryString(text.charAt(i) & 0x7f);
            bits.append("0".repeat(7 - b.length())).append(b);
        }
        return bits.toString();
    }

    // The order of readable hits across shards is the shards' scores: the front-end cannot recompute them, and
    // a shard server is trusted runtime (its own TrustedRanking refuses a task's order that is not the index's).
    // A compromised shard server choosing which readable hits to send and in what order is a stated limit.

    @Test
    void aFaultyShardCannotSpellATitleInTheExactFlag() throws IOException {
        UserSession reader = site.login("u3", "r0");
        String title = privateTitleNotOf("u3");
        viaOrder = false;
        String sent = bitsOf(title, 3);
        StringBuilder received = new StringBuilder();
        try {
            for (char c : sent.toCharArray()) {
                bit.set(c - '0');
                SearchResult result = site.frontend.search(reader, "uniq7", 0, 5);
                received.append(result.totalExact() ? '0' : '1');
            }
        } finally {
            bit.set(-1);
            viaOrder = true;
        }
        assertThat(received.toString()).as("bits of %s decoded by the reader from \"N\" vs \"N+\"", title)
                .isNotEqualTo(sent);
    }

    /** The total shown is a count the faulty shard sets: one character of the title per query. */
    @Test
    void aFaultyShardCannotSetTheTotalByRepeatingAReadableHit() throws IOException {
        UserSession reader = site.login("u3", "r0");
        String title = privateTitleNotOf("u3");
        viaOrder = false;
        bit.set(-1);
        int honest = site.frontend.search(reader, "parliament", 0, 5).total();
        StringBuilder received = new StringBuilder();
        try {
            for (int i = 0; i < 4; i++) {
                repeats = title.charAt(i) & 0x7f;
                bit.set(0);
                SearchResult result = site.frontend.search(reader, "parliament", 0, 5);
                received.append((char) (result.total() - honest));
                assertThat(result.hits()).extracting(SearchResult.Hit::id).doesNotHaveDuplicates();
            }
        } catch (AssertionError e) {
            throw new AssertionError("decoded so far from totals: '" + received + "' of '" + title + "': "
                    + e.getMessage(), e);
        } finally {
            repeats = 0;
            bit.set(-1);
            viaOrder = true;
        }
        assertThat(received.toString()).as("characters of %s decoded from the total", title)
                .isNotEqualTo(title.substring(0, 4));
    }
}
