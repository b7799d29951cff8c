package org.maat.frontend.app;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.maat.core.accounts.AccountStore;
import org.maat.core.accounts.GeneratedLogins;
import org.maat.core.accounts.Login;
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
import org.maat.core.shard.FanOut;
import org.maat.core.shard.ShardIndex;
import org.maat.core.shard.ShardSearcher;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;

/**
 * A small real site for tests: a generated data directory (documents {@code d<N>} holding the unique
 * word {@code uniq<N>}), a monitored 2-shard index, in-process shard services and a front-end that owns
 * the data directory. Every user has an account.
 */
public final class TestSite implements AutoCloseable {

    static final PopulationSpec SPEC = new PopulationSpec(12, 3, 30, 50, 20, 0.10, 6, 2, 1, 0, 11);
    static final int DOCUMENTS = 150;

    public final DataDir dir;
    public final Frontend frontend;
    public final DataSet data;
    public final AccountStore accounts;
    private final ShardIndex index;
    private final List<Login> logins;

    private TestSite(DataDir dir, DataSet data, AccountStore accounts, ShardIndex index, Frontend frontend) {
        this.dir = dir;
        this.data = data;
        this.accounts = accounts;
        this.index = index;
        this.frontend = frontend;
        this.logins = GeneratedLogins.read(dir);
    }

    static DataDir generate(Path root) throws IOException {
        StringBuilder lines = new StringBuilder();
        String[] words = {"parliament", "budget", "fishing", "council", "energy", "treaty"};
        for (int i = 0; i < DOCUMENTS; i++) {
            lines.append("{\"id\": \"s").append(i).append("\", \"title\": \"Debate on ").append(words[i % words.length])
                    .append(' ').append(i).append("\", \"body\": \"The ").append(words[i % words.length])
                    .append(" and the ").append(words[(i / 6) % words.length]).append(" uniq").append(i)
                    .append(".\"}\n");
        }
        Path corpus = Files.writeString(root.resolve("corpus.jsonl"), lines);
        DataDir dir = DataDir.at(root.resolve("data"));
        new PopulationGenerator(SPEC, SPEC.users(), new PasswordHasher(64, 1, 1))
                .generate(CorpusSpec.parse("jsonl:" + corpus, 1), dir, ScanMode.STRICT, b -> { }, GenerationProgress.NONE);
        IndexRun.standard().run(dir, new IndexLayout(root.resolve("index")), 2, Monitoring.REFERENCE_MONITOR, n -> { });
        return dir;
    }

    /** A site whose shards are the in-process services, each wrapped by {@code shardWrapper} (e.g. a faulty one). */
    static TestSite open(Path root, Monitoring policy, UnaryOperator<ShardSearcher> shardWrapper) throws IOException {
        DataDir dir = generate(root);
        return open(root, dir, DataSet.open(dir), policy, shardWrapper);
    }

    /** A site whose front-end opened its data directory for changes, as it does to offer account disguises. */
    public static TestSite openForChanges(Path root) throws IOException {
        return openForChanges(root, s -> s);
    }

    /** As {@link #openForChanges(Path)}, each shard wrapped by {@code shardWrapper} (e.g. one that pauses). */
    public static TestSite openForChanges(Path root, UnaryOperator<ShardSearcher> shardWrapper) throws IOException {
        DataDir dir = generate(root);
        return open(root, dir, DataSet.openForChanges(dir), Monitoring.REFERENCE_MONITOR, shardWrapper);
    }

    private static TestSite open(Path root, DataDir dir, DataSet data, Monitoring policy,
                                 UnaryOperator<ShardSearcher> shardWrapper) throws IOException {
        ShardIndex index = ShardIndex.open(dir, new IndexLayout(root.resolve("index")), policy);
        List<ShardSearcher> shards = new ArrayList<>();
        for (int i = 0; i < index.shards(); i++) {
            shards.add(shardWrapper.apply(index.shard(i)));
        }
        AccountStore accounts = AccountStore.open(dir);
        Frontend frontend = new Frontend(data, FanOut.ofShards(shards), accounts, policy);
        return new TestSite(dir, data, accounts, index, frontend);
    }

    static TestSite open(Path root) throws IOException {
        return open(root, Monitoring.REFERENCE_MONITOR, s -> s);
    }

    public UserSession login(String user, String region) {
        return frontend.login(user, password(user), region).orElseThrow();
    }

    public String password(String user) {
        return logins.stream().filter(l -> l.user().equals(user)).findFirst().orElseThrow().password();
    }

    public IndexLayout index() {
        return new IndexLayout(dir.root().resolveSibling("index"));
    }

    /** Document conduits whose template starts with {@code template} and that pass {@code filter}. */
    public List<Conduit> documents(String template, Predicate<Conduit> filter) {
        try (Stream<Conduit> all = data.policies().conduits()) {
            return all.filter(c -> c.attributes().getOrDefault("template", "").startsWith(template + "+")
                    || c.attributes().getOrDefault("template", "").equals(template)).filter(filter).toList();
        }
    }

    boolean friends(String a, String b) {
        return data.engine().facts().contains("friend", List.of(a, b));
    }

    boolean blocked(String region, String id) {
        return data.engine().facts().contains("blocked", List.of(region, id));
    }

    /** A user that is neither {@code owner} nor one of its friends (nor an employee). */
    String stranger(String owner) {
        for (int i = 0; i < SPEC.users(); i++) {
            String u = "u" + i;
            if (!u.equals(owner) && !friends(owner, u)) {
                return u;
            }
        }
        throw new IllegalStateException("everyone is a friend of " + owner);
    }

    Optional<String> friendOf(String owner) {
        for (int i = 0; i < SPEC.users(); i++) {
            if (friends(owner, "u" + i)) {
                return Optional.of("u" + i);
            }
        }
        return Optional.empty();
    }

    static String word(String id) {
        return "uniq" + id.substring(1);
    }

    @Override
    public void close() throws IOException {
        try {
            index.close();
        } finally {
            frontend.close();
        }
    }
}
