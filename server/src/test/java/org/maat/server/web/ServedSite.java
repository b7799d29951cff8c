package org.maat.server.web;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
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
import org.maat.core.task.Monitoring;
import org.maat.frontend.config.FrontendConfig;
import org.maat.policy.Conduit;
import org.maat.server.SearchDeployment;
import org.maat.server.Topology;
import org.maat.server.WarFile;

/**
 * The built front-end WAR deployed by {@link SearchDeployment} (embedded Jetty, {@code WebAppContext}
 * on the .war file), or by another {@link Launcher} (embedded Tomcat: {@link TomcatDeployment}), over
 * in-process shard servers, all on 127.0.0.1 free ports, over a small generated
 * data directory (documents {@code d<N>} hold the unique word {@code uniq<N>}; every user has an
 * account). Clients in 127.0.0.0/8 are in region r0; the front-end trusts {@code X-Forwarded-For}, so a
 * test places a client in region r1 by sending {@code X-Forwarded-For: 10.1.0.7}.
 *
 * <p>What the tests ask of the data (owners, friends, blocked items) is read from a copy of the
 * population's facts taken before the front-end starts, since the front-end owns the data directory.
 */
public final class ServedSite implements AutoCloseable {

    /** Starts shard servers over {@code index} and the front-end WAR over {@code data}, configured by {@code config}. */
    @FunctionalInterface
    interface Launcher {
        Running start(Path war, DataDir data, IndexLayout index, Topology topology, UnaryOperator<FrontendConfig.Settings> config)
                throws IOException;
    }

    /** A started front-end and its shards: its URL (ending in {@code /}), and closing stops them all. */
    interface Running extends AutoCloseable {
        URI url();

        /** The deployed web application's servlets and their URL patterns, as its container registered them. */
        default Map<String, List<String>> servletMappings() {
            throw new UnsupportedOperationException("this launcher does not list its servlets");
        }

        @Override
        void close() throws IOException;
    }

    /** The WAR in embedded Jetty, as {@code maat serve} runs it. */
    static final Launcher JETTY = (war, data, index, topology, config) -> {
        SearchDeployment deployment = SearchDeployment.start(war, data, index, topology, Monitoring.REFERENCE_MONITOR, "127.0.0.1", 0, config);
        return new Running() {
            @Override
            public URI url() {
                return deployment.url();
            }

            @Override
            public Map<String, List<String>> servletMappings() {
                return deployment.servletMappings();
            }

            @Override
            public void close() throws IOException {
                deployment.close();
            }
        };
    };

    static final PopulationSpec SPEC = new PopulationSpec(16, 3, 30, 50, 20, 0.10, 8, 2, 1, 0, 5);
    static final String R1_CLIENT = "10.1.0.7";
    /** The number of the document whose title and body hold HTML-like text ({@code <script>}, {@code <mark>}). */
    static final int MARKUP_DOCUMENT = 120;

    final DataDir data;
    final Running deployment;
    private final List<Conduit> conduits;
    private final List<List<String>> friends;
    private final List<List<String>> blocked;
    private final Map<String, String> passwords = new HashMap<>();

    private ServedSite(DataDir data, Running deployment, List<Conduit> conduits, List<List<String>> friends,
                       List<List<String>> blocked) {
        this.data = data;
        this.deployment = deployment;
        this.conduits = conduits;
        this.friends = friends;
        this.blocked = blocked;
        // Read now: a disguise drops its user's line from logins.txt, and a restored account signs in with it.
        GeneratedLogins.read(data).forEach(l -> passwords.put(l.user(), l.password()));
    }

    public static ServedSite start(Path dir, Topology topology, UnaryOperator<FrontendConfig.Settings> tune) throws IOException {
        return start(dir, topology, tune, JETTY);
    }

    static ServedSite start(Path dir, Topology topology, UnaryOperator<FrontendConfig.Settings> tune, Launcher launcher)
            throws IOException {
        StringBuilder lines = new StringBuilder();
        String[] words = {"parliament", "budget", "fishing", "council", "energy", "treaty"};
        for (int i = 0; i < 120; i++) {
            lines.append("{\"id\": \"s").append(i).append("\", \"title\": \"Debate on ").append(words[i % 6])
                    .append(' ').append(i).append("\", \"body\": \"The ").append(words[i % 6]).append(" and the ")
                    .append(words[(i / 6) % 6]).append(" uniq").append(i).append(".\"}\n");
        }
        // A document whose own text looks like markup: the pages must show it as text, never as elements.
        lines.append("{\"id\": \"s").append(MARKUP_DOCUMENT).append("\", \"title\": \"Markup <b>bold</b> ")
                .append(MARKUP_DOCUMENT).append("\", \"body\": \"The fishing <script>alert('x')</script> and <mark>forged</mark> uniq")
                .append(MARKUP_DOCUMENT).append(".\"}\n");
        Path corpus = Files.writeString(dir.resolve("corpus.jsonl"), lines);
        DataDir data = DataDir.at(dir.resolve("data"));
        new PopulationGenerator(SPEC, SPEC.users(), new PasswordHasher(64, 1, 1))
                .generate(CorpusSpec.parse("jsonl:" + corpus, 1), data, ScanMode.STRICT, b -> { }, GenerationProgress.NONE);
        IndexLayout index = new IndexLayout(dir.resolve("index"));
        IndexRun.standard().run(data, index, topology.shards(), Monitoring.REFERENCE_MONITOR, n -> { });
        List<Conduit> conduits;
        List<List<String>> friends;
        List<List<String>> blocked;
        try (DataSet d = DataSet.open(data); Stream<Conduit> all = d.policies().conduits()) {
            conduits = all.toList();
            friends = List.copyOf(d.engine().facts().match("friend", new String[] {null, null}));
            blocked = List.copyOf(d.engine().facts().match("blocked", new String[] {null, null}));
        }
        Path regions = Files.writeString(dir.resolve("regions.properties"), "127.0.0.0/8=r0\n10.1.0.0/16=r1\n");
        Running deployment = launcher.start(WarFile.locate(), data, index, topology,
                c -> tune.apply(c.withRegions(regions).withProxyHeader("X-Forwarded-For")));
        return new ServedSite(data, deployment, conduits, friends, blocked);
    }

    public URI url() {
        return deployment.url();
    }

    public String password(String user) {
        return Objects.requireNonNull(passwords.get(user), user + " has no generated login");
    }

    List<Conduit> documents(String template, Predicate<Conduit> filter) {
        return conduits.stream().filter(c -> c.attributes().getOrDefault("template", "").split("\\+")[0].equals(template))
                .filter(filter).toList();
    }

    Conduit document(String id) {
        return conduits.stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    boolean friends(String a, String b) {
        return friends.contains(List.of(a, b));
    }

    boolean blocked(String region, String id) {
        return blocked.contains(List.of(region, id));
    }

    String friendOf(String owner) {
        for (int i = 0; i < SPEC.users(); i++) {
            if (friends(owner, "u" + i)) {
                return "u" + i;
            }
        }
        return null;
    }

    String stranger(String owner) {
        for (int i = 0; i < SPEC.users(); i++) {
            String u = "u" + i;
            if (!u.equals(owner) && !friends(owner, u)) {
                return u;
            }
        }
        throw new IllegalStateException("everyone is a friend of " + owner);
    }

    static String word(String id) {
        return "uniq" + id.substring(1);
    }

    @Override
    public void close() throws IOException {
        deployment.close();
    }
}
