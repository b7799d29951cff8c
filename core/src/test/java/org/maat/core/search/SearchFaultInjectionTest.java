package org.maat.core.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.lucene.analysis.ngram.EdgeNGramTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanClause.Occur;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.PrefixQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermInSetQuery;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.util.BytesRef;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.data.DataDir;
import org.maat.core.index.IndexFields;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.AccessCaches;
import org.maat.core.task.Monitoring;
import org.maat.core.task.ResultChannel;
import org.maat.core.task.TaskContext;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.facts.FactSource;
import org.maat.policy.monitor.PolicyViolation;

/**
 * Thoth's faulty-search experiments (section 6.3), each injected into a real search over a real
 * monitored index: the fault makes the task's result list name a document the session may not
 * read, and the monitor refuses the list, naming that document and the rule. Nothing reaches the
 * session's result channel.
 */
class SearchFaultInjectionTest {

    @TempDir
    static Path dir;

    private static SearchService service;
    private static Conduit victim;
    private static Session stranger;

    @BeforeAll
    static void indexAndOpen() throws IOException {
        DataDir data = TestData.generate(dir, 400, 21);
        IndexLayout index = TestData.index(data, dir.resolve("index"), 2);
        service = SearchService.open(data, index, Monitoring.REFERENCE_MONITOR);
        FactSource facts = service.data().engine().facts();
        // A private document and a user who is neither its owner nor a friend, in the unblocked region.
        for (Conduit c : TestData.conduits(service.data())) {
            if (c.attributes().get("template").startsWith("private")) {
                for (int u = 0; u < TestData.SPEC.users(); u++) {
                    String user = "u" + u;
                    if (!user.equals(c.owner()) && !facts.contains("friend", List.of(c.owner(), user))) {
                        victim = c;
                        stranger = Session.of(user, "r1");
                        return;
                    }
                }
            }
        }
        throw new IllegalStateException("no private document with a stranger in the test data");
    }

    @AfterAll
    static void close() throws IOException {
        service.close();
    }

    private static String uniqueWord(Conduit document) {
        return "uniq" + document.id().substring(1);
    }

    /** Runs the components as a search task and returns the channel, so tests can see what was delivered. */
    private static List<String> searchCapturing(Session session, String query, SearchComponents components,
                                                AtomicReference<ResultChannel> channel) throws IOException {
        SearchTask task = new SearchTask(components.newSearch(new AccessCaches()), 10);
        return service.run(session, query, ctx -> {
            channel.set(ctx.results());
            task.run(ctx);
        });
    }

    private static void assertRefusedWithNothingDelivered(Session session, String query, SearchComponents faulty,
                                                          Conduit leaked) throws IOException {
        AtomicReference<ResultChannel> channel = new AtomicReference<>();
        assertThatThrownBy(() -> searchCapturing(session, query, faulty, channel))
                .isInstanceOf(PolicyViolation.class)
                .hasMessageMatching("the search task's output was refused by the monitor \\(incident [0-9a-f]{10}\\)");
        assertThat(channel.get().deliveredIds()).as("delivered to " + session).isEmpty();
        // The same search with the standard components is released and withholds the document.
        assertThat(service.search(session, query, 10)).doesNotContain(leaked.id());
    }

    @Test
    void theStandardSearchWithholdsThePrivateDocumentFromAStranger() throws IOException {
        assertThat(service.search(Session.of(victim.owner(), "r1"), uniqueWord(victim), 10)).containsExactly(victim.id());
        assertThat(service.search(stranger, uniqueWord(victim), 10)).isEmpty();
    }

    @Test
    void specialCharactersThatFailToParseFallBackToAnUnfilteredQueryAndAreRefused() throws IOException {
        // The bug: a query with unbalanced special characters fails to parse, and the fallback path
        // escapes and re-parses the text but forgets the session's filter.
        QueryComposer faulty = (text, filter) -> {
            QueryParser parser = new QueryParser(IndexFields.BODY, IndexFields.analyzer());
            try {
                Query parsed = parser.parse(text);
                return filter.isEmpty() ? parsed
                        : new BooleanQuery.Builder().add(parsed, Occur.MUST).add(filter.get(), Occur.FILTER).build();
            } catch (ParseException e) {
                try {
                    return parser.parse(QueryParser.escape(text));
                } catch (ParseException again) {
                    throw new IllegalArgumentException(again);
                }
            }
        };
        assertRefusedWithNothingDelivered(stranger, uniqueWord(victim) + " (",
                SearchComponents.standard().withComposer(() -> faulty), victim);
    }

