package org.maat.policy.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.maat.policy.Conduit;
import org.maat.policy.ConduitMap;
import org.maat.policy.Session;
import org.maat.policy.eval.EvalContext;
import org.maat.policy.eval.Explanation;
import org.maat.policy.eval.PolicyEngine;
import org.maat.policy.facts.Fact;
import org.maat.policy.facts.FactIndex;
import org.maat.policy.lang.Permission;
import org.maat.policy.mal.MalEntry;
import org.maat.policy.mal.MalLog;
import org.maat.policy.monitor.Payload;
import org.maat.policy.monitor.PolicyViolation;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.Task;
import org.maat.policy.monitor.TaskMode;
import org.maat.policy.templates.PolicyTemplates;

/**
 * The policy monitor at work on a small population, the first part of {@code maat demo}. Every
 * decision is made by the real engine and monitor, and the MAL entries go to a real hash-chained log
 * file.
 */
public final class MonitorDemo {

    private final PrintWriter out;
    private final boolean quiet;

    /** {@code quiet}: print decisions without their explanations. */
    public MonitorDemo(PrintWriter out, boolean quiet) {
        this.out = out;
        this.quiet = quiet;
    }

    /** Runs the scripted decisions, appending MAL entries to {@code logFile}. */
    public void run(Path logFile) throws IOException {
        heading("Policy monitor");
        FactIndex facts = new FactIndex(List.of(
                Fact.of("friend", "alice", "bob"), Fact.of("friend", "bob", "alice"),
                Fact.of("friend", "bob", "carol"), Fact.of("friend", "carol", "bob"),
                Fact.of("employee", "erin"),
                Fact.of("blocked", "cn", "doc-censored")));
        PolicyEngine engine = new PolicyEngine(facts);
        Catalog catalog = new Catalog(engine);
        ReferenceMonitor monitor = new ReferenceMonitor(engine, catalog.conduits);

        Conduit privateDoc = catalog.add("doc-private", "alice/diary", "alice", "private");
        Conduit friendsDoc = catalog.add("doc-friends", "alice/holiday-photos", "alice", "friends");
        Conduit fofDoc = catalog.add("doc-fof", "alice/party-invite", "alice", "fof");
        Conduit publicDoc = catalog.add("doc-public", "alice/blog-post", "alice", "public");
        Conduit malDoc = catalog.add("doc-mal", "alice/medical-record", "alice", "mal");
        Conduit censoredDoc = catalog.add("doc-censored", "alice/protest-report", "alice", "public+censorship");

        heading("Population");
        out.println("  alice owns the documents; bob is her friend; carol is bob's friend (alice's friend-of-friend);");
        out.println("  dave is a stranger; erin is an employee; region \"cn\" blocks doc-censored.");
        out.println("  facts: " + String.join(" ", facts.facts().stream().map(Fact::toString).sorted().toList()));

        heading("1. Reads by unconfined tasks: each read is checked before any byte is returned");
        Session alice = Session.of("alice", "eu");
        Session bob = Session.of("bob", "eu");
        Session carol = Session.of("carol", "eu");
        Session dave = Session.of("dave", "eu");
        for (Conduit doc : List.of(privateDoc, friendsDoc, fofDoc, publicDoc)) {
            for (Session s : List.of(alice, bob, carol, dave)) {
                read(monitor, s, doc, catalog.template(doc));
            }
        }

        heading("2. Mandatory access logging: an employee reads a protected record only once the read is logged");
        Session erin = Session.of("erin", "eu");
        read(monitor, erin, malDoc, "mal");
        Conduit logConduit = catalog.add("mal-log", "logs/mal", "compliance", "mal-log");
        try (MalLog log = MalLog.open(logFile)) {
            log.onAppend(entry -> facts.add(entry.asFact()));
            try (Task task = monitor.open(erin, TaskMode.UNCONFINED)) {
                task.write(logConduit, Payload.append());
                MalEntry entry = log.append("erin", malDoc.id(), "billing dispute #4711, ticket approved by alice");
                out.println("  erin states a reason; the front-end appends MAL entry #" + entry.sequence() + " to "
                        + logFile.getFileName() + " (hash " + entry.hash().substring(0, 16) + "..., fsync'd)");
                decide("rewriting the log instead of appending", () -> task.write(logConduit, Payload.data()));
            }
            read(monitor, erin, malDoc, "mal");
            read(monitor, dave, malDoc, "mal");
            out.println("  the log verifies: " + MalLog.verify(logFile).describe());
        }

        heading("3. Censorship: the same public document, inside and outside the censoring region");
        read(monitor, dave, censoredDoc, "public+censorship");
        read(monitor, Session.of("dave", "cn"), censoredDoc, "public+censorship");
        read(monitor, Session.of("alice", "cn"), censoredDoc, "public+censorship");

        heading("4. A confined search task: it may read the index, but only releases lists of readable ids");
        Conduit index = catalog.add("idx-0", "index/shard-0/_0.cfs", "indexer", "index");
        Conduit results = catalog.add("results-bob", "session/bob/results", "bob", "private");
        try (Task search = monitor.open(bob, TaskMode.CONFINED)) {
            search.read(index);
            out.println("  bob's search task read " + index.name() + "; its taint: " + search.taint());
            decide("release of results [doc-public, doc-friends] to bob", () -> search.write(results, bob,
                    Payload.conduitIds(List.of(publicDoc.id(), friendsDoc.id()))));
            decide("release of results [doc-public, doc-private] to bob (a buggy filter let alice's diary through)",
                    () -> search.write(results, bob, Payload.conduitIds(List.of(publicDoc.id(), privateDoc.id()))));
            decide("release of a text snippet copied from the index to bob",
                    () -> search.write(results, bob, Payload.data()));
        }
        out.println();
        out.println("Denials counted by the monitor: " + monitor.denials());
    }

    private void read(ReferenceMonitor monitor, Session session, Conduit doc, String template) {
        try (Task task = monitor.open(session, TaskMode.UNCONFINED)) {
            boolean allowed = decide(String.format("%-9s reads %-13s (%s)", session, doc.id(), template),
                    () -> task.read(doc));
            if (allowed && !quiet) {
                Explanation why = monitor.engine().explain(doc.policy(), Permission.READ,
                        EvalContext.read(session, doc, monitor.engine()));
                why.rules().stream().filter(Explanation.RuleTrace::holds).findFirst()
                        .ifPresent(r -> out.println("        because " + r.rule()));
            }
        }
    }

    /** Runs one checked action and prints ALLOW or DENY with the monitor's explanation. */
    private boolean decide(String what, Runnable action) {
        try {
            action.run();
            out.println("ALLOW  " + what);
            return true;
        } catch (PolicyViolation denied) {
            out.println("DENY   " + what);
            printExplanation(denied);
            return false;
        }
    }

    private void printExplanation(PolicyViolation denied) {
        if (quiet) {
            return;
        }
        for (String line : denied.getMessage().split("\n")) {
            out.println("        " + line.strip());
        }
    }

    private void heading(String title) {
        out.println();
        out.println(title);
    }

    /** The demo's conduits, each under a standard template whose name the output shows. */
    private static final class Catalog {
        final ConduitMap conduits = new ConduitMap();
        private final PolicyEngine engine;
        private final Map<String, String> templates = new HashMap<>();

        Catalog(PolicyEngine engine) {
            this.engine = engine;
        }

        Conduit add(String id, String name, String owner, String template) {
            templates.put(id, template);
            return conduits.put(new Conduit(id, name, owner, engine.intern(PolicyTemplates.policy(template))));
        }

        String template(Conduit c) {
            return templates.get(c.id());
        }
    }
}
