package org.maat.policy.eval;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.maat.policy.lang.AtRestStrength;
import org.maat.policy.lang.Builtin;
import org.maat.policy.lang.Expr;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.Policy;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.lang.Release;
import org.maat.policy.lang.Rule;
import org.maat.policy.lang.Term;

/**
 * A checked policy compiled once: its rules as predicate trees per permission, plus what its
 * decisions depend on (which {@code this} fields, whether the session region or clock), so that
 * decisions can be cached under exactly those inputs.
 */
public final class CompiledPolicy {

    /** Inputs a decision may depend on besides the facts and the session principal. */
    enum Dependency { THIS_ID, THIS_NAME, THIS_OWNER, REGION, TIME, DESTINATION, UNCACHEABLE }

    private final PolicyId id;
    private final Policy policy;
    private final String canonicalText;
    private final Map<Permission, List<CompiledRule>> rules = new EnumMap<>(Permission.class);
    private final Map<Permission, Set<Dependency>> dependencies = new EnumMap<>(Permission.class);
    /** Per permission, by ordinal: what its decisions look at (see {@link DecisionInputs}). */
    private final DecisionInputs[] inputs = new DecisionInputs[Permission.values().length];
    private final Set<Permission> neverGranted = EnumSet.noneOf(Permission.class);
    private final Set<Permission> alwaysGranted = EnumSet.noneOf(Permission.class);
    private final Set<Release> releases;
    private final Set<String> thisFields;
    private final Optional<String> minimumAtRest;

    CompiledPolicy(PolicyId id, Policy policy) {
        this.id = id;
        this.policy = policy;
        this.canonicalText = PolicyPrinter.print(policy);
        for (Permission p : Permission.values()) {
            List<CompiledRule> compiled = new ArrayList<>();
            Set<Dependency> deps = EnumSet.noneOf(Dependency.class);
            boolean consultsFacts = false;
            for (Rule rule : policy.rulesFor(p)) {
                compiled.add(RuleCompiler.compile(rule));
                collect(rule.body(), deps);
                consultsFacts |= consultsFacts(rule.body());
            }
            rules.put(p, List.copyOf(compiled));
            dependencies.put(p, deps);
            inputs[p.ordinal()] = DecisionInputs.of(deps, consultsFacts);
            List<Rule> source = policy.rulesFor(p);
            if (source.stream().allMatch(r -> r.body().equals(new Expr.Const(false)))) {
                neverGranted.add(p);
            }
            if (source.stream().anyMatch(r -> r.body().equals(new Expr.Const(true)))) {
                alwaysGranted.add(p);
            }
        }
        this.releases = collectReleases();
        this.thisFields = collectThisFields();
        this.minimumAtRest = collectMinimumAtRest();
    }

    public PolicyId id() {
        return id;
    }

    public Policy policy() {
        return policy;
    }

    public String canonicalText() {
        return canonicalText;
    }

    /** Whether any rule grants {@code permission} in this context (releases are not considered). */
    public boolean holds(Permission permission, EvalContext ctx) {
        for (CompiledRule rule : rules.get(permission)) {
            if (rule.holds(ctx)) {
                return true;
            }
        }
        return false;
    }

    /** Why {@code permission} holds or not in this context. */
    public Explanation explain(Permission permission, EvalContext ctx) {
        List<Explanation.RuleTrace> traces = new ArrayList<>();
        boolean allowed = false;
        for (CompiledRule rule : rules.get(permission)) {
            Explanation.RuleTrace trace = rule.explain(ctx);
            traces.add(trace);
            allowed |= trace.holds();
        }
        return new Explanation(allowed, traces);
    }

    /**
     * The strongest cipher any {@code atRestAtLeast} of the declassify rules names (a name of
     * {@link AtRestStrength}), or empty when they name none: a file sealed with it satisfies every such
     * literal, so a writer that picks it before creating a file is never refused for its cipher.
     */
    public Optional<String> minimumAtRest() {
        return minimumAtRest;
    }

    private Optional<String> collectMinimumAtRest() {
        Optional<String> strongest = Optional.empty();
        for (Rule rule : policy.rulesFor(Permission.DECLASSIFY)) {
            for (Expr.Atom atom : Expr.atoms(rule.body())) {
                if (Builtin.byName(atom.name()) == Builtin.AT_REST_AT_LEAST
                        && atom.args().get(0) instanceof Term.Str name) {
                    strongest = AtRestStrength.stronger(strongest, Optional.of(name.value()));
                }
            }
        }
        return strongest;
    }