    @Test
    void anOwnerClauseTokenizedIntoPrefixesIsRefused() throws IOException {
        // The bug: the owner clause analyzes the principal with an edge n-gram tokenizer meant for
        // search-as-you-type, so u12 also matches owner u1's documents.
        Conduit target = null;
        Session prefixed = null;
        FactSource facts = service.data().engine().facts();
        for (Conduit c : TestData.conduits(service.data())) {
            if (c.attributes().get("template").startsWith("private") && c.owner().length() == 2) {
                for (int d = 0; d <= 9; d++) {
                    String user = c.owner() + d;
                    if (Integer.parseInt(user.substring(1)) < TestData.SPEC.users()
                            && !facts.contains("friend", List.of(c.owner(), user))) {
                        target = c;
                        prefixed = Session.of(user, "r1");
                    }
                }
            }
        }
        assertThat(target).as("a private document of u1 or u2 and a stranger u1x/u2x").isNotNull();
        AccessFilter faulty = (session, f) -> {
            BooleanQuery.Builder readable = new BooleanQuery.Builder()
                    .add(new TermQuery(new Term(IndexFields.ACCESS, "public")), Occur.SHOULD);
            readable.add(new TermInSetQuery(IndexFields.OWNER, edgeNGrams(session.principal())), Occur.SHOULD);
            return Optional.of(readable.build());
        };
        assertRefusedWithNothingDelivered(prefixed, uniqueWord(target),
                SearchComponents.standard().withFilter(caches -> faulty), target);
    }

