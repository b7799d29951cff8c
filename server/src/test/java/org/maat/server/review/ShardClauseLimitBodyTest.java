package org.maat.server.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataSet;
import org.maat.core.index.IndexFields;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardRequestAuth;
import org.maat.core.shard.ShardSecret;
import org.maat.core.task.Monitoring;
import org.maat.core.task.ShardSearchers;
import org.maat.policy.Conduit;
import org.maat.policy.facts.FactSource;
import org.maat.server.ServedDataFixture;
import org.maat.server.ShardServer;

/**
 * The shard server's 400 body: "a too expensive query as the runtime's words". The runtime's words are built
 * from {@link IndexSearcher#getMaxClauseCount()}, a JVM-wide Lucene static any search task may set. A buggy
 * search task (its retrieval), running in the shard server's JVM for a user who may not read a private
 * document, reads the document's stored title and sets the limit to one character of it. The next query of
 * between N and 2N words (accepted by the runtime's composer, refused when the task's search rewrites it) is
 * answered 400 "expands into more than N clauses": the character, in the shard's own body.
 */
class ShardClauseLimitBodyTest {

    @TempDir
    static Path dir;

    static final ShardSecret SECRET = ShardSecret.generate();
    static final int ORIGINAL_LIMIT = IndexSearcher.getMaxClauseCount();
    static final Pattern LIMIT = Pattern.compile("more than ([0-9]+) clauses");

    @AfterEach
    void restore() {
        IndexSearcher.setMaxClauseCount(ORIGINAL_LIMIT);
    }

    @Test
    void theShardsTooExpensiveBodyDoesNotSpellATitleAnotherUsersTaskRead() throws Exception {
        ServedDataFixture served = ServedDataFixture.generate(dir, 120);
        String[] secretAndStranger = privateDocumentAndStranger(served);
        String title;
        try (DataSet data = DataSet.openFollower(served.data())) {
            title = data.documents().get(secretAndStranger[0]).orElseThrow().title();
        }
        String stranger = secretAndStranger[1];
        int length = Math.min(title.length(), 6);
        HttpClient http = HttpClient.newHttpClient();
        StringBuilder recovered = new StringBuilder();
        String lastBody = null;
        try (ShardIndex index = ShardIndex.open(served.data(), served.index(), Monitoring.REFERENCE_MONITOR);
             ShardServer server = ShardServer.start(index.shard(0), SECRET, "127.0.0.1", 0, "shard-0")) {
            for (int i = 0; i < length; i++) {
                int at = i;
                // the buggy task, in the server's JVM, run for the stranger on every shard
                for (int s = 0; s < index.shards(); s++) {
                    try {
                        index.shard(s).withComponents(SearchComponents.standard().withRetrieval(() -> (shards, q, k) -> {
                            String t = storedTitle(shards, secretAndStranger[0]);
                            if (t != null) {
                                IndexSearcher.setMaxClauseCount(Math.max(1, t.charAt(at)));
                            }
                            return List.of();
                        })).search(new ShardQuery(stranger, "r1", "budget", 5));
                    } catch (RuntimeException ignored) {
                        // whatever the task's own search ends in
                    }
                }
                for (int words : new int[] {64, 32, 16}) {
                    String body = "{\"user\":\"" + stranger + "\",\"region\":\"r1\",\"query\":\"" + manyWords(words)
                            + "\",\"k\":5}";
                    HttpResponse<String> answer = post(http, server.url(), "/shard/search", body);
                    Matcher m = LIMIT.matcher(answer.body());
                    if (m.find()) {
                        lastBody = answer.statusCode() + " " + answer.body();
                        recovered.append((char) Integer.parseInt(m.group(1)));
                        break;
                    }
                }
                IndexSearcher.setMaxClauseCount(ORIGINAL_LIMIT);
            }
        }
        assertThat(recovered.toString()).as("decoded from the shard's 400 bodies (last: %s); the start of the "
                + "title of %s, which %s may not read", lastBody, secretAndStranger[0], stranger)
                .isNotEqualTo(title.substring(0, length));
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

    private static HttpResponse<String> post(HttpClient http, URI base, String path, String body) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path))
                .POST(HttpRequest.BodyPublishers.ofString(body)).header("Content-Type", "application/json")
                .header(ShardRequestAuth.HEADER, new ShardRequestAuth(SECRET).sign("POST", path,
                        body.getBytes(StandardCharsets.UTF_8)))
                .build();
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** A private (not public) document, and a user who is neither its owner nor a friend. */
    private static String[] privateDocumentAndStranger(ServedDataFixture served) throws IOException {
        try (DataSet data = DataSet.openFollower(served.data())) {
            FactSource facts = data.engine().facts();
            try (Stream<Conduit> all = data.policies().conduits()) {
                Conduit secret = all.filter(c -> c.id().startsWith("d"))
                        .filter(c -> !c.attributes().getOrDefault("template", "public").startsWith("public"))
                        .findFirst().orElseThrow();
                for (int u = 0; ; u++) {
                    String user = "u" + u;
                    if (!user.equals(secret.owner()) && !facts.contains("friend", List.of(secret.owner(), user))) {
                        return new String[] {secret.id(), user};
                    }
                }
            }
        }
    }
}
