package org.maat.frontend.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.accounts.AccountStore;
import org.maat.core.accounts.GeneratedLogins;
import org.maat.core.accounts.PasswordHasher;
import org.maat.core.conduit.ScanMode;
import org.maat.core.corpus.CorpusSpec;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.population.GenerationProgress;
import org.maat.core.population.PopulationGenerator;
import org.maat.core.population.PopulationSpec;
import org.maat.core.runtime.IndexRun;
import org.maat.core.search.Snippet;
import org.maat.core.shard.FanOut;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardSearcher;
import org.maat.core.task.Monitoring;
import org.maat.frontend.app.Frontend;
import org.maat.frontend.app.SearchResult;
import org.maat.frontend.app.UserSession;
import org.maat.policy.Conduit;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

/**
 * Adversarial review of issue 19's highlights: documents whose text is HTML, entities, the highlighter's own
 * mark characters and a fake {@code <mark>}, searched through the real highlighter (Lucene's, via the
 * front-end) and rendered by the real search template: the document's markup stays text, only the query's
 * matches become {@code <mark>}.
 */
class MarkupSnippetAttacksTest {

    static final String HOSTILE_BODY = "<b>fishing</b> &amp; quotas \u0001evil\u0002 <mark>fake</mark> "
            + "<img src=x onerror=alert(1)>fishing&lt;script&gt; \"fishing\" done";

    @TempDir
    static Path root;
    static DataSet data;
    static ShardIndex index;
    static Frontend frontend;
    static List<org.maat.core.accounts.Login> logins;

    @BeforeAll
    static void open() throws IOException {
        StringBuilder lines = new StringBuilder();
        lines.append("{\"id\": \"s0\", \"title\": \"<script>alert('t')</script> fishing\", \"body\": ")
                .append(json(HOSTILE_BODY)).append("}\n");
        for (int i = 1; i < 40; i++) {
            lines.append("{\"id\": \"s").append(i).append("\", \"title\": \"Filler ").append(i)
                    .append("\", \"body\": \"budget council treaty ").append(i).append("\"}\n");
        }
        Path corpus = Files.writeString(root.resolve("corpus.jsonl"), lines);
        DataDir dir = DataDir.at(root.resolve("data"));
        PopulationSpec spec = new PopulationSpec(6, 2, 30, 50, 20, 0.0, 0, 1, 0, 0, 7);
        new PopulationGenerator(spec, spec.users(), new PasswordHasher(64, 1, 1))
                .generate(CorpusSpec.parse("jsonl:" + corpus, 1), dir, ScanMode.STRICT, b -> { }, GenerationProgress.NONE);
        IndexRun.standard().run(dir, new IndexLayout(root.resolve("index")), 1, Monitoring.REFERENCE_MONITOR, n -> { });
        index = ShardIndex.open(dir, new IndexLayout(root.resolve("index")), Monitoring.REFERENCE_MONITOR);
        List<ShardSearcher> shards = new ArrayList<>();
        for (int i = 0; i < index.shards(); i++) {
            shards.add(index.shard(i));
        }
        data = DataSet.open(dir);
        frontend = new Frontend(data, FanOut.ofShards(shards), AccountStore.open(dir), Monitoring.REFERENCE_MONITOR);
        logins = GeneratedLogins.read(dir);
    }

    @AfterAll
    static void close() throws IOException {
        try {
            index.close();
        } finally {
            frontend.close();
        }
    }

    private static String json(String s) {
        StringBuilder out = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    private static SearchResult.Hit hostileHit() throws IOException {
        Conduit doc = data.policies().find("d0").orElseThrow();
        String password = logins.stream().filter(l -> l.user().equals(doc.owner())).findFirst().orElseThrow().password();
        UserSession owner = frontend.login(doc.owner(), password, null).orElseThrow();
        SearchResult result = frontend.search(owner, "fishing", 0, 10);
        return result.hits().stream().filter(h -> h.id().equals("d0")).findFirst().orElseThrow();
    }

    @Test
    void onlyTheQuerysMatchesAreMarkedAndTheDocumentsMarkupStaysText() throws IOException {
        Snippet snippet = hostileHit().snippet();

        assertThat(snippet.spans()).filteredOn(Snippet.Span::match).isNotEmpty()
                .allSatisfy(s -> assertThat(s.text()).isEqualToIgnoringCase("fishing"));
        assertThat(snippet.text()).doesNotContain("\u0001").doesNotContain("\u0002")
                .contains("<b>").contains("<mark>fake</mark>").contains("&amp;").contains("&lt;script&gt;");
    }

    @Test
    void theRenderedPageEscapesTheTextThenWrapsTheMatches() throws IOException {
        SearchResult.Hit hit = hostileHit();
        SearchResult result = new SearchResult("fishing", 0, 10, 1, true, List.of(hit));
        Map<String, Object> page = new HashMap<>();
        page.put("query", "fishing");
        page.put("result", result);
        page.put("searched", true);
        String html = render(page);

        assertThat(html).doesNotContain("<script").doesNotContain("<b>").doesNotContain("<img")
                .doesNotContain("<mark>fake")
                .contains("&lt;b&gt;<mark>fishing</mark>&lt;/b&gt;")
                .contains("&lt;mark&gt;fake&lt;/mark&gt;")
                .contains("&amp;amp;")
                .contains("&amp;lt;script&amp;gt;");
    }

    private static String render(Map<String, Object> variables) {
        ClassLoaderTemplateResolver resolver = new ClassLoaderTemplateResolver(Frontend.class.getClassLoader());
        resolver.setPrefix("templates/");
        resolver.setSuffix(".html");
        resolver.setTemplateMode(TemplateMode.HTML);
        resolver.setCharacterEncoding("UTF-8");
        TemplateEngine engine = new TemplateEngine();
        engine.setTemplateResolver(resolver);
        Map<String, Object> all = new HashMap<>(variables);
        all.put("user", "u1");
        all.put("region", null);
        all.put("employee", false);
        all.put("searches", true);
        all.put("erpPages", false);
        all.put("accountPages", false);
        all.put("base", "");
        Context context = new Context();
        context.setVariables(all);
        StringWriter out = new StringWriter();
        engine.process("search", context, out);
        return out.toString();
    }
}
