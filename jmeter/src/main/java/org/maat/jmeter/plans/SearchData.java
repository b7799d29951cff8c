package org.maat.jmeter.plans;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.maat.bench.search.TitleQueries;
import org.maat.bench.serve.BenchData;
import org.maat.core.accounts.GeneratedLogins;
import org.maat.core.accounts.Login;
import org.maat.core.conduit.ScanMode;
import org.maat.core.corpus.CorpusSpec;
import org.maat.core.corpus.FirstDocuments;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.data.DirectoryTree;
import org.maat.core.data.Manifest;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.population.GenerationProgress;
import org.maat.core.population.PopulationGenerator;
import org.maat.core.population.PopulationSpec;
import org.maat.core.runtime.IndexRun;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.facts.FactSource;

/**
 * The search mix's data, as {@code bench serve} makes it: europarl documents with a generated
 * population, every user with a login, indexed under the monitor into two shards. {@code mix} is
 * Thoth's 30/50/20 private/public/friends mix (1% censored in one region, every non-public document
 * open to employees under MAL); {@code public} has every document public and nothing censored (Thoth's
 * Thoth_public). Generated once per (kind, documents, users, seed) into a cache directory and reused;
 * each run serves fresh copies ({@link #copyFor}), so the MAL log one run appends never reaches the next.
 */
final class SearchData {

    static final int SHARDS = 2;
    /** Longest query sent: some europarl titles are paragraphs, longer than the front-end accepts. */
    static final int MAX_QUERY_CHARS = 200;

    private final DataDir data;
    private final IndexLayout index;

    private SearchData(DataDir data, IndexLayout index) {
        this.data = data;
        this.index = index;
    }

    /** The cached data set for these sizes under {@code cache}, generating and indexing it on first use. */
    static SearchData prepare(Path cache, boolean allPublic, int documents, int users, long seed,
                              Consumer<String> log) throws IOException {
        String kind = allPublic ? "public" : "mix";
        Path dir = cache.resolve("search-" + kind + "-" + documents + "d-" + users + "u-" + seed);
        Path done = dir.resolve("complete");
        DataDir data = DataDir.at(dir.resolve("data"));
        IndexLayout index = new IndexLayout(dir.resolve("index"));
        if (Files.exists(done)) {
            return new SearchData(data, index);
        }
        if (Files.exists(dir)) {
            DirectoryTree.delete(dir); // left incomplete by an interrupted run
        }
        // The same populations as bench serve, so the two measurements of search over HTTP compare.
        PopulationSpec spec = allPublic ? BenchData.publicSpec(users, seed) : BenchData.mixSpec(documents, users, seed);
        // A light password hash: logins are part of every session, and the benchmark measures search.
        BenchData.generate(data.root(), spec, documents, BenchData.LIGHT_HASHER, log);
        BenchData.index(data, index.root(), SHARDS, log);
        Files.writeString(done, "complete\n");
        return new SearchData(data, index);
    }

    IndexLayout index() {
        return index;
    }

    Manifest manifest() throws IOException {
        return data.readManifest();
    }

    /** A fresh copy of the data directory at {@code target} for one deployment to own. */
    DataDir copyFor(Path target) throws IOException {
        DirectoryTree.copy(data.root(), target);
        return DataDir.at(target);
    }

    /**
     * A fresh copy of the index for one deployment to own: account disguises rewrite it, and the cached index
     * must stay as generated for the next run.
     */
    IndexLayout copyIndexFor(Path target) throws IOException {
        DirectoryTree.copy(index.root(), target);
        return new IndexLayout(target);
    }

    /** The users' logins, employees left out, in {@code logins.txt}'s order. */
    List<Login> userLogins() throws IOException {
        Manifest manifest = manifest();
        return GeneratedLogins.read(data).stream().filter(l -> !manifest.employees().contains(l.user())).toList();
    }

    /**
     * Writes the plan's sessions file: {@code rows} lines {@code user TAB password TAB document}, users
     * drawn at random among those with logins; one row in {@code employeeEvery} (the second, then every
     * {@code employeeEvery}-th, so even a short run meets one) is the employee's,
     * naming a protected document (not public, not the employee's, not censored anywhere) to read
     * under MAL, other rows {@code -}.
     */
    Path writeSessionsTo(Path file, int rows, int employeeEvery, long seed) throws IOException {
        Manifest manifest = manifest();
        List<Login> logins = GeneratedLogins.read(data);
        List<Login> users = new ArrayList<>();
        Login employee = null;
        for (Login l : logins) {
            if (manifest.employees().contains(l.user())) {
                employee = employee == null ? l : employee;
            } else {
                users.add(l);
            }
        }
        if (users.isEmpty()) {
            throw new IllegalStateException(data.root() + ": no user has a login");
        }
        List<String> protectedDocs = employee == null ? List.of() : protectedDocuments(manifest, employee.user(), 200);
        SplittableRandom random = new SplittableRandom(seed);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < rows; i++) {
            if (employee != null && !protectedDocs.isEmpty() && i % employeeEvery == 1) {
                String doc = protectedDocs.get(random.nextInt(protectedDocs.size()));
                text.append(employee.user()).append('\t').append(employee.password()).append('\t').append(doc);
            } else {
                Login l = users.get(random.nextInt(users.size()));
                text.append(l.user()).append('\t').append(l.password()).append("\t-");
            }
            text.append('\n');
        }
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** Writes {@code count} popular queries, one per line: titles drawn by Zipf rank (Thoth's workload). */
    void writeQueries(Path file, int count, long seed) throws IOException {
        TitleQueries queries;
        try (DataSet set = DataSet.openFollower(data)) {
            queries = TitleQueries.of(set, new SplittableRandom(seed));
        }
        SplittableRandom random = new SplittableRandom(seed + 1);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < count; i++) {
            text.append(typed(queries.next(random))).append('\n');
        }
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    /** A title as a user types it: one line, cut after {@value #MAX_QUERY_CHARS} characters at a word boundary. */
    static String typed(String title) {
        String line = title.replaceAll("\\s+", " ").strip();
        if (line.length() <= MAX_QUERY_CHARS) {
            return line;
        }
        int cut = line.lastIndexOf(' ', MAX_QUERY_CHARS);
        return line.substring(0, cut > 0 ? cut : MAX_QUERY_CHARS);
    }

    private List<String> protectedDocuments(Manifest manifest, String employee, int max) throws IOException {
        List<String> ids = new ArrayList<>();
        try (DataSet set = DataSet.openFollower(data); Stream<Conduit> all = set.policies().conduits()) {
            FactSource facts = set.engine().facts();
            for (Conduit c : (Iterable<Conduit>) all::iterator) {
                String template = c.attributes().getOrDefault("template", "");
                if (template.isEmpty() || template.startsWith("public") || c.owner().equals(employee)) {
                    continue;
                }
                if (manifest.regions().stream().anyMatch(r -> facts.contains("blocked", List.of(r, c.id())))) {
                    continue;
                }
                ids.add(c.id());
                if (ids.size() >= max) {
                    break;
                }
            }
        }
        return ids;
    }
}
