package org.maat.server.web.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.maat.core.data.DataSet;
import org.maat.policy.Conduit;
import org.maat.policy.facts.FactSource;
import org.maat.server.ServedDataFixture;

/** What the review attacks over HTTP share: signing in, a GET, and the private document two strangers may not read. */
final class ReviewHttp {

    private ReviewHttp() {
    }

    static HttpClient signedIn(URI base, String user, String password) throws Exception {
        HttpClient http = HttpClient.newBuilder().cookieHandler(new CookieManager())
                .connectTimeout(Duration.ofSeconds(5)).followRedirects(HttpClient.Redirect.NEVER).build();
        String form = "user=" + URLEncoder.encode(user, StandardCharsets.UTF_8) + "&password="
                + URLEncoder.encode(password, StandardCharsets.UTF_8);
        HttpResponse<String> login = http.send(HttpRequest.newBuilder(base.resolve("api/login"))
                .header("Content-Type", "application/x-www-form-urlencoded").header("Origin", origin(base))
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(login.statusCode()).as("sign-in of %s: %s", user, login.body()).isEqualTo(200);
        return http;
    }

    static HttpResponse<String> get(HttpClient http, URI base, String path) throws Exception {
        return http.send(HttpRequest.newBuilder(base.resolve(path)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static String origin(URI base) {
        return base.getScheme() + "://" + base.getHost() + ":" + base.getPort();
    }

    /** A private document, and two users who are neither its owner nor a friend of the owner. */
    static String[] privateDocumentAndTwoStrangers(ServedDataFixture served) throws Exception {
        try (DataSet data = DataSet.openFollower(served.data())) {
            FactSource facts = data.engine().facts();
            try (Stream<Conduit> all = data.policies().conduits()) {
                Conduit secret = all.filter(c -> c.id().startsWith("d"))
                        .filter(c -> c.attributes().getOrDefault("template", "public").startsWith("private"))
                        .findFirst().orElseThrow();
                List<String> strangers = new ArrayList<>();
                for (int u = 0; strangers.size() < 2; u++) {
                    String user = "u" + u;
                    if (!user.equals(secret.owner()) && !facts.contains("friend", List.of(secret.owner(), user))) {
                        strangers.add(user);
                    }
                }
                return new String[] {secret.id(), strangers.get(0), strangers.get(1)};
            }
        }
    }
}
