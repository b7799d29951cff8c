package org.maat.server.web.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.apache.lucene.search.SortField;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.accounts.GeneratedLogins;
import org.maat.core.data.DataSet;
import org.maat.core.search.ConstructorTimeoutRetrieval;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardSecret;
import org.maat.core.shard.ShardTopology;
import org.maat.core.task.Monitoring;
import org.maat.server.SearchDeployment;
import org.maat.server.ServedDataFixture;
import org.maat.server.ShardServer;
import org.maat.server.WarFile;

/**
 * End to end over HTTP: the built WAR on Jetty, two shard servers whose search parts are buggy task code (core's
 * {@link ConstructorTimeoutRetrieval}). A stranger signs in and searches: the shard's confined task reads another
 * user's private title and hangs it on Lucene's JVM-wide {@code SortField.FIELD_SCORE}. A second user, who may not read
 * the document either, signs in and searches: the runtime makes the shard's search parts before the task boundary
 * runs, the retrieval's constructor throws the title as a timeout, the shard server writes it into its 503
 * {@code timed-out} body, the front-end's shard client makes it a timeout again, and {@code GET /api/search} and the
 * {@code /search} page answer 503 with it. The test fails when the second user's answers carry the title.
 */
class PartConstructorTimeoutHttpIT {

    @TempDir
    static Path dir;

    private final Comparator<BytesRef> before = SortField.FIELD_SCORE.getBytesComparator();

    @AfterEach
    void putBack() {
        SortField.FIELD_SCORE.setBytesComparator(before);
    }

    @Test
    void anotherUsersSearchPageAndApiDoNotCarryATitleAStrangersTaskRead() throws Exception {
        ServedDataFixture served = ServedDataFixture.generate(dir, 120);
        String[] secretStrangerObserver = ReviewHttp.privateDocumentAndTwoStrangers(served);
        String secret = secretStrangerObserver[0];
        String title;
        try (DataSet data = DataSet.openFollower(served.data())) {
            title = data.documents().get(secret).orElseThrow().title();
        }
        Map<String, String> passwords = new java.util.HashMap<>();
        GeneratedLogins.read(served.data()).forEach(l -> passwords.put(l.user(), l.password()));
        ShardSecret shardSecret = ShardSecret.generate();
        List<ShardServer> servers = new ArrayList<>();
        try (ShardIndex index = ShardIndex.open(served.data(), served.index(), Monitoring.REFERENCE_MONITOR)) {
            List<List<URI>> urls = new ArrayList<>();
            for (int s = 0; s < index.shards(); s++) {
                ShardServer server = ShardServer.start(index.shard(s).withComponents(SearchComponents.standard()
                        .withRetrieval(() -> new ConstructorTimeoutRetrieval(secret))), shardSecret, "127.0.0.1", 0,
                        "shard-" + s);
                servers.add(server);
                urls.add(List.of(server.url()));
            }
            try (SearchDeployment site = SearchDeployment.frontendOnly(WarFile.locate(), served.data(),
                    new ShardTopology(urls), shardSecret, Monitoring.REFERENCE_MONITOR, "127.0.0.1", 0, c -> c)) {
                HttpClient stranger = ReviewHttp.signedIn(site.url(), secretStrangerObserver[1],
                        passwords.get(secretStrangerObserver[1]));
                HttpResponse<String> planted = ReviewHttp.get(stranger, site.url(), "api/search?q=parliament");
                HttpClient observer = ReviewHttp.signedIn(site.url(), secretStrangerObserver[2],
                        passwords.get(secretStrangerObserver[2]));
                HttpResponse<String> api = ReviewHttp.get(observer, site.url(), "api/search?q=parliament");
                HttpResponse<String> page = ReviewHttp.get(observer, site.url(), "search?q=parliament");
                // The boundary may fail the planter's task for what it left in Lucene's shared state (put back).
                assertThat(planted.statusCode()).as("the stranger's search, which planted the title: %s",
                        planted.body()).isIn(200, 500, 503);
                assertThat("API " + api.statusCode() + " " + api.body() + "\nPAGE " + page.statusCode() + " "
                        + page.body()).as("what %s is told by the front-end; the title of %s, which it may not read",
                        secretStrangerObserver[2], secret).doesNotContain(title);
            }
        } finally {
            servers.forEach(ShardServer::close);
        }
    }
}
