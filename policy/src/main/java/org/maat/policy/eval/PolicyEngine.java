package org.maat.policy.eval;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.facts.FactSource;
import org.maat.policy.lang.AtRestStrength;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.Policy;
import org.maat.policy.lang.PolicyCheckException;
import org.maat.policy.lang.PolicyChecker;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.lang.PolicyProblem;

/**
 * Interns, compiles and evaluates policies against one fact source. A policy is checked and
 * compiled once, when first interned; identical policies share one {@link PolicyId}. Read and
 * update decisions are cached per (policy, session inputs the policy uses, conduit fields it
 * reads, fact version), so the fast path of a repeated check is one hash lookup. Thread-safe.
 */
public final class PolicyEngine {

    private final FactSource facts;
    private final ConcurrentHashMap<PolicyId, CompiledPolicy> policies = new ConcurrentHashMap<>();
    private final DecisionCache cache = new DecisionCache();

    public PolicyEngine(FactSource facts) {
        this.facts = facts;
    }

    public FactSource facts() {
        return facts;
    }

    /**
     * Checks {@code policy} and compiles it unless an identical one is known; returns its id.
     *
     * @throws PolicyCheckException when the policy fails the static checks
     */
    public PolicyId intern(Policy policy) {
        // Checked before printing: the checker refuses a policy too deep for the printer's recursion.
        List<PolicyProblem> problems = PolicyChecker.check(policy);
        if (!problems.isEmpty()) {
            throw new PolicyCheckException(problems);
        }
        String text = PolicyPrinter.print(policy);
        PolicyId id = PolicyId.ofCanonicalText(text);
        CompiledPolicy known = policies.get(id);
        if (known != null) {
            if (!known.canonicalText().equals(text)) {
                throw new IllegalStateException("policy id collision for " + id + ": two texts hash alike");
            }
            return id;
        }
        policies.putIfAbsent(id, new CompiledPolicy(id, policy));
        return id;
    }

    /** Parses, checks and interns policy text. */
    public PolicyId intern(String text) {
        return intern(PolicyChecker.parseAndCheck(text));
    }

    public boolean isKnown(PolicyId id) {
        return policies.containsKey(id);
    }

    public Set<PolicyId> ids() {
        return Set.copyOf(policies.keySet());
    }

    /** The compiled policy; unknown ids are an error, never a silent allow or deny. */
    public CompiledPolicy policy(PolicyId id) {
        CompiledPolicy p = policies.get(id);
        if (p == null) {
            throw new PolicyEvaluationException("unknown policy " + id + ": it was never interned in this engine");
        }
        return p;
    }

    /**
     * The minimum cipher a file at rest must be sealed with to receive data of policy {@code id}
     * ({@link CompiledPolicy#minimumAtRest()}): a writer picks at least this before the monitor checks.
     */
    public Optional<String> minimumAtRest(PolicyId id) {
        return policy(id).minimumAtRest();
    }

    /** The strongest {@link #minimumAtRest} of every policy interned here: what data of any of them may require. */
    public Optional<String> strongestMinimumAtRest() {
        Optional<String> strongest = Optional.empty();
        for (CompiledPolicy p : policies.values()) {
            strongest = AtRestStrength.stronger(strongest, p.minimumAtRest());
        }
        return strongest;
    }

    /** Whether {@code permission} of policy {@code id} holds in {@code ctx} (release clauses aside). */
    public boolean holds(PolicyId id, Permission permission, EvalContext ctx) {
        CompiledPolicy policy = policy(id);
        DecisionCache.Key key = cacheKey(policy, permission, ctx);
        if (key == null) {
            return policy.holds(permission, ctx);
        }
        long version = facts.version();
        Boolean cached = cache.get(key, version);
        if (cached != null) {
            return cached;
        }
        boolean decision = policy.holds(permission, ctx);
        cache.put(key, version, decision);
        return decision;
    }

    public Explanation explain(PolicyId id, Permission permission, EvalContext ctx) {
        return policy(id).explain(permission, ctx);
    }

    /**
     * Whether the {@code listed} conduit's {@code permission} admits every session the destination's
     * read rule admits: exactly, in the recipient's session, when the destination has one.
     */
    public Verdict readableAt(Destination destination, Conduit listed, Session writer) {
        EvalContext ctx = new EvalContext(writer, listed, destination, false, this);
        return Restrictiveness.decide(
                new PermissionRef(destination.conduit(), Permission.READ, destination.recipient(), false),
                new PermissionRef(listed, Permission.READ, null, false), ctx);
    }

    /** Drops every cached decision (the fact version already does this when facts change). */
    public void clearCache() {
        cache.clear();
    }

    private static DecisionCache.Key cacheKey(CompiledPolicy policy, Permission permission, EvalContext ctx) {
        Set<CompiledPolicy.Dependency> deps = policy.dependencies(permission);
        if (ctx.dest() != null || deps.contains(CompiledPolicy.Dependency.UNCACHEABLE)
                || deps.contains(CompiledPolicy.Dependency.DESTINATION)) {
            return null;
        }
        var session = ctx.session();
        boolean readsSelf = deps.contains(CompiledPolicy.Dependency.THIS_ID)
                || deps.contains(CompiledPolicy.Dependency.THIS_NAME)
                || deps.contains(CompiledPolicy.Dependency.THIS_OWNER);
        var self = readsSelf ? ctx.self() : ctx.selfUnnoted();
        return new DecisionCache.Key(policy.id(), permission, session.principal(),
                deps.contains(CompiledPolicy.Dependency.REGION) ? session.region() : null,
                deps.contains(CompiledPolicy.Dependency.TIME) ? session.time().toEpochMilli() : 0L,
                deps.contains(CompiledPolicy.Dependency.THIS_ID) ? self.id() : null,
                deps.contains(CompiledPolicy.Dependency.THIS_NAME) ? self.name() : null,
                deps.contains(CompiledPolicy.Dependency.THIS_OWNER) ? self.owner() : null,
                permission == Permission.UPDATE && ctx.appendOnly());
    }
}
