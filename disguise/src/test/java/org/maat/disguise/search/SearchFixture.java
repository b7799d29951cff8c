package org.maat.disguise.search;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.store.FSDirectory;
import org.apache.lucene.util.Bits;
import org.maat.core.accounts.AccountStore;
import org.maat.core.accounts.GeneratedLogins;
import org.maat.core.conduit.Document;
import org.maat.core.conduit.DocumentScan;
import org.maat.core.data.DataDir;
import org.maat.core.data.DataSet;
import org.maat.core.data.DirectoryTree;
import org.maat.core.index.IndexFields;
import org.maat.core.population.PopulationSpec;
import org.maat.core.lucene.IndexLabelling;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.lucene.PublishedIndex;
import org.maat.core.runtime.SearchService;
import org.maat.core.runtime.TestData;
import org.maat.core.task.Monitoring;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.facts.Fact;

/**
 * A small generated data directory with its monitored index, copied fresh for each test, and the
 * independent views the tests compare against: a full dump of every store, searches as a user under
 * the monitor, and the raw bytes of every file.
 */
public final class SearchFixture {

    public static final int DOCUMENTS = 60;
    private static Path template;

    public final Path root;
    public final DataDir data;
    public final IndexLayout index;
    /** The user disguised: one with friends and a friends-only document, whose name prefixes no other. */
    public final String user;
    public final String friend;
    public final String friendsOnlyDocument;
    private final Map<String, String> passwords = new HashMap<>();

    private SearchFixture(Path root, String user, String friend, String friendsOnlyDocument) {
        this.root = root;
        this.data = DataDir.at(root.resolve("data"));
        this.index = new IndexLayout(root.resolve("index"));
        this.user = user;
        this.friend = friend;
        this.friendsOnlyDocument = friendsOnlyDocument;
        // Read now: a disguise drops the user's line from logins.txt, and a restored account signs in with it.
        GeneratedLogins.read(data).forEach(l -> passwords.put(l.user(), l.password()));
    }

    /** A fresh copy of the generated data and index in {@code dir}. */
    public static synchronized SearchFixture copy(Path dir) throws IOException {
        if (template == null) {
            Path t = Files.createTempDirectory("maat-disguise-fixture");
            DataDir generated = TestData.generate(t.resolve("gen"), DOCUMENTS, 15);
            TestData.index(generated, t.resolve("index"), 2);
            DirectoryTree.copy(generated.root(), t.resolve("data"));
            template = t;
        }
        Files.createDirectories(dir);
        DirectoryTree.copy(template.resolve("data"), dir.resolve("data"));
        DirectoryTree.copy(template.resolve("index"), dir.resolve("index"));
        return choose(dir);
    }

    /**
     * A fresh data directory and monitored index in {@code dir} for {@code spec}'s population over {@code documents}
     * documents, accounts for users {@code u0 .. u(accounts-1)} only; no user is chosen ({@link #user} is null).
     */
    public static SearchFixture generate(Path dir, PopulationSpec spec, int documents, int accounts) throws IOException {
        DataDir generated = TestData.generate(dir.resolve("gen"), documents, spec.seed(), spec, accounts);
        TestData.index(generated, dir.resolve("index"), 2);
        DirectoryTree.copy(generated.root(), dir.resolve("data"));
        DirectoryTree.delete(dir.resolve("gen"));
        return new SearchFixture(dir, null, null, null);
    }

