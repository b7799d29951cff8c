package org.maat.server.web.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.accounts.GeneratedLogins;
import org.maat.core.data.DataSet;
import org.maat.core.search.ReaderRefCountBitRetrieval;
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
 * End to end over HTTP: the built WAR on Jetty, two shard servers whose retrieval is buggy task code (core's
 * {@link ReaderRefCountBitRetrieval}). A stranger, who may not read a private document, searches with a marker word:
 * the shard's confined task reads one bit of the document's title and leaves it in the reference count of the shard's
 * reader it was given (its own: a task reader is made per task). A second user, who may not read the document either, searches through
 * {@code GET /api/search}: the shard answers nothing or honestly by that count, and the hits the front-end shows spell
 * the bit. One stranger's and one observer's search per bit. The test fails when the observer decodes the title.
 */
class ReaderRefCountHttpIT {

    private static final Pattern HIT_ID = Pattern.compile("\"id\"\\s*:\\s*\"([^\"]+)\"");

    @TempDir
    static Path dir;

    @Test
    void anotherUsersSearchResultsDoNotSpellATitleAStrangersTaskRead() throws Exception {
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
                        .withRetrieval(() -> new ReaderRefCountBitRetrieval(secret))), shardSecret, "127.0.0.1", 0,
                        "shard-" + s);
                servers.add(server);
                urls.add(List.of(server.url()));
            }
            try (SearchDeployment site = SearchDeployment.frontendOnly(WarFile.locate(), served.data(),
                    new ShardTopology(urls), shardSecret, Monitoring.REFERENCE_MONITOR, "127.0.0.1", 0, c -> c)) {
                HttpClient stranger = ReviewHttp.signedIn(site.url(), secretStrangerObserver[1],
                        passwords.get(secretStrangerObserver[1]));
                HttpClient observer = ReviewHttp.signedIn(site.url(), secretStrangerObserver[2],
                        passwords.get(secretStrangerObserver[2]));
                List<String> honest = ids(ReviewHttp.get(observer, site.url(), "api/search?q=parliament"));
                assertThat(honest).as("the observer's honest hits").isNotEmpty();
                StringBuilder recovered = new StringBuilder();
                for (int position = 0; position < title.length(); position++) {
                    int c = 0;
                    for (int bit = 0; bit < 7; bit++) {
                        HttpResponse<String> planted = ReviewHttp.get(stranger, site.url(),
                                "api/search?q=" + URLEncoder.encode("parliament zzplant" + (position * 7 + bit),
                                        StandardCharsets.UTF_8));
                        assertThat(planted.statusCode()).as("the stranger's search: %s", planted.body())
                                .isEqualTo(200);
                        if (!ids(ReviewHttp.get(observer, site.url(), "api/search?q=parliament")).equals(honest)) {
                            c |= 1 << bit;
                        }
                    }
                    recovered.append((char) c);
                }
                assertThat(recovered.toString()).as("what %s decoded from the hits the front-end showed it; the title "
                        + "of %s, which it may not read", secretStrangerObserver[2], secret).isNotEqualTo(title);
            }
        } finally {
            servers.forEach(ShardServer::close);
        }
    }

    private static List<String> ids(HttpResponse<String> response) {
        assertThat(response.statusCode()).as("the observer's search: %s", response.body()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        Matcher m = HIT_ID.matcher(response.body());
        while (m.find()) {
            ids.add(m.group(1));
        }
        return ids;
    }
}