    /** The releases ({@code until ...}) of the declassify rules. */
    public Set<Release> releases() {
        return releases;
    }

    private Set<Release> collectReleases() {
        Set<Release> out = EnumSet.noneOf(Release.class);
        for (CompiledRule rule : rules.get(Permission.DECLASSIFY)) {
            if (rule.release() != null) {
                out.add(rule.release());
            }
        }
        return java.util.Collections.unmodifiableSet(out);
    }

    /** True when no rule can grant {@code permission}: none exists, or every one is {@code false}. */
    boolean neverGrants(Permission permission) {
        return neverGranted.contains(permission);
    }

    /** True when some rule grants {@code permission} unconditionally. */
    boolean alwaysGrants(Permission permission) {
        return alwaysGranted.contains(permission);
    }

    /** Whether a decision for {@code permission} depends on the session's region or clock. */
    boolean dependsOnRegionOrTime(Permission permission) {
        Set<Dependency> deps = dependencies.get(permission);
        return deps.contains(Dependency.REGION) || deps.contains(Dependency.TIME)
                || deps.contains(Dependency.UNCACHEABLE);
    }

    /** What decisions of {@code permission} look at, for the engine's choice to cache them or not. */
    DecisionInputs inputs(Permission permission) {
        return inputs[permission.ordinal()];
    }

    /** Whether evaluating {@code expr} may look up a fact (or another policy's decision). */
    private static boolean consultsFacts(Expr expr) {
        for (Expr.Atom atom : Expr.atoms(expr)) {
            Builtin builtin = Builtin.byName(atom.name());
            if (builtin == null || builtin == Builtin.IS_AS_RESTRICTIVE) {
                return true;
            }
        }
        return false;
    }

    /** Which {@code this} fields any rule of this policy reads; the rest of a conduit is irrelevant to it. */
    public Set<String> thisFields() {
        return thisFields;
    }

    private Set<String> collectThisFields() {
        Set<String> out = new java.util.TreeSet<>();
        for (Set<Dependency> deps : dependencies.values()) {
            if (deps.contains(Dependency.THIS_ID)) {
                out.add("id");
            }
            if (deps.contains(Dependency.THIS_NAME)) {
                out.add("name");
            }
            if (deps.contains(Dependency.THIS_OWNER)) {
                out.add("owner");
            }
        }
        return java.util.Collections.unmodifiableSet(out);
    }

    private static void collect(Expr expr, Set<Dependency> deps) {
        for (Expr.Atom atom : Expr.atoms(expr)) {
            Builtin builtin = Builtin.byName(atom.name());
            if (builtin != null) {
                switch (builtin) {
                    case S_REGION_IS -> deps.add(Dependency.REGION);
                    case S_TIME_BEFORE, S_TIME_AFTER -> deps.add(Dependency.TIME);
                    case C_ID_IS -> deps.add(Dependency.THIS_ID);
                    case C_NAME_IS -> deps.add(Dependency.THIS_NAME);
                    case DEST_NAME_IS, AT_REST_AT_LEAST -> deps.add(Dependency.DESTINATION);
                    // Decided against other policies and possibly another session: never cached.
                    case IS_AS_RESTRICTIVE -> deps.add(Dependency.UNCACHEABLE);
                    default -> { }
                }
            }
            for (Term t : atom.args()) {
                // The principal is part of every cache key, so it adds no dependency.
                if (t instanceof Term.Field f && !(f.scope() == Term.Scope.SESSION && f.name().equals("principal"))) {
                    deps.add(fieldDependency(f));
                }
            }
        }
    }

    private static Dependency fieldDependency(Term.Field f) {
        return switch (f.scope()) {
            case DEST -> Dependency.DESTINATION;
            case SESSION -> switch (f.name()) {
                case "region" -> Dependency.REGION;
                case "time" -> Dependency.TIME;
                default -> Dependency.UNCACHEABLE;
            };
            case THIS -> switch (f.name()) {
                case "id" -> Dependency.THIS_ID;
                case "name" -> Dependency.THIS_NAME;
                case "owner" -> Dependency.THIS_OWNER;
                // this.read and friends: the same policy, so the fields it reads are counted already.
                default -> Dependency.UNCACHEABLE;
            };
        };
    }

    @Override
    public String toString() {
        return id + "\n" + canonicalText;
    }
}
