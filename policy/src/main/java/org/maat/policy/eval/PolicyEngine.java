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
 * update decisions of rules that consult facts are cached per (policy, session inputs the policy
 * uses, conduit fields it reads, fact version), so the fast path of a repeated check is one hash
 * lookup that allocates nothing; rules that consult no fact (a comparison of session and conduit
 * fields) are evaluated instead, which costs less, and an unconditional grant not even that.
 * Thread-safe.
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
        DecisionInputs inputs = policy.inputs(permission);
        if (ctx.dest() != null || !inputs.cached()) {
            return policy.holds(permission, ctx);
        }
        // The key reads this: the same note an evaluation would leave.
        Conduit self = inputs.readsThis() ? ctx.self() : ctx.selfUnnoted();
        return cachedDecision(policy, permission, inputs, ctx.session(), self, ctx.appendOnly(), ctx);
    }

    /**
     * Whether {@code session} may read {@code conduit}: {@link #holds} of the conduit's read rule, without a
     * context unless the rule must be evaluated. A rule that grants unconditionally ({@code public}) is not
     * evaluated at all, one that consults no fact is evaluated without the cache, and the rest are looked up
     * in the cache without allocating.
     */
    public boolean mayRead(Session session, Conduit conduit) {
        CompiledPolicy policy = policy(conduit.policy());
        if (policy.alwaysGrants(Permission.READ)) {
            return true;
        }
        DecisionInputs inputs = policy.inputs(Permission.READ);
        if (!inputs.cached()) {
            return policy.holds(Permission.READ, EvalContext.read(session, conduit, this));
        }
        return cachedDecision(policy, Permission.READ, inputs, session, conduit, false, null);
    }

    /** The cached decision, else evaluated (in {@code ctx}, or a new read context when null) and cached. */
    private boolean cachedDecision(CompiledPolicy policy, Permission permission, DecisionInputs inputs,
                                   Session session, Conduit self, boolean appendOnly, EvalContext ctx) {
        long version = facts.version();
        int cached = cache.find(version, policy.id(), permission, inputs, session, self, appendOnly);
        if (cached != DecisionCache.ABSENT) {
            return cached == DecisionCache.GRANTED;
        }
        boolean decision = policy.holds(permission, ctx != null ? ctx : EvalContext.read(session, self, this));
        cache.put(DecisionCache.Key.of(policy.id(), permission, inputs, session, self, appendOnly), version, decision);
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
}
