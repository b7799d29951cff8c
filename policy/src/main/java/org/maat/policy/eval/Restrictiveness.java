package org.maat.policy.eval;

import java.util.ArrayList;
import java.util.List;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.Builtin;
import org.maat.policy.lang.Expr;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.Rule;
import org.maat.policy.lang.Term;

/**
 * Decides {@code isAsRestrictive(p1, p2)}: permission p1 admits no session that p2 refuses.
 *
 * <p>Sound, never a wrong yes. It says yes when it can prove it:
 * <ol>
 *   <li>p1 can never be granted ({@code false}, or no rule): it admits nobody;</li>
 *   <li>p2 is granted unconditionally ({@code true}): it refuses nobody;</li>
 *   <li>p1 belongs to a single-session destination: exact, by evaluating p2 in that session
 *       (principal, region, time);</li>
 *   <li>p1 and p2 are the same rules once {@code this.*} is replaced by each conduit's values;</li>
 *   <li>every rule of p1 requires {@code sKeyIs(c)} for one principal c, and p2 does not look at the
 *       session's region or clock: exact, by evaluating p2 for principal c.</li>
 * </ol>
 * Anything else is a conservative no, with the reason saying it could not be proved.
 */
final class Restrictiveness {

    private Restrictiveness() {
    }

    static Verdict decide(PermissionRef first, PermissionRef second, EvalContext ctx) {
        if (first == null || second == null) {
            return new Verdict(false, "there is no destination to compare");
        }
        PolicyEngine engine = ctx.engine();
        CompiledPolicy p1 = engine.policy(first.conduit().policy());
        CompiledPolicy p2 = engine.policy(second.conduit().policy());
        if (p1.neverGrants(first.permission())) {
            return new Verdict(true, () -> describe(first) + " admits no session");
        }
        if (p2.alwaysGrants(second.permission())) {
            return new Verdict(true, () -> describe(second) + " admits every session");
        }
        // From here on the conduits' own fields decide.
        if (first.isThis() || second.isThis()) {
            ctx.noteSelfConsulted();
        }
        if (first.recipient() != null) {
            boolean ok = grants(engine, p2, second, first.recipient());
            return new Verdict(ok, () -> ok ? describe(second) + " admits the recipient " + first.recipient()
                    : describe(second) + " refuses the recipient " + first.recipient() + ", whom "
                    + describe(first) + " admits");
        }
        if (instantiate(p1, first).equals(instantiate(p2, second))) {
            return new Verdict(true, "both are the same rules for these conduits");
        }
        String principal = onlyPrincipal(p1, first);
        if (principal != null && !p2.dependsOnRegionOrTime(second.permission())) {
            boolean ok = grants(engine, p2, second, new Session(principal, null, ctx.session().time(), java.util.Map.of()));
            return new Verdict(ok, () -> ok ? describe(first) + " admits only " + principal + ", whom "
                    + describe(second) + " admits" : describe(second) + " refuses " + principal + ", whom "
                    + describe(first) + " admits");
        }
        return new Verdict(false, () -> "cannot prove that " + describe(first) + " admits no session that "
                + describe(second) + " refuses (only false, true, single-session destinations, identical rules"
                + " and single-principal rules are decided; anything else is refused to stay sound)");
    }

    private static boolean grants(PolicyEngine engine, CompiledPolicy policy, PermissionRef ref, Session session) {
        return engine.holds(policy.id(), ref.permission(), EvalContext.read(session, ref.conduit(), engine));
    }

    private static String describe(PermissionRef ref) {
        return ref.permission().keyword() + " of " + ref.conduit().id() + " (\"" + ref.conduit().name() + "\")";
    }

    /** The rule bodies for the permission with {@code this.*} replaced by the conduit's values. */
    private static List<Expr> instantiate(CompiledPolicy policy, PermissionRef ref) {
        List<Expr> out = new ArrayList<>();
        for (Rule rule : policy.policy().rulesFor(ref.permission())) {
            out.add(substitute(rule.body(), ref.conduit()));
        }
        return out;
    }

    private static Expr substitute(Expr expr, Conduit conduit) {
        if (expr instanceof Expr.Or or) {
            return new Expr.Or(or.operands().stream().map(e -> substitute(e, conduit)).toList());
        }
        if (expr instanceof Expr.And and) {
            return new Expr.And(and.operands().stream().map(e -> substitute(e, conduit)).toList());
        }
        if (expr instanceof Expr.Not not) {
            return new Expr.Not(substitute(not.operand(), conduit));
        }
        if (expr instanceof Expr.Atom atom) {
            return new Expr.Atom(atom.name(), atom.args().stream().map(t -> substitute(t, conduit)).toList());
        }
        return expr;
    }

    private static Term substitute(Term term, Conduit conduit) {
        if (term instanceof Term.Field f && f.scope() == Term.Scope.THIS) {
            return switch (f.name()) {
                case "id" -> new Term.Str(conduit.id());
                case "name" -> new Term.Str(conduit.name());
                case "owner" -> new Term.Str(conduit.owner());
                default -> term;
            };
        }
        return term;
    }

    /** The principal c when every rule for the permission has a top-level conjunct {@code sKeyIs(c)}. */
    private static String onlyPrincipal(CompiledPolicy policy, PermissionRef ref) {
        String principal = null;
        List<Rule> rules = policy.policy().rulesFor(ref.permission());
        if (rules.isEmpty()) {
            return null;
        }
        for (Rule rule : rules) {
            String p = requiredPrincipal(substitute(rule.body(), ref.conduit()));
            if (p == null || (principal != null && !principal.equals(p))) {
                return null;
            }
            principal = p;
        }
        return principal;
    }

    private static String requiredPrincipal(Expr body) {
        List<Expr> conjuncts = body instanceof Expr.And and ? and.operands() : List.of(body);
        for (Expr e : conjuncts) {
            if (e instanceof Expr.Atom atom && Builtin.byName(atom.name()) == Builtin.S_KEY_IS
                    && atom.args().size() == 1 && atom.args().get(0) instanceof Term.Str s) {
                return s.value();
            }
        }
        return null;
    }
}