    private static SearchFixture choose(Path dir) throws IOException {
        DataDir data = DataDir.at(dir.resolve("data"));
        try (DataSet set = DataSet.open(data)) {
            List<Conduit> all;
            try (Stream<Conduit> s = set.policies().conduits()) {
                all = s.toList();
            }
            // u10..u29: no other user's name starts with theirs (there are 30 users)
            for (int u = 10; u < 30; u++) {
                String user = "u" + u;
                List<String> friends = set.policies().facts().match("friend", new String[] {user, null}).stream()
                        .map(args -> args.get(1)).sorted().toList();
                Conduit friendsOnly = all.stream().filter(c -> c.owner().equals(user)
                        && c.attributes().getOrDefault("template", "").startsWith("friends")).findFirst().orElse(null);
                long owned = all.stream().filter(c -> c.owner().equals(user)).count();
                if (!friends.isEmpty() && friendsOnly != null && owned >= 2) {
                    SearchFixture f = new SearchFixture(dir, user, friends.get(0), friendsOnly.id());
                    Path profile = data.profile(user);
                    Files.createDirectories(profile);
                    Files.writeString(profile.resolve("history"), "{\"time\":\"2026-11-25T10:00:00Z\",\"query\":\""
                            + f.historyText() + "\"}\n");
                    // A roles line names the user: a disguise takes it out, a reveal puts it back.
                    Files.writeString(data.roles(), user + "\tauditor,hr\n", java.nio.charset.StandardCharsets.UTF_8,
                            java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
                    return f;
                }
            }
        }
        throw new IllegalStateException("no user with friends and a friends-only document in the test data");
    }

    /** The distinctive query in the user's history. */
    public String historyText() {
        return "historyquery" + user.substring(1) + "x";
    }

    public String password(String who) {
        return Objects.requireNonNull(passwords.get(who), who + " has no generated login");
    }

    /** The stores of the fixture opened for changes, with the disguises over them, as the front-end holds them. */
    public Live open() throws IOException {
        return new Live();
    }

    /** The unique word of document {@code id} ({@code uniq<N>} in {@code d<N>}, see TestData). */
    public static String uniqueWord(String id) {
        return "uniq" + Document.ordinal(id);
    }

    /** One owner's live objects: the data set opened for changes, the accounts and the disguises over them. */
    public final class Live implements AutoCloseable {
        public final DataSet data;
        public final AccountStore accounts;
        public final SearchDisguises disguises;

        private Live() throws IOException {
            this.data = DataSet.openForChanges(SearchFixture.this.data);
            try {
                this.accounts = AccountStore.open(SearchFixture.this.data);
                this.disguises = new SearchDisguises(data, accounts, index, Monitoring.REFERENCE_MONITOR);
            } catch (RuntimeException e) {
                data.close();
                throw e;
            }
        }

        /** {@code owner}'s document ids, from the policy store. */
        public List<String> documentsOf(String owner) {
            try (Stream<Conduit> s = data.policies().conduits()) {
                return s.filter(c -> c.owner().equals(owner)).map(Conduit::id).sorted().toList();
            }
        }

        /** What {@code who} finds for {@code query} under the monitor, over every shard as last published. */
        public List<String> search(String who, String query) throws IOException {
            List<String> found = new ArrayList<>();
            try (IndexLabelling labels = IndexLabelling.forReading(index, Monitoring.REFERENCE_MONITOR)) {
                for (int shard = 0; shard < labels.requirePublished().shards(); shard++) {
                    try (SearchService service = SearchService.openShard(data, labels, index, shard)) {
                        found.addAll(service.search(Session.of(who), query, 100));
                    }
                }
            }
            return found;
        }

        /** The generated test logins ({@code logins.txt}), one sorted line each: user and a hash of the password. */
        public List<String> logins() {
            if (!Files.exists(SearchFixture.this.data.logins())) {
                return List.of();
            }
            return GeneratedLogins.read(SearchFixture.this.data).stream()
                    .map(l -> "login " + l.user() + " " + sha(l.password())).sorted().toList();
        }

        /**
         * What each of {@code users} finds for each of {@code queries} under the monitor, as sorted text: one
         * line per user, query and shard with the ids found, sorted (documents a reveal re-adds get new Lucene
         * doc ids, which reorder ties of equal score).
         */
        public String searches(List<String> users, List<String> queries) throws IOException {
            Map<String, List<String>> found = new TreeMap<>();
            try (IndexLabelling labels = IndexLabelling.forReading(index, Monitoring.REFERENCE_MONITOR)) {
                for (int shard = 0; shard < labels.requirePublished().shards(); shard++) {
                    try (SearchService service = SearchService.openShard(data, labels, index, shard)) {
                        for (String user : users) {
                            for (String query : queries) {
                                found.computeIfAbsent(user + " " + query + " shard " + shard, k -> new ArrayList<>())
                                        .addAll(service.search(Session.of(user), query, 100));
                            }
                        }
                    }
                }
            }
            return found.entrySet().stream().map(e -> e.getKey() + ": " + e.getValue().stream().sorted().toList())
                    .collect(Collectors.joining("\n"));
        }

        public boolean signsIn(String who) {
            return accounts.authenticate(who, password(who));
        }

        /**
         * Every store's state as sorted text: conduits, facts, documents (by content hash), accounts,
         * profile files, the published index's live documents, the manifest and the disguise store's principals,
         * bag count, journal and watches. Pseudoprincipal ids are random: {@code normalize} replaces them by {@code pp-*}.
         */
        public String dump(boolean normalize) throws IOException {
            List<String> lines = new ArrayList<>();
            try (Stream<Conduit> s = data.policies().conduits()) {
                s.forEach(c -> lines.add("conduit " + c.id() + " " + c.name() + " " + c.owner() + " " + c.policy()
                        + " " + new TreeMap<>(c.attributes())));
            }
            try (Stream<Fact> s = data.policies().storedFacts()) {
                s.forEach(f -> lines.add("fact " + f));
            }
            try (DocumentScan scan = data.documents().scan()) {
                while (scan.hasNext()) {
                    Document d = scan.next();
                    lines.add("document " + d.id() + " " + sha(d.title() + "\n" + d.date() + "\n" + d.body()));
                }
            }
            lines.add("accounts " + sha(Files.readString(SearchFixture.this.data.accounts())));
            // Each principal's roles line as it is (a rewrite keeps lines sorted and drops nothing else).
            if (Files.exists(SearchFixture.this.data.roles())) {
                Files.readAllLines(SearchFixture.this.data.roles()).stream().filter(l -> !l.isBlank() && !l.startsWith("#"))
                        .forEach(l -> lines.add("roles " + l));
            }
            Path profiles = SearchFixture.this.data.root().resolve("profile");
            if (Files.isDirectory(profiles)) {
                try (Stream<Path> s = Files.walk(profiles)) {
                    for (Path p : s.filter(Files::isRegularFile).toList()) {
                        lines.add("profile " + profiles.relativize(p) + " " + sha(Files.readString(p)));
                    }
                }
            }
            lines.addAll(indexDump());
            DisguiseFile f = disguises.file();
            f.all(DisguiseFile.PRINCIPALS).forEach((p, k) -> lines.add("principal " + p + " " + HexFormat.of().formatHex(k)));
            lines.add("bags " + f.count(DisguiseFile.BAGS));
            lines.add("journal " + f.count(DisguiseFile.JOURNAL));
            // A watch's token is random: normalized, only whose watches there are shows (as a pseudoprincipal's id).
            f.all(DisguiseFile.WATCHES).forEach((t, p) -> lines.add("watch " + (normalize ? "*" : t) + " "
                    + new String(p, java.nio.charset.StandardCharsets.UTF_8)));
            // Returns and the lines sealed to them: random keys and ciphertext, so only which tokens hold them shows.
            f.all(DisguiseFile.RETURNS).keySet().forEach(t -> lines.add("return " + (normalize ? "*" : t)));
            f.all(DisguiseFile.MAIL).keySet().forEach(t -> lines.add("mail " + (normalize ? "*" : t)));
            lines.add("manifest " + sha(Files.readString(SearchFixture.this.data.manifest())));
            String text = lines.stream().sorted().collect(Collectors.joining("\n"));
            return normalize ? text.replaceAll("pp-[0-9a-f]+( [0-9a-f]{64})?", "pp-*") : text;
        }

        @Override
        public void close() throws IOException {
            try {
                disguises.close();
            } finally {
                data.close();
            }
        }
    }

    private List<String> indexDump() throws IOException {
        List<String> lines = new ArrayList<>();
        PublishedIndex published = PublishedIndex.read(index);
        lines.add("index documents " + published.documents());
        for (int shard = 0; shard < published.shards(); shard++) {
            long generation = published.generation(shard);
            try (FSDirectory dir = FSDirectory.open(index.shard(shard))) {
                IndexCommit commit = DirectoryReader.listCommits(dir).stream()
                        .filter(c -> c.getGeneration() == generation).findFirst().orElseThrow();
                try (DirectoryReader reader = DirectoryReader.open(commit)) {
                    for (LeafReaderContext leaf : reader.leaves()) {
                        LeafReader r = leaf.reader();
                        Bits live = r.getLiveDocs();
                        for (int d = 0; d < r.maxDoc(); d++) {
                            if (live == null || live.get(d)) {
                                org.apache.lucene.document.Document doc = r.storedFields().document(d);
                                lines.add("indexed " + doc.get(IndexFields.ID) + " " + doc.get(IndexFields.OWNER) + " "
                                        + doc.get(IndexFields.ACCESS) + " " + doc.get(IndexFields.TITLE));
                            }
                        }
                    }
                }
            }
        }
        return lines;
    }

    /** Every regular file Maat stores for this data and index, except the MAL log and its head. */
    public List<Path> storedFiles() throws IOException {
        List<Path> files = new ArrayList<>();
        for (Path top : List.of(data.root(), index.root())) {
            try (Stream<Path> s = Files.walk(top)) {
                s.filter(Files::isRegularFile).sorted(Comparator.naturalOrder()).forEach(files::add);
            }
        }
        return files;
    }

    /**
     * The bytes of every file of {@link #storedFiles()}, read once, as ISO-8859-1 text (one char per byte), with
     * the values drawn at random blanked ({@link RandomDraws}): they spell a three-byte user name by chance.
     */
    public Map<Path, String> storedBytes() throws IOException {
        Map<Path, String> all = new TreeMap<>();
        for (Path p : storedFiles()) {
            all.put(p, scannable(p));
        }
        return all;
    }

    /**
     * The file's bytes one char a byte, its random draws blanked ({@link RandomDraws}) and Lucene's compressed
     * stored fields and terms read expanded ({@link LuceneSegmentText}).
     */
    static String scannable(Path p) throws IOException {
        return LuceneSegmentText.expanded(p, RandomDraws.blanked(p, new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1)));
    }

