package org.maat.policy.eval;

import java.util.Objects;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * Everything a rule is evaluated against: the session, the conduit the policy is attached to
 * ({@code this}), the destination of a write ({@code dest}, declassify rules only, else null),
 * whether the write only appends (for {@code appendOnly()}) and the facts.
 */
public record EvalContext(Session session, Conduit self, Destination dest, boolean appendOnly,
                          PolicyEngine engine) {

    public EvalContext {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(self, "self");
        Objects.requireNonNull(engine, "engine");
    }

    public static EvalContext read(Session session, Conduit self, PolicyEngine engine) {
        return new EvalContext(session, self, null, false, engine);
    }
}
