package org.maat.jmh;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.maat.core.data.Manifest;
import org.maat.core.population.FriendGraph;
import org.maat.core.population.PopulationSpec;
import org.maat.policy.Conduit;
import org.maat.policy.ConduitMap;
import org.maat.policy.Session;
import org.maat.policy.eval.EvalContext;
import org.maat.policy.eval.PolicyEngine;
import org.maat.policy.facts.Fact;
import org.maat.policy.facts.FactIndex;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.templates.PolicyTemplates;

/**
 * The product's population behind one monitor, in memory: users named and befriended as
 * {@code maat generate} does (core's {@link FriendGraph}, {@link Manifest#user} names), employees
 * with MAL log entries, the blacklist region ({@link #REGION}) blocking 2,250 items, and documents
 * under every standard document template, each paired with a reader whom the template admits
 * through its most expensive granting clause (owner, friend, friend of a friend, logged employee).
 * Every fact is added before any decision is cached, so the fact version is constant while
 * benchmarks run. Built once per trial; not thread-safe while being built.
 */
final class MonitorFixture {

    /** The document templates the benchmarks run over, as accepted by {@link PolicyTemplates}. */
    static final String[] DOCUMENT_TEMPLATES = {"public", "private", "friends", "fof", "mal", "friends+censorship"};

    /** Every simulated client is in this region, which blocks {@value #BLOCKED_ITEMS} items (Thoth's setup). */
    static final String REGION = PopulationSpec.region(0);
    static final int BLOCKED_ITEMS = 2_250;
    static final int EMPLOYEES = 100;
    /** MAL log entries per employee besides those the benchmark readers need. */
    static final int LOGGED_PER_EMPLOYEE = 200;

    /** A document, the template it was made from, and a session its read rule admits. */
    record Document(Conduit conduit, String template, Session reader) {
    }

    final FactIndex facts = new FactIndex();
    final PolicyEngine engine = new PolicyEngine(facts);
    /** Every conduit registered so far: the catalog a {@code DocumentReader} looks documents up in. */
    final ConduitMap conduits = new ConduitMap();
    final ReferenceMonitor monitor = new ReferenceMonitor(engine, conduits);

    private final SplittableRandom random;
    private final String[] users;
    /** Each user's friends, sorted. */
    private final int[][] friends;
    private final String[] employees;
    private final Map<String, Session> sessions = new HashMap<>();
    private final Map<String, List<Document>> documents = new HashMap<>();
    private final List<Fact> pending = new ArrayList<>();
    private int nextDocument;

    /**
     * @param userCount       number of users
     * @param friendsPerUser  friend-list length (symmetric; a handful of users end up one short)
     * @param docsPerTemplate documents made under each of {@link #DOCUMENT_TEMPLATES}
     * @param seed            makes the population reproducible
     */
    MonitorFixture(int userCount, int friendsPerUser, int docsPerTemplate, long seed) {
        random = new SplittableRandom(seed);
        users = new String[userCount];
        for (int i = 0; i < userCount; i++) {
            users[i] = Manifest.user(i);
        }
        List<List<Integer>> graph = new ArrayList<>(userCount);
        for (int i = 0; i < userCount; i++) {
            graph.add(new ArrayList<>(friendsPerUser));
        }
        FriendGraph.generate(userCount, friendsPerUser, random, (a, b) -> {
            graph.get(a).add(b);
            graph.get(b).add(a);
        });
        friends = new int[userCount][];
        for (int i = 0; i < userCount; i++) {
            friends[i] = graph.get(i).stream().mapToInt(Integer::intValue).sorted().toArray();
            for (int f : friends[i]) {
                pending.add(Fact.of("friend", users[i], users[f]));
            }
        }
        employees = new String[EMPLOYEES];
        for (int e = 0; e < EMPLOYEES; e++) {
            employees[e] = PopulationSpec.employee(e);
            pending.add(Fact.of("employee", employees[e]));
            for (int k = 0; k < LOGGED_PER_EMPLOYEE; k++) {
                pending.add(Fact.of("logged", employees[e], "doc-" + random.nextInt(1_000_000)));
            }
        }
        // 1% of a 225,000-document corpus; none of them is a benchmark document, so reads are granted.
        for (int b = 0; b < BLOCKED_ITEMS; b++) {
            pending.add(Fact.of("blocked", REGION, "doc-" + random.nextInt(225_000)));
        }
        for (String template : DOCUMENT_TEMPLATES) {
            List<Document> docs = new ArrayList<>(docsPerTemplate);
            for (int d = 0; d < docsPerTemplate; d++) {
                docs.add(document(template, random.nextInt(userCount)));
            }
            documents.put(template, List.copyOf(docs));
        }
        commitFacts();
    }