    /** The files of {@code files} (from {@link #storedBytes()}) that contain {@code needle} not followed by a digit. */
    public static List<Path> containing(Map<Path, String> files, String needle) {
        List<Path> found = new ArrayList<>();
        files.forEach((p, bytes) -> {
            for (int at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) {
                int end = at + needle.length();
                if (end >= bytes.length() || !Character.isDigit(bytes.charAt(end))) {
                    found.add(p);
                    break;
                }
            }
        });
        return found;
    }

    /**
     * The files among {@link #storedFiles()} whose bytes contain {@code needle} not followed by a digit, outside
     * the values drawn at random ({@link RandomDraws}).
     */
    public Map<Path, String> filesContaining(String needle) throws IOException {
        Map<Path, String> found = new TreeMap<>();
        for (Path p : storedFiles()) {
            String bytes = scannable(p);
            int at = bytes.indexOf(needle);
            while (at >= 0) {
                int end = at + needle.length();
                if (end >= bytes.length() || !Character.isDigit(bytes.charAt(end))) {
                    found.put(p, needle);
                    break;
                }
                at = bytes.indexOf(needle, at + 1);
            }
        }
        return found;
    }

    static String sha(String text) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(text.getBytes(StandardCharsets.UTF_8))).substring(0, 16);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    public static byte[] bytes(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
