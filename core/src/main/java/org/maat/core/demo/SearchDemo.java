package org.maat.core.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.maat.core.conduit.ScanMode;
import org.maat.core.corpus.CorpusSpec;
import org.maat.core.corpus.FirstDocuments;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.population.GenerationProgress;
import org.maat.core.population.PopulationGenerator;
import org.maat.core.population.PopulationSpec;
import org.maat.core.runtime.IndexRun;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.AccessFilter;
import org.maat.core.search.SearchComponents;
import org.maat.core.search.SearchHit;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.eval.EvalContext;
import org.maat.policy.facts.FactSource;
import org.maat.policy.lang.Permission;
import org.maat.policy.monitor.PolicyViolation;

/**
 * Part 2 of {@code maat demo}: confined Lucene search on real data. Generates a small population
 * over the first europarl documents, indexes it under the monitor, and searches as an owner, a
 * friend, a stranger, a client in a censoring region and an employee before and after a MAL entry,
 * printing what each sees and, for every document plain Lucene would have shown but the session may
 * not read, the rule literal that withholds it. Ends with a search task whose filter is broken, which
 * the monitor refuses. Every decision is the real monitor's.
 */
public final class SearchDemo {

    private static final int DOCUMENTS = 4_000;
    private static final int K = 5;

    /** Builds the demo's monitored 2-shard index: the sequential indexer, or an engine of another module. */
    @FunctionalInterface
    public interface Indexer {
        IndexRun.Report index(DataDir data, IndexLayout out) throws IOException;
    }

    /** What the demo generated and indexed, for the parts that follow it. */
    public record Prepared(DataDir data, IndexLayout index) {
    }

    private final PrintWriter out;
    private final String indexerName;
    private final Indexer indexer;

    /** A demo indexing with the sequential indexer (one confined task). */
    public SearchDemo(PrintWriter out) {
        this(out, "one confined task (the sequential indexer)",
                (data, index) -> IndexRun.standard().run(data, index, 2, Monitoring.REFERENCE_MONITOR, n -> { }));
    }

    /** A demo indexing with {@code indexer}, described as {@code indexerName} (e.g. "2 confined reducers"). */
    public SearchDemo(PrintWriter out, String indexerName, Indexer indexer) {
        this.out = out;
        this.indexerName = indexerName;
        this.indexer = indexer;
    }

    /** Runs the demo, writing its data directory and index under {@code workDir}, and returns them. */
    public Prepared run(Path workDir) throws IOException {
        heading("Confined search over europarl");
        DataDir data = DataDir.at(workDir.resolve("search-data"));
        PopulationSpec spec = new PopulationSpec(300, 6, 30, 50, 20, 0.05, 200, 2, 1, 10, 2026);
        new PopulationGenerator(spec).generate(new FirstDocuments(CorpusSpec.parse("europarl", 1), DOCUMENTS), data,
                ScanMode.STRICT, bad -> { }, GenerationProgress.NONE);
        IndexLayout index = new IndexLayout(workDir.resolve("search-index"));
        IndexRun.Report report = indexer.index(data, index);
        out.printf("  %,d europarl documents, %d users with %d friends each, mix 30/50/20 (+MAL, +censorship);%n"
                        + "  indexed into 2 shards by %s in %.1f s; index files labelled with the index policy.%n",
                report.documents(), spec.users(), spec.friends(), indexerName, report.nanos() / 1e9);

        try (SearchService service = SearchService.open(data, index, Monitoring.REFERENCE_MONITOR)) {
            Cast cast = Cast.find(service);
            out.printf("  Query: \"%s\" (the title of %s, a friends-only document of %s).%n", cast.query,
                    cast.document.id(), cast.document.owner());
            heading("1. Owner, friend and stranger");
            search(service, Session.of(cast.document.owner(), "r1"), "the owner", cast.query);
            search(service, Session.of(cast.friend, "r1"), "a friend of " + cast.document.owner(), cast.query);
            search(service, Session.of(cast.stranger, "r1"), "a stranger", cast.query);

            heading("2. Censorship: " + cast.censored.id() + " is blocked in region r0");
            String query = cast.censoredQuery;
            search(service, Session.of(cast.stranger, "r1"), "a client in r1", query);
            search(service, Session.of(cast.stranger, "r0"), "the same user in r0", query);

            heading("3. An employee reads protected documents only under mandatory access logging");
            search(service, Session.of("e0", "r1"), "employee e0, no MAL entry for " + cast.document.id(), cast.query);
            service.data().malLog().append("e0", cast.document.id(), "demo: support case for " + cast.document.owner());
            out.printf("  -> e0 appends a MAL entry for %s (hash-chained log %s)%n", cast.document.id(),
                    service.data().dir().malLog().getFileName());
            search(service, Session.of("e0", "r1"), "employee e0, after the MAL entry", cast.query);

            heading("4. A search task whose ACL filter was dropped");
            try {
                service.search(Session.of(cast.stranger, "r1"), cast.query, K,
                        SearchComponents.standard().withFilter(caches -> AccessFilter.none()));
                out.println("  released (no unreadable document was in the top " + K + ")");
            } catch (PolicyViolation refused) {
                // The caller gets the runtime's words only: which id the task listed is the task's data.
                out.println("  refused by the monitor, nothing delivered:");
                out.println("    " + refused.getMessage());
                out.println("    (a listed id was one the stranger may not read: ONLY_CND_IDS+ holds for every list"
                        + " released to a session; the refusal names none of the ids)");
            }
        }
        out.flush();
        return new Prepared(data, index);
    }

