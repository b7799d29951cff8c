package org.maat.frontend.review;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.search.SearchComponents;
import org.maat.core.shard.ShardService;
import org.maat.frontend.app.RequestException;
import org.maat.frontend.app.TestSite;
import org.maat.frontend.app.UserSession;
import org.maat.policy.Conduit;

/**
 * Review attack, front-end side of the refusal-quotes-the-listed-string leak: an in-process shard whose search
 * task lists a private title as an id. The shard's refusal quotes the title; the front-end must show and keep
 * none of it (it answers in its own words). Expected to hold: this pins that the front-end's page and JSON text
 * is the runtime's even when what it received from the shard was not.
 */
class InProcessTaskTitleAsIdTest {

    @TempDir
    static Path root;
    static TestSite site;
    static final AtomicReference<String> listed = new AtomicReference<>();

    @BeforeAll
    static void open() throws IOException {
        site = TestSite.openForChanges(root, shard -> {
            ShardService real = (ShardService) shard;
            ShardService buggy = real.withComponents(SearchComponents.standard().withRetrieval(() -> (s, q, k) -> {
                String title = listed.get();
                return title == null ? org.maat.core.search.Retrieval.standard().topIds(s, q, k) : List.of(title);
            }));
            return buggy;
        });
    }

    @AfterAll
    static void close() throws IOException {
        site.close();
    }

    @Test
    void aTitleListedAsAnIdByAnInProcessShardsTaskNeverReachesTheReader() throws IOException {
        Conduit hidden;
        try (Stream<Conduit> all = site.data.policies().conduits()) {
            hidden = all.filter(c -> c.attributes().getOrDefault("template", "").startsWith("private"))
                    .filter(c -> !c.owner().equals("u3")).findFirst().orElseThrow();
        }
        String title = site.data.documents().get(hidden.id()).orElseThrow().title();
        UserSession reader = site.login("u3", "r0");
        listed.set("listed:" + title);
        Throwable answer;
        try {
            answer = catchThrowable(() -> site.frontend.search(reader, "parliament", 0, 5));
        } finally {
            listed.set(null);
        }
        assertThat(answer).isInstanceOf(RequestException.class);
        assertThat(answer.getMessage()).doesNotContain(title);
        assertThat(answer.getCause()).isNull();
        assertThat(site.frontend.queries(reader)).extracting(e -> e.query()).doesNotContain("listed:" + title);
    }
}
