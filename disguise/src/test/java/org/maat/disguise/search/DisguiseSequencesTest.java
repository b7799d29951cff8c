package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.maat.core.population.PopulationSpec;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.RevealRefusedException;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.store.Locator;

/**
 * The two promises of search disguises, attacked by random sequences over random small populations:
 * after every reveal, every store (conduits, facts in both directions, documents, accounts, logins, roles,
 * profiles, the index, the disguise store's records) and what every user finds for a fixed set of
 * searches equal what they were before the disguise it reverses; after every apply, no byte of any
 * file of the data and index directories holds a disguised user's id (only {@code mal.log}, append-only
 * by policy), nor their history, nor, once deleted, their documents' words or names.
 *
 * <p>Friends' search histories name the disguised users' documents (the front-end's view lines), so a deletion
 * takes lines out of other users' histories and its reveal must put them back byte for byte.
 *
 * <p>Each sequence applies delete and anonymize disguises to random users (some without an account,
 * some whose friends have none), composes a deletion after an anonymization, tries reveals out of order
 * (refused, nothing changed) and reveals latest first. Every operation goes through the command line's
 * path: it opens the stores, and closing them rewrites what it owns. A fixed seed, bounded steps.
 */
class DisguiseSequencesTest {

    private static final DisguiseSpec DELETE = SearchDisguisesTest.DELETE;
    private static final DisguiseSpec ANONYMIZE = SearchDisguisesTest.ANONYMIZE;
    /** Users u100..u(USERS-1) are disguised: ids of four characters are not found by chance in binary files. */
    private static final int USERS = 120;
    /** Users from u110 up have no account, nor do the friends of others among them. */
    private static final int ACCOUNTS = 110;
    private static final int DOCUMENTS = 90;
    private static final List<String> QUERIES = List.of("parliament", "fishing");

    @TempDir
    Path dir;

    /** One applied disguise, with the state it must be revealed back to. */
    private record Applied(String user, DisguiseSpec spec, Receipt receipt, String before) {
    }