    private static List<BytesRef> edgeNGrams(String text) {
        List<BytesRef> grams = new ArrayList<>();
        try (EdgeNGramTokenizer tokenizer = new EdgeNGramTokenizer(1, 8)) {
            tokenizer.setReader(new StringReader(text));
            CharTermAttribute term = tokenizer.addAttribute(CharTermAttribute.class);
            tokenizer.reset();
            while (tokenizer.incrementToken()) {
                grams.add(new BytesRef(term.toString()));
            }
            tokenizer.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return grams;
    }

    @Test
    void aBlacklistLookedUpWithTheRegionInUpperCaseIsRefused() throws IOException {
        // The bug: the region is upper-cased before the blacklist lookup, which finds nothing.
        FactSource facts = service.data().engine().facts();
        Conduit blocked = null;
        for (Conduit c : TestData.conduits(service.data())) {
            if (c.attributes().get("template").startsWith("public") && facts.contains("blocked", List.of("r0", c.id()))) {
                blocked = c;
                break;
            }
        }
        assertThat(blocked).as("a public document blocked in r0").isNotNull();
        SessionFilter standard = new SessionFilter();
        AccessFilter faulty = (session, f) -> standard.filter(
                new Session(session.principal(), session.region().toUpperCase(Locale.ROOT), session.time(),
                        session.attributes()), f);
        Session censoredClient = Session.of(blocked.owner().equals("u0") ? "u1" : "u0", "r0");
        assertRefusedWithNothingDelivered(censoredClient, uniqueWord(blocked),
                SearchComponents.standard().withFilter(caches -> faulty), blocked);
    }

    @Test
    void aQueryExpansionAddedOutsideTheFilterIsRefused() throws IOException {
        // The bug: expansions (here prefix variants of each term) are OR-ed at the top level, beside
        // the filtered query instead of inside it.
        QueryComposer standard = QueryComposer.standard();
        QueryComposer faulty = (text, filter) -> {
            BooleanQuery.Builder expanded = new BooleanQuery.Builder().add(standard.compose(text, filter), Occur.SHOULD);
            for (String term : text.toLowerCase(Locale.ROOT).split("\\s+")) {
                expanded.add(new PrefixQuery(new Term(IndexFields.BODY, term)), Occur.SHOULD);
            }
            return expanded.build();
        };
        assertRefusedWithNothingDelivered(stranger, uniqueWord(victim),
                SearchComponents.standard().withComposer(() -> faulty), victim);
    }

    @Test
    void anAclFilterThatIgnoresTheFriendListIsRefused() throws IOException {
        // The bug: the friends-only clause admits every friends-only document, not only friends'.
        FactSource facts = service.data().engine().facts();
        Conduit friendsOnly = null;
        Session outsider = null;
        for (Conduit c : TestData.conduits(service.data())) {
            if (c.attributes().get("template").startsWith("friends")) {
                for (int u = 0; u < TestData.SPEC.users() && outsider == null; u++) {
                    if (!("u" + u).equals(c.owner()) && !facts.contains("friend", List.of(c.owner(), "u" + u))) {
                        friendsOnly = c;
                        outsider = Session.of("u" + u, "r1");
                    }
                }
                break;
            }
        }
        AccessFilter faulty = (session, f) -> Optional.of(new BooleanQuery.Builder()
                .add(new TermQuery(new Term(IndexFields.ACCESS, "public")), Occur.SHOULD)
                .add(new TermQuery(new Term(IndexFields.OWNER, session.principal())), Occur.SHOULD)
                .add(new TermQuery(new Term(IndexFields.ACCESS, "friends")), Occur.SHOULD)
                .build());
        assertRefusedWithNothingDelivered(outsider, uniqueWord(friendsOnly),
                SearchComponents.standard().withFilter(caches -> faulty), friendsOnly);
    }

    @Test
    void aDroppedAclFilterIsRefused() throws IOException {
        assertRefusedWithNothingDelivered(stranger, uniqueWord(victim),
                SearchComponents.standard().withFilter(caches -> AccessFilter.none()), victim);
    }

    @Test
    void prematureTerminationThatReturnsUncheckedCandidatesIsRefused() throws IOException {
        // The bug: candidates come from the scoring clause alone and are checked against the full
        // (filtered) query one by one; when the time budget runs out the rest are returned unchecked.
        Retrieval faulty = (shards, query, k) -> {
            Query scoring = query instanceof BooleanQuery b
                    ? b.clauses().stream().filter(c -> c.getOccur() == Occur.MUST).map(BooleanClause::getQuery)
                            .findFirst().orElse(query)
                    : query;
            List<String> out = new ArrayList<>();
            int budget = 0;
            for (int shard = 0; shard < shards.shards() && out.size() < k; shard++) {
                var searcher = shards.searcher(shard);
                Set<Integer> allowed = new HashSet<>();
                for (ScoreDoc hit : searcher.search(query, 1_000).scoreDocs) {
                    allowed.add(hit.doc);
                }
                for (ScoreDoc hit : searcher.search(scoring, k).scoreDocs) {
                    boolean timeLeft = budget-- > 0;
                    if (!timeLeft || allowed.contains(hit.doc)) {
                        out.add(searcher.storedFields().document(hit.doc).get(IndexFields.ID));
                    }
                }
            }
            return out;
        };
        assertRefusedWithNothingDelivered(stranger, uniqueWord(victim),
                SearchComponents.standard().withRetrieval(() -> faulty), victim);
    }

    @Test
    void aSearchThatOutputsIndexTextInsteadOfConduitIdsIsRefused() throws IOException {
        AtomicReference<ResultChannel> channel = new AtomicReference<>();
        SearchService.TaskBody titlesAsIds = ctx -> {
            channel.set(ctx.results());
            ctx.results().writeIds(titlesOfTopHits(ctx));
        };
        assertThatThrownBy(() -> service.run(stranger, "budget", titlesAsIds))
                .isInstanceOf(PolicyViolation.class)
                .hasMessageMatching("the search task's output was refused by the monitor \\(incident [0-9a-f]{10}\\)");
        SearchService.TaskBody titlesAsText = ctx -> {
            channel.set(ctx.results());
            ctx.results().writeText(String.join("\n", titlesOfTopHits(ctx)));
        };
        assertThatThrownBy(() -> service.run(stranger, "budget", titlesAsText))
                .isInstanceOf(PolicyViolation.class)
                .hasMessageMatching("the search task's output was refused by the monitor \\(incident [0-9a-f]{10}\\)");
        assertThat(channel.get().deliveredIds()).isEmpty();
        assertThat(channel.get().deliveredText()).isEmpty();
    }

    /** The standard search's top {@code k} for the task's session, as the task sees it (ids, best first). */
    private static List<String> standardTop(TaskContext ctx, int k) throws IOException {
        SearchComponents.Parts standard = SearchComponents.standard().newSearch(new AccessCaches());
        Query query = standard.composer().compose(ctx.query(), standard.filter().filter(ctx.session(), ctx.facts()));
        return standard.retrieval().topIds(ctx.searchers(), query, k);
    }

    @Test
    void aSearchThatEncodesAPrivateDocumentInTheOrderOfReadableIdsIsRefused() throws IOException {
        // The bug (deliberate here): the task reads a private document's title from the index and
        // encodes its bits in the order of 32 readable ids, one swap of neighbours per 1 bit. Every id
        // is readable, so ONLY_CND_IDS+ alone would release the list; the runtime's ranking refuses it.
        AtomicReference<ResultChannel> channel = new AtomicReference<>();
        SearchService.TaskBody leak = ctx -> {
            channel.set(ctx.results());
            List<String> ids = new ArrayList<>(standardTop(ctx, 32));
            assertThat(ids).hasSize(32);
            String secret = null;
            for (int shard = 0; shard < ctx.searchers().shards() && secret == null; shard++) {
                var s = ctx.searchers().searcher(shard);
                ScoreDoc[] hits = s.search(new TermQuery(new Term(IndexFields.ID, victim.id())), 1).scoreDocs;
                if (hits.length == 1) {
                    secret = s.storedFields().document(hits[0].doc).get(IndexFields.TITLE);
                }
            }
            assertThat(secret).isNotNull();
            byte[] bits = secret.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            for (int i = 0; i < 16; i++) {
                if ((bits[i / 8 % bits.length] >> (i % 8) & 1) == 1) {
                    java.util.Collections.swap(ids, 2 * i, 2 * i + 1);
                }
            }
            ctx.results().writeIds(ids);
        };
        assertThatThrownBy(() -> service.run(stranger, "budget", leak))
                .isInstanceOf(PolicyViolation.class)
                .hasMessageMatching("the search task's output was refused by the monitor \\(incident [0-9a-f]{10}\\)");
        assertThat(channel.get().deliveredIds()).isEmpty();
        // The same ids in the index's order are released.
        assertThat(service.run(stranger, "budget", ctx -> ctx.results().writeIds(standardTop(ctx, 32)))).hasSize(32);
    }

    @Test
    void aSearchThatNamesADocumentTwiceIsRefused() throws IOException {
        // The bug (deliberate here): repeating readable ids (which ones, how often) would carry data too.
        AtomicReference<ResultChannel> channel = new AtomicReference<>();
        for (List<Integer> picks : List.of(List.of(0, 0), List.of(0, 1, 0), List.of(0, 1, 2, 2))) {
            SearchService.TaskBody repeat = ctx -> {
                channel.set(ctx.results());
                List<String> top = standardTop(ctx, 3);
                ctx.results().writeIds(picks.stream().map(top::get).toList());
            };
            assertThatThrownBy(() -> service.run(stranger, "budget", repeat)).as("ranks " + picks)
                    .isInstanceOf(PolicyViolation.class)
                    .hasMessageMatching("the search task's output was refused by the monitor \\(incident [0-9a-f]{10}\\)");
            assertThat(channel.get().deliveredIds()).isEmpty();
        }
    }

    @Test
    void aSearchThatAppendsAReadableIdTheQueryDoesNotMatchIsRefused() throws IOException {
        // The bug (deliberate here): extra readable ids appended to the list, to carry data in which
        // ones; every id is readable, yet a listed document that does not match the query is refused.
        Conduit matching = null;
        Conduit other = null;
        for (Conduit c : TestData.conduits(service.data())) {
            if (c.attributes().get("template").startsWith("public") && !service.data().engine().facts()
                    .contains("blocked", List.of("r1", c.id()))) {
                if (matching == null) {
                    matching = c;
                } else {
                    other = c;
                    break;
                }
            }
        }
        String extra = other.id();
        Conduit target = matching;
        AtomicReference<ResultChannel> channel = new AtomicReference<>();
        SearchService.TaskBody appending = ctx -> {
            channel.set(ctx.results());
            List<String> ids = new ArrayList<>(standardTop(ctx, 10));
            ids.add(extra);
            ctx.results().writeIds(ids);
        };
        assertThatThrownBy(() -> service.run(stranger, uniqueWord(target), appending))
                .isInstanceOf(PolicyViolation.class)
                .hasMessageMatching("the search task's output was refused by the monitor \\(incident [0-9a-f]{10}\\)");
        assertThat(channel.get().deliveredIds()).isEmpty();
        assertThat(service.search(stranger, uniqueWord(matching), 10)).containsExactly(matching.id());
    }

    @Test
    void theResultChannelTakesIdsOnlySoATaskCannotAttachScoresOrOtherFields() {
        // Scores a task chose once travelled beside released ids (writeRanked): 32 public ids carried a
        // private text. A result write now takes a list of ids (judged ONLY_CND_IDS+) or text (judged
        // as data); nothing else can be attached to a release.
        for (java.lang.reflect.Method m : ResultChannel.class.getMethods()) {
            if (m.getName().startsWith("write")) {
                assertThat(m.getParameterCount()).as(m.toString()).isEqualTo(1);
                java.lang.reflect.Type type = m.getGenericParameterTypes()[0];
                assertThat(type.getTypeName()).as(m.toString())
                        .isIn("java.util.List<java.lang.String>", "java.lang.String");
            }
        }
    }

    private static List<String> titlesOfTopHits(TaskContext ctx) throws IOException {
        var searcher = ctx.searchers().searcher(0);
        Query query = QueryComposer.standard().compose(ctx.query(), Optional.empty());
        List<String> titles = new ArrayList<>();
        for (ScoreDoc hit : searcher.search(query, 5).scoreDocs) {
            titles.add(searcher.storedFields().document(hit.doc).get(IndexFields.TITLE));
        }
        assertThat(titles).isNotEmpty();
        return titles;
    }

}
