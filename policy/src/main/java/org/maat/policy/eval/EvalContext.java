package org.maat.policy.eval;

import java.util.Objects;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Everything a rule is evaluated against: the session, the conduit the policy is attached to
 * ({@code this}), the destination of a write ({@code dest}, declassify rules only, else null),
 * whether the write only appends (for {@code appendOnly()}) and the engine with its facts.
 *
 * <p>The context notes whether an evaluation looked at {@code this} at all. When it did not, the
 * decision is the same for every conduit under the policy, which lets the monitor check a taint of
 * a million documents with one evaluation per policy instead of one per document.
 */
public final class EvalContext {

    private final Session session;
    private final Conduit self;
    private final Destination dest;
    private final boolean appendOnly;
    private final PolicyEngine engine;
    private boolean selfConsulted;

    public EvalContext(Session session, Conduit self, Destination dest, boolean appendOnly, PolicyEngine engine) {
        this.session = Objects.requireNonNull(session, "session");
        this.self = Objects.requireNonNull(self, "self");
        this.dest = dest;
        this.appendOnly = appendOnly;
        this.engine = Objects.requireNonNull(engine, "engine");
    }

    public static EvalContext read(Session session, Conduit self, PolicyEngine engine) {
        return new EvalContext(session, self, null, false, engine);
    }

    public Session session() {
        return session;
    }

    /** The conduit the policy is attached to; asking for it is noted (see {@link #selfConsulted()}). */
    public Conduit self() {
        selfConsulted = true;
        return self;
    }

    /** {@code this} for uses that cannot tell two conduits of one policy apart (its policy id). */
    Conduit selfUnnoted() {
        return self;
    }

    void noteSelfConsulted() {
        selfConsulted = true;
    }

    /** Whether any evaluation in this context has read {@code this}. */
    public boolean selfConsulted() {
        return selfConsulted;
    }

    public Destination dest() {
        return dest;
    }

    public boolean appendOnly() {
        return appendOnly;
    }

    public PolicyEngine engine() {
        return engine;
    }
}