    /**
     * Seed 3 in the suite (30 s on 2 cores shared with a dozen other builds); {@code -Dmaat.disguise.sequences=N} runs seeds
     * 1..N instead, for a longer search.
     */
    static LongStream seeds() {
        int n = Integer.getInteger("maat.disguise.sequences", 0);
        return n > 0 ? LongStream.rangeClosed(1, n) : LongStream.of(3);
    }

    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void revealRestoresExactlyAndApplyLeavesNothing(long seed) throws Exception {
        Random random = new Random(seed);
        PopulationSpec spec = new PopulationSpec(USERS, 3 + random.nextInt(3), 30, 50, 20, 0.10, 20, 2, 1, 8, seed);
        SearchFixture f = SearchFixture.generate(dir.resolve("seed-" + seed), spec, DOCUMENTS, ACCOUNTS);
        List<String> everyone = IntStream.range(0, USERS).mapToObj(u -> "u" + u).toList();
        Map<String, PrivateKey> keys = new HashMap<>();
        Map<String, List<String>> documents = new HashMap<>();
        List<String> candidates = new ArrayList<>();
        try (SearchFixture.Live live = f.open()) {
            for (int u = 100; u < USERS; u++) {
                String user = "u" + u;
                documents.put(user, live.documentsOf(user));
                if (live.accounts.hashOf(user).isPresent() || !documents.get(user).isEmpty()) {
                    PrivateKey key = PrincipalKeys.generate();
                    live.disguises.register(user, key.publicKey());
                    keys.put(user, key);
                    candidates.add(user);
                    if (random.nextBoolean()) {
                        java.nio.file.Files.createDirectories(f.data.profile(user));
                        java.nio.file.Files.writeString(f.data.profile(user).resolve("history"),
                                "{\"time\":\"2026-11-25T10:00:00Z\",\"query\":\"" + history(user) + "\"}\n");
                    }
                }
            }
        }
        giveRoles(f, candidates);
        giveViews(f, documents, new Random(seed * 31 + 7)); // its own draws: the sequence's stay as they were
        assertThat(candidates).as("users to disguise, with and without accounts").hasSizeGreaterThan(4)
                .anyMatch(u -> Integer.parseInt(u.substring(1)) >= ACCOUNTS);

        Deque<Applied> applied = new ArrayDeque<>();
        int reveals = 0;
        int refusals = 0;
        // Seven steps, more (up to 14) while fewer than three reveals and refusals are in sight: a draw that skips
        // steps would otherwise test little.
        for (int step = 0; step < 7 || step < 14 && refusals + reveals + applied.size() <= 2; step++) {
            int choice = random.nextInt(10);
            if (choice < 5 || applied.isEmpty()) {
                String user = candidates.get(random.nextInt(candidates.size()));
                List<Applied> outstanding = applied.stream().filter(a -> a.user().equals(user)).toList();
                if (outstanding.stream().anyMatch(a -> a.spec() == DELETE)) {
                    continue; // nothing of theirs is left to disguise
                }
                DisguiseSpec what = !outstanding.isEmpty() || random.nextBoolean() ? DELETE : ANONYMIZE;
                String before = state(f, everyone);
                PrincipalProof proof = outstanding.isEmpty() ? PrincipalProof.none()
                        : new PrincipalProof(keys.get(user), outstanding.stream().map(a -> a.receipt().locator()).toList());
                Receipt receipt;
                try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
                    receipt = disguises.apply(what, user, proof);
                }
                applied.push(new Applied(user, what, receipt, before));
                assertLeavesNothing(f, applied, documents);
            } else if (choice < 7) {
                Applied earlier = applied.stream().filter(a -> a.spec() == ANONYMIZE && applied.stream()
                        .anyMatch(b -> b.user().equals(a.user()) && b.spec() == DELETE)).findFirst().orElse(null);
                if (earlier == null) {
                    continue;
                }
                String now = state(f, everyone);
                Locator locator = earlier.receipt().locator();
                try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
                    assertThatThrownBy(() -> disguises.reveal(locator, keys.get(earlier.user())))
                            .as("revealing an anonymization before the deletion composed on it")
                            .isInstanceOf(RevealRefusedException.class);
                }
                assertThat(state(f, everyone)).as("a refused reveal changes nothing").isEqualTo(now);
                refusals++;
            } else {
                revealLatest(f, applied, keys, everyone);
                reveals++;
            }
        }
        while (!applied.isEmpty()) {
            revealLatest(f, applied, keys, everyone);
            reveals++;
        }
        assertThat(reveals).isPositive();
        assertThat(refusals + reveals).isGreaterThan(2);
    }

    /**
     * Friends who leave one after the other and come back in the order they left, around a user who never leaves
     * and has no account and no document (in the data only through those friendships): the first reveal finds that
     * user with no friendship left, and must still not take them for someone who left. The users who leave are
     * pairwise not friends (a friendship of two users who both left comes back only with latest-first reveals), the
     * first two delete and the others delete or anonymize at random, and the one who stays opened all their documents
     * in turns (one history interleaving the views of users who leave and come back in that order), and each who leaves
     * opened the documents of those who leave after them; after every apply no file names them, after every reveal
     * no file names those still away, after the last reveal every store and every user's searches equal what they
     * were at the start.
     */
    @ParameterizedTest(name = "seed {0}")
    @MethodSource("seeds")
    void friendsWhoComeBackInTheOrderTheyLeftRestoreEveryone(long seed) throws Exception {
        Random random = new Random(seed);
        PopulationSpec spec = new PopulationSpec(USERS, 3 + random.nextInt(3), 30, 50, 20, 0.10, 20, 2, 1, 8, seed);
        SearchFixture f = SearchFixture.generate(dir.resolve("order-" + seed), spec, DOCUMENTS, ACCOUNTS);
        List<String> everyone = IntStream.range(0, USERS).mapToObj(u -> "u" + u).toList();
        List<String> leaving = new ArrayList<>();
        Map<String, List<String>> documents = new HashMap<>();
        String stays = null;
        try (SearchFixture.Live live = f.open()) {
            java.util.function.Function<String, List<String>> friends = u -> live.data.policies().facts()
                    .match("friend", new String[] {u, null}).stream().map(a -> a.get(1)).toList();
            java.util.function.Predicate<String> disguisable = u -> live.accounts.hashOf(u).isPresent()
                    || !live.documentsOf(u).isEmpty();
            List<String> order = new ArrayList<>(everyone);
            java.util.Collections.shuffle(order, random);
            // Best: every friend of the one who stays leaves, so that at the first reveal they have no friendship left.
            for (boolean all : new boolean[] {true, false}) {
                for (String p : order) {
                    if (stays != null || disguisable.test(p)) {
                        continue;
                    }
                    List<String> chosen = new ArrayList<>();
                    for (String x : friends.apply(p)) {
                        if (disguisable.test(x) && chosen.stream().noneMatch(c -> friends.apply(c).contains(x))) {
                            chosen.add(x);
                        }
                    }
                    if (chosen.size() >= 2 && (!all || chosen.size() == friends.apply(p).size())) {
                        stays = p;
                        leaving.addAll(chosen);
                    }
                }
            }
            for (String u : leaving) {
                documents.put(u, live.documentsOf(u));
            }
        }
        Map<String, List<String>> everyonesDocuments = new HashMap<>();
        try (SearchFixture.Live live = f.open()) {
            for (int u = 100; u < USERS; u++) {
                everyonesDocuments.put("u" + u, live.documentsOf("u" + u));
            }
            for (String u : leaving) {
                everyonesDocuments.put(u, live.documentsOf(u));
            }
        }
        giveViews(f, everyonesDocuments, new Random(seed * 31 + 7));
        // The one who stays opened every document of those who leave, in turns: their lines interleave in one history.
        StringBuilder turns = new StringBuilder();
        for (int k = 0, second = 0; k < DOCUMENTS; k++) {
            for (String u : leaving) {
                if (k < everyonesDocuments.get(u).size()) {
                    turns.append("{\"time\":\"").append(java.time.Instant.parse("2026-11-27T00:00:00Z").plusSeconds(second++))
                            .append("\",\"view\":\"").append(everyonesDocuments.get(u).get(k)).append("\"}\n");
                }
            }
        }
        java.nio.file.Files.createDirectories(f.data.profile(stays));
        java.nio.file.Files.writeString(f.data.profile(stays).resolve("history"), turns,
                java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        // Each one who leaves opened the documents of those who leave after them: the first to come back finds those
        // still away, and the lines naming their documents must wait for them, not come back with the viewer.
        for (int i = 0, second = 0; i < leaving.size(); i++) {
            StringBuilder later = new StringBuilder();
            for (String owner : leaving.subList(i + 1, leaving.size())) {
                for (String doc : everyonesDocuments.get(owner)) {
                    later.append("{\"time\":\"").append(java.time.Instant.parse("2026-11-28T00:00:00Z").plusSeconds(second++))
                            .append("\",\"view\":\"").append(doc).append("\"}\n");
                }
            }
            java.nio.file.Files.createDirectories(f.data.profile(leaving.get(i)));
            java.nio.file.Files.writeString(f.data.profile(leaving.get(i)).resolve("history"), later,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        }
        assertThat(stays).as("a user with no account and no document, with two friends who are not friends").isNotNull();
        Map<String, PrivateKey> keys = new HashMap<>();
        try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
            for (String user : leaving) {
                keys.put(user, PrincipalKeys.generate());
                disguises.register(user, keys.get(user).publicKey());
            }
        }
        // The generated test logins of those who left are not kept (a restored account signs in with its password).
        java.util.function.Predicate<String> loginOfOneWhoLeft = l -> leaving.stream().anyMatch(u -> l.startsWith("login " + u + " "));
        String initial = state(f, everyone).lines().filter(loginOfOneWhoLeft.negate()).collect(Collectors.joining("\n"));

        List<Applied> applied = new ArrayList<>();
        for (String user : leaving) {
            // The first two delete (their documents' views interleave in one history), the others at random.
            DisguiseSpec what = applied.size() < 2 | random.nextBoolean() ? DELETE : ANONYMIZE;
            try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
                applied.add(new Applied(user, what, disguises.apply(what, user, PrincipalProof.none()), null));
            }
            // Ids of four characters only: a shorter one (u4) is found inside others (u40) by chance.
            Deque<Applied> scanned = new ArrayDeque<>(applied.stream().filter(a -> a.user().length() >= 4).toList());
            assertLeavesNothing(f, scanned, documents);
        }
        for (int i = 0; i < applied.size(); i++) { // the first to leave comes back first
            Applied a = applied.get(i);
            try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
                disguises.reveal(a.receipt().locator(), keys.get(a.user()));
            }
            // Nothing of those still away came back with them (their documents' views in the history restored).
            assertLeavesNothing(f, new ArrayDeque<>(applied.subList(i + 1, applied.size()).stream()
                    .filter(b -> b.user().length() >= 4).toList()), documents);
        }
        assertThat(state(f, everyone).lines().filter(loginOfOneWhoLeft.negate()).collect(Collectors.joining("\n")))
                .as(leaving + " left and came back in that order, around " + stays).isEqualTo(initial);
    }

    private static void revealLatest(SearchFixture f, Deque<Applied> applied, Map<String, PrivateKey> keys,
                                     List<String> everyone) throws IOException {
        Applied latest = applied.pop();
        try (SearchDisguises disguises = SearchDisguises.open(f.data, f.index.root())) {
            disguises.reveal(latest.receipt().locator(), keys.get(latest.user()));
        }
        assertThat(state(f, everyone)).as("after revealing " + latest.spec().name() + " of " + latest.user())
                .isEqualTo(latest.before());
    }

    /**
     * Gives roles to two users in three among {@code candidates} (with and without an account): a roles line names
     * its principal, so a disguise must take it out and a reveal must put it back as it was, roles in order.
     */
    private static void giveRoles(SearchFixture f, List<String> candidates) throws IOException {
        StringBuilder lines = new StringBuilder();
        for (int i = 0; i < candidates.size(); i++) {
            if (i % 3 != 2) {
                lines.append(candidates.get(i)).append('\t').append(i % 3 == 0 ? "hr" : "auditor,hr").append('\n');
            }
        }
        java.nio.file.Files.writeString(f.data.roles(), lines, java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND);
    }

    /**
     * Friends open the documents of the users in {@code documents}: each document is opened by one to three of its
     * owner's friends, and each friend's history (the front-end's lines, times in order) interleaves those views with
     * queries, so one history names documents of several users who may leave. A deletion must take those lines out
     * of every history, and its reveal put each back where it was.
     */
    private static void giveViews(SearchFixture f, Map<String, List<String>> documents, Random random) throws IOException {
        Map<String, List<String>> entries = new java.util.TreeMap<>();
        try (SearchFixture.Live live = f.open()) {
            for (String owner : new java.util.TreeSet<>(documents.keySet())) {
                List<String> friends = live.data.policies().facts().match("friend", new String[] {owner, null}).stream()
                        .map(a -> a.get(1)).sorted().toList();
                for (String doc : documents.get(owner)) {
                    for (int n = random.nextInt(4); n > 0 && !friends.isEmpty(); n--) {
                        String viewer = friends.get(random.nextInt(friends.size()));
                        entries.computeIfAbsent(viewer, v -> new ArrayList<>()).add("\"view\":\"" + doc + "\"");
                    }
                }
            }
        }
        long second = 0;
        for (Map.Entry<String, List<String>> e : entries.entrySet()) {
            List<String> lines = new ArrayList<>(e.getValue());
            for (int q = random.nextInt(3); q >= 0; q--) {
                lines.add("\"query\":\"q" + random.nextInt(1000) + "\"");
            }
            java.util.Collections.shuffle(lines, random);
            StringBuilder history = new StringBuilder();
            for (String line : lines) {
                history.append("{\"time\":\"").append(java.time.Instant.parse("2026-11-26T00:00:00Z").plusSeconds(second++))
                        .append("\",").append(line).append("}\n");
            }
            java.nio.file.Files.createDirectories(f.data.profile(e.getKey()));
            java.nio.file.Files.writeString(f.data.profile(e.getKey()).resolve("history"), history,
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
        }
        assertThat(entries.values().stream().filter(v -> v.size() > 1).count()).as("histories naming several documents")
                .isPositive();
    }

    /** The bytes around the first {@code needle} in {@code bytes}, printable characters only. */
    private static String context(String bytes, String needle) {
        int at = bytes.indexOf(needle);
        return bytes.substring(Math.max(0, at - 60), Math.min(bytes.length(), at + 60)).replaceAll("[^ -~]", ".");
    }

    private static String history(String user) {
        return "historyquery" + user.substring(1) + "x";
    }

    /** Every store's dump and what everyone finds. */
    private static String state(SearchFixture f, List<String> everyone) throws IOException {
        try (SearchFixture.Live live = f.open()) {
            // A generated test login (logins.txt, clear passwords) is dropped with the account and not kept:
            // a restored account signs in with its own password. Only the disguised users' lines may differ.
            return (live.dump(false) + "\n" + String.join("\n", live.logins()) + "\n"
                    + live.searches(everyone, QUERIES)).lines()
                    .filter(l -> !l.matches("login u1[01][0-9] .*")).collect(Collectors.joining("\n"));
        }
    }

    /**
     * No file names a disguised user (but the MAL log) or holds their history; no file holds a deleted user's
     * documents' unique words or names.
     */
    private static void assertLeavesNothing(SearchFixture f, Deque<Applied> applied, Map<String, List<String>> documents)
            throws IOException {
        Map<Path, String> files = f.storedBytes();
        for (Applied a : applied) {
            for (Path p : SearchFixture.containing(files, a.user())) {
                assertThat(p.getFileName().toString()).as(a.user() + " after " + a.spec().name() + " in " + p + ": "
                        + context(files.get(p), a.user())).startsWith("mal.log");
            }
            assertThat(SearchFixture.containing(files, history(a.user()))).as("the history of " + a.user()).isEmpty();
            if (a.spec() == DELETE) {
                for (String id : documents.get(a.user())) {
                    assertThat(SearchFixture.containing(files, SearchFixture.uniqueWord(id))).as("the words of " + id).isEmpty();
                    assertThat(SearchFixture.containing(files, "docs/" + id.substring(1))).as("the name of " + id).isEmpty();
                    assertThat(SearchFixture.containing(files, "\"view\":\"" + id + "\"")).as("a view of " + id).isEmpty();
                }
            }
        }
    }
}
