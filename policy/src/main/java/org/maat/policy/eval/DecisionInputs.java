package org.maat.policy.eval;

import java.util.Set;

/**
 * What one permission of a compiled policy looks at, worked out once at compilation, so that a check
 * knows without evaluating how its decision may be reused: not at all ({@code cacheable} false:
 * destination or other policies involved), by the session and conduit fields named here, or, when
 * no rule consults a fact, not through the cache at all, since evaluating such a rule (a comparison
 * of session and conduit fields, or a constant) costs less than looking its decision up.
 */
record DecisionInputs(boolean cacheable, boolean consultsFacts, boolean region, boolean time,
                      boolean thisId, boolean thisName, boolean thisOwner) {

    static DecisionInputs of(Set<CompiledPolicy.Dependency> deps, boolean consultsFacts) {
        return new DecisionInputs(
                !deps.contains(CompiledPolicy.Dependency.UNCACHEABLE)
                        && !deps.contains(CompiledPolicy.Dependency.DESTINATION),
                consultsFacts,
                deps.contains(CompiledPolicy.Dependency.REGION),
                deps.contains(CompiledPolicy.Dependency.TIME),
                deps.contains(CompiledPolicy.Dependency.THIS_ID),
                deps.contains(CompiledPolicy.Dependency.THIS_NAME),
                deps.contains(CompiledPolicy.Dependency.THIS_OWNER));
    }

    /** Whether the decision reads a field of {@code this}. */
    boolean readsThis() {
        return thisId || thisName || thisOwner;
    }

    /** Whether a decision is worth the cache: it may be reused, and evaluating it means consulting facts. */
    boolean cached() {
        return cacheable && consultsFacts;
    }
}