    /** The documents made under {@code template} at construction. */
    List<Document> documents(String template) {
        List<Document> docs = documents.get(template);
        if (docs == null) {
            throw new IllegalArgumentException("no documents under template '" + template + "'");
        }
        return docs;
    }

    /**
     * A new document under {@code template} owned by user {@code owner}, with a reader the template
     * admits; for {@code mal} this adds a log entry, so call {@link #commitFacts()} before reading.
     */
    Document document(String template, int owner) {
        return document(template, owner, "bench-" + nextDocument++);
    }

    /** {@link #document(String, int)} with conduit id {@code id}, e.g. a conduit store's {@code d<n>}. */
    Document document(String template, int owner, String id) {
        Conduit conduit = register(new Conduit(id, "docs/" + id, users[owner], policy(template)));
        String reader = switch (template) {
            case "public" -> users[stranger(owner)];
            case "private" -> users[owner];
            case "friends", "friends+censorship" -> users[friendOf(owner)];
            case "fof" -> users[friendOfFriend(owner)];
            case "mal" -> {
                // A stranger employee: the owner and friend clauses fail before the MAL clause holds.
                String employee = employees[random.nextInt(employees.length)];
                pending.add(Fact.of("logged", employee, id));
                yield employee;
            }
            default -> throw new IllegalArgumentException("not a document template: " + template);
        };
        return new Document(conduit, template, session(reader));
    }

    /** Adds the facts gathered so far, under one version bump. */
    void commitFacts() {
        facts.addAll(pending);
        pending.clear();
    }

    PolicyId policy(String template) {
        return engine.intern(PolicyTemplates.policy(template));
    }

    Conduit register(Conduit conduit) {
        if (!conduits.add(conduit)) {
            throw new IllegalStateException("duplicate conduit id " + conduit.id());
        }
        return conduit;
    }

    /** One session per principal, all in {@link #REGION}. */
    Session session(String principal) {
        return sessions.computeIfAbsent(principal, p -> Session.of(p, REGION));
    }

    String user(int index) {
        return users[index];
    }

    int userCount() {
        return users.length;
    }

    int friendOf(int user) {
        return friends[user][random.nextInt(friends[user].length)];
    }

    /** A user two hops from {@code user} who is neither {@code user} nor one of its friends. */
    int friendOfFriend(int user) {
        for (int attempt = 0; attempt < 10_000; attempt++) {
            int f = friendOf(user);
            int candidate = friendOf(f);
            if (candidate != user && !areFriends(user, candidate)) {
                return candidate;
            }
        }
        throw new IllegalStateException(users[user] + " has no friend of a friend outside its friends");
    }

    int stranger(int user) {
        while (true) {
            int candidate = random.nextInt(users.length);
            if (candidate != user && !areFriends(user, candidate)) {
                return candidate;
            }
        }
    }

    boolean areFriends(int a, int b) {
        return Arrays.binarySearch(friends[a], b) >= 0;
    }

    /**
     * Fails unless {@code doc.reader()} may read {@code doc}: benchmarks measure granted reads. Asks
     * the compiled policy directly, so no decision is cached (and the cache's table does not grow).
     */
    void checkReadable(Document doc) {
        Conduit conduit = doc.conduit();
        if (!engine.policy(conduit.policy()).holds(Permission.READ, EvalContext.read(doc.reader(), conduit, engine))) {
            throw new IllegalStateException(doc.reader() + " may not read " + conduit.id() + " under "
                    + doc.template() + ":\n" + engine.explain(conduit.policy(), Permission.READ,
                    EvalContext.read(doc.reader(), conduit, engine)).describe());
        }
    }
}
