package org.maat.frontend.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.index.IndexFields;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardService;
import org.maat.core.task.ShardSearchers;
import org.maat.frontend.app.TestSite;
import org.maat.frontend.app.UserSession;
import org.maat.policy.Conduit;

/**
 * The front-end path of the JVM-wide clause-limit channel (core's {@code LibraryStaticStateChannelTest}): a
 * buggy search task in an in-process shard, running for u1, reads another user's private title from the
 * index's stored field and stores one character in {@link IndexSearcher#setMaxClauseCount}; u3's next search
 * of many words is answered with a 400 whose text (JSON and page) names that number ("expands into more than
 * N clauses"). Nothing of it crossed a task boundary or the session's result channel.
 */
class StaticClauseLimitChannelTest {

    @TempDir
    static Path root;
    static TestSite site;
    static final AtomicReference<String> plant = new AtomicReference<>();
    static final AtomicReference<Integer> position = new AtomicReference<>();
    static final int ORIGINAL_LIMIT = IndexSearcher.getMaxClauseCount();
    static final Pattern LIMIT = Pattern.compile("(?:more than|set to) ([0-9]+)");

    @BeforeAll
    static void open() throws IOException {
        site = TestSite.openForChanges(root, shard -> query -> {
            String secretId = plant.get();
            if (secretId == null) {
                return shard.search(query);
            }
            int at = position.get();
            return ((ShardService) shard).withComponents(SearchComponents.standard().withRetrieval(() -> (shards, q, k) -> {
                String title = storedTitle(shards, secretId);
                if (title != null) {
                    IndexSearcher.setMaxClauseCount(Math.max(1, title.charAt(at)));
                }
                return List.of();
            })).search(query);
        });
    }

    @AfterAll
    static void close() throws IOException {
        site.close();
    }

    @AfterEach
    void restore() {
        IndexSearcher.setMaxClauseCount(ORIGINAL_LIMIT);
    }

    private static String storedTitle(ShardSearchers shards, String id) throws IOException {
        for (int shard = 0; shard < shards.shards(); shard++) {
            IndexSearcher searcher = shards.searcher(shard);
            TopDocs top = searcher.search(new TermQuery(new Term(IndexFields.ID, id)), 1);
            if (top.scoreDocs.length > 0) {
                return searcher.storedFields().document(top.scoreDocs[0].doc).get(IndexFields.TITLE);
            }
        }
        return null;
    }

    private static String manyWords(int words) {
        StringBuilder query = new StringBuilder();
        for (int i = 0; i < words; i++) {
            query.append(" q").append((char) ('a' + i / 26)).append((char) ('a' + i % 26));
        }
        return query.toString().trim();
    }

    @Test
    void anotherUsersTooExpensiveAnswerDoesNotSpellATitleAStrangersTaskRead() {
        List<Conduit> secrets = site.documents("private", c -> !c.owner().equals("u1") && !c.owner().equals("u3"));
        Conduit secret = secrets.get(0);
        String title = site.data.documents().get(secret.id()).orElseThrow().title();
        UserSession stranger = site.login("u1", "r0");
        UserSession observer = site.login("u3", "r0");
        int length = Math.min(title.length(), 8);
        StringBuilder recovered = new StringBuilder();
        String told = null;
        for (int i = 0; i < length; i++) {
            plant.set(secret.id());
            position.set(i);
            try {
                catchThrowable(() -> site.frontend.search(stranger, "parliament", 0, 5));
            } finally {
                plant.set(null);
            }
            Throwable seen = catchThrowable(() -> site.frontend.search(observer, manyWords(120), 0, 5));
            if (seen == null) { // answered: the runtime named no limit
                continue;
            }
            told = seen.getClass().getSimpleName() + ": " + seen.getMessage();
            Matcher m = LIMIT.matcher(String.valueOf(seen.getMessage()));
            if (m.find()) {
                recovered.append((char) Integer.parseInt(m.group(1)));
            }
            IndexSearcher.setMaxClauseCount(ORIGINAL_LIMIT);
        }
        assertThat(recovered.toString()).as("what u3 was told (last: %s), decoded; the start of the title of %s (owner %s)",
                told, secret.id(), secret.owner()).isNotEqualTo(title.substring(0, length));
    }
}