    private void search(SearchService service, Session session, String who, String query) throws IOException {
        List<String> released = service.search(session, query, K);
        List<SearchHit> hits = service.hits(session, released, query);
        out.printf("  as %-7s (%s): %s%n", session, who,
                hits.isEmpty() ? "nothing" : String.join(" ", hits.stream().map(SearchHit::id).toList()));
        // What plain Lucene would have shown before the last released hit, and why the session may not read it.
        List<String> plain = service.asUnfiltered().search(session, query, K + 5);
        for (String id : plain) {
            if (released.size() >= K && id.equals(released.get(released.size() - 1))) {
                break;
            }
            if (!released.contains(id)) {
                Conduit c = service.data().policies().find(id).orElseThrow();
                out.printf("      withheld %s (%s, owner %s): %s%n", id, c.attributes().get("template"), c.owner(),
                        failedLiterals(service, session, c));
            }
        }
    }

    private static String failedLiterals(SearchService service, Session session, Conduit c) {
        var engine = service.monitor().engine();
        var explanation = engine.explain(c.policy(), Permission.READ, EvalContext.read(session, c, engine));
        List<String> failed = new ArrayList<>();
        explanation.rules().forEach(rule -> failed.addAll(rule.failedLiterals()));
        return failed.isEmpty() ? "read rule fails" : String.join("; ", failed);
    }

    private void heading(String title) {
        out.println();
        out.println("== " + title);
    }

    /** Who plays which part: a friends-only document with its owner, a friend and a stranger, and a censored one. */
    private record Cast(Conduit document, String query, String friend, String stranger, Conduit censored,
                        String censoredQuery) {

        static Cast find(SearchService service) throws IOException {
            DataSet data = service.data();
            FactSource facts = data.engine().facts();
            Conduit censored = null;
            String censoredQuery = null;
            try (Stream<Conduit> all = data.policies().conduits()) {
                for (Conduit c : (Iterable<Conduit>) all::iterator) {
                    String title = data.documents().get(c.id()).orElseThrow().title();
                    if (censored == null && c.attributes().get("template").startsWith("public")
                            && facts.contains("blocked", List.of("r0", c.id()))
                            && service.asUnfiltered().search(Session.of("u0"), title, K).contains(c.id())) {
                        censored = c;
                        censoredQuery = title;
                    }
                }
            }
            try (Stream<Conduit> all = data.policies().conduits()) {
                for (Conduit c : (Iterable<Conduit>) all::iterator) {
                    if (!c.attributes().get("template").startsWith("friends")) {
                        continue;
                    }
                    String title = data.documents().get(c.id()).orElseThrow().title();
                    Optional<String> friend = facts.neighbours("friend", 0, c.owner()).stream().findFirst();
                    if (friend.isEmpty() || !service.asUnfiltered().search(Session.of("u0"), title, K).contains(c.id())) {
                        continue;
                    }
                    for (int u = 0; u < data.manifest().users(); u++) {
                        String user = "u" + u;
                        if (!user.equals(c.owner()) && !facts.contains("friend", List.of(c.owner(), user))) {
                            return new Cast(c, title, friend.get(), user, censored, censoredQuery);
                        }
                    }
                }
            }
            throw new IllegalStateException("the demo population has no friends-only document to search for");
        }
    }
}
