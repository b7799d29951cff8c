package org.maat.policy.monitor;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.maat.policy.Conduit;
import org.maat.policy.ConduitCatalog;
import org.maat.policy.Session;
import org.maat.policy.eval.CompiledPolicy;
import org.maat.policy.eval.Destination;
import org.maat.policy.eval.EvalContext;
import org.maat.policy.eval.Explanation;
import org.maat.policy.eval.PolicyEngine;
import org.maat.policy.eval.Verdict;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.Release;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reference monitor (ARCHITECTURE.md section 3). It promises:
 * <ul>
 *   <li>an unconfined task never receives a byte of a conduit whose read rule refuses its session;</li>
 *   <li>a confined task may read anything, and then nothing leaves it unless, for every policy it
 *       read, the declassify rule allows the destination or the rule's release
 *       ({@code ONLY_CND_IDS}, {@code ONLY_CND_IDS+}) holds for the payload;</li>
 *   <li>every write also satisfies the destination's update rule;</li>
 *   <li>a list of conduit ids released to one session ({@link Task#release}) names only conduits that
 *       session may read, id by id, whatever the writing task has read (an untainted task included);</li>
 *   <li>a refusal is a {@link PolicyViolation} that explains itself, is counted and logged; the
 *       monitor never filters silently.</li>
 * </ul>
 */
public final class ReferenceMonitor {

    private static final Logger LOG = LoggerFactory.getLogger(ReferenceMonitor.class);

    private final PolicyEngine engine;
    private final ConduitCatalog catalog;
    private final AtomicLong denials = new AtomicLong();

    public ReferenceMonitor(PolicyEngine engine, ConduitCatalog catalog) {
        this.engine = engine;
        this.catalog = catalog;
    }

    public PolicyEngine engine() {
        return engine;
    }

    /** A new task acting for {@code session}. */
    public Task open(Session session, TaskMode mode) {
        return new Task(this, session, mode, new TaintSet(id -> engine.policy(id).thisFields()));
    }

    /** How many flows were refused since this monitor started. */
    public long denials() {
        return denials.get();
    }

    /**
     * The monitor's explanation of its read decision for {@code session} on {@code conduit}, the decision
     * an unconfined task's read gets: the granting rule and the literals that proved it, or each rule's
     * failed literals. A question, not a flow: nothing is read, tainted or counted.
     */
    public Explanation explainRead(Session session, Conduit conduit) {
        return engine.explain(conduit.policy(), Permission.READ, EvalContext.read(session, conduit, engine));
    }

    Conduit conduit(String id) {
        return catalog.find(id).orElseThrow(() -> new IllegalArgumentException("no conduit with id '" + id + "'"));
    }

    /**
     * The decision an unconfined task's read of {@code conduit} gets for {@code session}, as a question: nothing is
     * read, tainted, counted or logged, and nothing is thrown. For callers that must know without reading (a count
     * of readable hits); showing data still goes through a task's checked read.
     */
    public boolean mayRead(Session session, Conduit conduit) {
        return engine.mayRead(session, conduit);
    }

    void checkRead(Task task, Conduit conduit) {
        if (task.mode() == TaskMode.CONFINED) {
            // The taint looks a policy up when it first meets it: an unknown one fails now, not at the first write.
            task.taint().add(conduit);
            return;
        }
        if (!mayRead(task.session(), conduit)) {
            EvalContext ctx = EvalContext.read(task.session(), conduit, engine);
            throw deny(conduit.id(), Permission.READ, conduit.policy(), task.session(),
                    "read of " + describe(conduit) + " refused for session " + task.session()
                            + " by policy " + conduit.policy(),
                    engine.explain(conduit.policy(), Permission.READ, ctx));
        }
    }

    void checkWrite(Task task, Destination destination, Payload payload) {
        Conduit target = destination.conduit();
        EvalContext updateCtx = new EvalContext(task.session(), target, null, payload.appendOnly(), engine);
        if (!engine.holds(target.policy(), Permission.UPDATE, updateCtx)) {
            throw deny(target.id(), Permission.UPDATE, target.policy(), task.session(),
                    "write to " + describe(target) + " refused for session " + task.session()
                            + ": its update rule does not allow this " + (payload.appendOnly() ? "append" : "write"),
                    engine.explain(target.policy(), Permission.UPDATE, updateCtx));
        }
        ReleaseCheck release = new ReleaseCheck(destination, payload, task.session());
        task.taint().forEachPolicy((policyId, sources) -> {
            CompiledPolicy policy = engine.policy(policyId);
            // A release that holds for this payload lets every conduit of the policy through at once.
            if (!policy.releases().isEmpty() && release.holds(policy.releases()).holds()) {
                return;
            }
            for (Conduit source : sources) {
                EvalContext ctx = new EvalContext(task.session(), source, destination, payload.appendOnly(), engine);
                boolean allowed = policy.holds(Permission.DECLASSIFY, ctx);
                if (allowed && !ctx.selfConsulted()) {
                    // Decided without looking at the conduit: the same holds for every other one.
                    return;
                }
                if (!allowed) {
                    String releaseNote = policy.releases().isEmpty() ? ""
                            : "; and its release does not apply: " + release.holds(policy.releases()).reason();
                    throw deny(source.id(), Permission.DECLASSIFY, policy.id(), task.session(),
                            "write to " + describe(target) + " refused for session " + task.session()
                                    + ": the task read " + describe(source) + " under policy " + policy.id()
                                    + ", whose declassify rule does not allow this flow" + releaseNote,
                            policy.explain(Permission.DECLASSIFY, ctx));
                }
            }
        });
    }

    /**
     * Before a list of conduit ids reaches the one session its destination belongs to: every id must name an
     * existing conduit whose read rule admits that session, checked id by id whether or not the task read
     * anything (a task that writes ids without reading carries no taint, so the taint's {@code ONLY_CND_IDS+}
     * would never run). Then the write check as for any write. Each id costs one cached read decision.
     */
    void checkRelease(Task task, Destination destination, List<String> ids) {
        Session recipient = destination.recipient();
        if (recipient == null) {
            throw new IllegalArgumentException("a list of ids is released to one session: "
                    + describe(destination.conduit()) + " belongs to none");
        }
        // The ids are the task's output, so the refusal names none of them and reads the same whichever id failed
        // and why (not a conduit, or one the recipient may not read): its text, logged and thrown, carries nothing
        // the task chose. The rule-by-rule explanation of a read is for the reader's own documents, not for this.
        for (String id : ids) {
            var listed = catalog.find(id);
            if (listed.isEmpty() || !engine.mayRead(recipient, listed.get())) {
                throw deny(destination.conduit().id(), Permission.DECLASSIFY, destination.conduit().policy(),
                        task.session(), "release to " + describe(destination.conduit()) + " refused for session "
                                + task.session() + ": the list names an id that is not a conduit the recipient may"
                                + " read (ONLY_CND_IDS+ holds for every list released to a session, whatever the"
                                + " task read)", null);
            }
        }
        checkWrite(task, destination, Payload.conduitIds(ids));
    }

    /** Decides the {@code until} releases for one payload, once per write. */
    private final class ReleaseCheck {
        private final Destination destination;
        private final Payload payload;
        private final Session writer;
        private Verdict ids;
        private Verdict idsPlus;

        ReleaseCheck(Destination destination, Payload payload, Session writer) {
            this.destination = destination;
            this.payload = payload;
            this.writer = writer;
        }

        Verdict holds(Set<Release> releases) {
            Verdict last = null;
            for (Release r : releases) {
                last = r == Release.ONLY_CND_IDS ? onlyIds() : onlyIdsPlus();
                if (last.holds()) {
                    return last;
                }
            }
            return last;
        }

        private Verdict onlyIds() {
            if (ids == null) {
                ids = checkIds(false);
            }
            return ids;
        }

        private Verdict onlyIdsPlus() {
            if (idsPlus == null) {
                idsPlus = checkIds(true);
            }
            return idsPlus;
        }

        private Verdict checkIds(boolean readable) {
            if (!(payload instanceof Payload.ConduitIds list)) {
                return new Verdict(false, "the payload is data, not a list of conduit ids");
            }
            List<String> listed = list.ids();
            for (String id : listed) {
                var conduit = catalog.find(id);
                if (conduit.isEmpty()) {
                    return new Verdict(false, "'" + id + "' in the list is not an existing conduit id");
                }
                if (readable) {
                    Verdict v = engine.readableAt(destination, conduit.get(), writer);
                    if (!v.holds()) {
                        return new Verdict(false, () -> "the destination's readers may not read listed conduit " + id
                                + " (" + v.reason() + ")");
                    }
                }
            }
            return new Verdict(true, () -> "the payload lists " + listed.size() + " conduit ids"
                    + (readable ? " the destination may read" : ""));
        }
    }

    private PolicyViolation deny(String conduitId, Permission permission, PolicyId policy, Session session,
                                 String summary, org.maat.policy.eval.Explanation explanation) {
        denials.incrementAndGet();
        LOG.warn("policy violation: {}", summary);
        return new PolicyViolation(conduitId, permission, policy, session, summary, explanation);
    }

    private static String describe(Conduit c) {
        return "conduit " + c.id() + " (\"" + c.name() + "\", owner " + c.owner() + ")";
    }
}
