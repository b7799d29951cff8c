package org.maat.policy.eval;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.maat.policy.lang.Builtin;
import org.maat.policy.lang.Expr;
import org.maat.policy.lang.PolicyChecker;
import org.maat.policy.lang.Rule;
import org.maat.policy.lang.Term;

/**
 * Compiles a checked rule to a predicate tree. Conjunctions are put in join order: literals that
 * bind from the session come first, then membership tests with every argument bound, then lookups
 * through an index on a bound argument, and negations once their variables are bound. Two binary
 * lookups sharing their only free variable are fused into an {@link Node.Intersection}.
 */
final class RuleCompiler {

    private final Map<String, Integer> slots = new HashMap<>();

    private RuleCompiler() {
    }

    static CompiledRule compile(Rule rule) {
        RuleCompiler compiler = new RuleCompiler();
        Node root = compiler.compile(rule.body(), Set.of());
        return new CompiledRule(rule, root, compiler.slots.size());
    }

    private Node compile(Expr expr, Set<String> bound) {
        if (expr instanceof Expr.Or or) {
            List<Node> nodes = new ArrayList<>();
            or.operands().forEach(e -> nodes.add(compile(e, bound)));
            return new Node.Or(nodes);
        }
        if (expr instanceof Expr.And and) {
            return conjunction(and.operands(), bound);
        }
        if (expr instanceof Expr.Not not) {
            return new Node.Not(compile(not.operand(), bound));
        }
        if (expr instanceof Expr.Const c) {
            return new Node.Constant(c.value());
        }
        return atom((Expr.Atom) expr);
    }

    private Node conjunction(List<Expr> operands, Set<String> outerBound) {
        Set<String> bound = new HashSet<>(outerBound);
        List<Expr> remaining = new ArrayList<>(operands);
        List<Node> ordered = new ArrayList<>();
        while (!remaining.isEmpty()) {
            Expr next = remaining.get(0);
            for (Expr candidate : remaining) {
                if (cost(candidate, bound) < cost(next, bound)) {
                    next = candidate;
                }
            }
            remaining.remove(next);
            Expr partner = intersectionPartner(next, remaining, bound);
            if (partner != null) {
                remaining.remove(partner);
                ordered.add(intersection((Expr.Atom) next, (Expr.Atom) partner, bound));
                bound.addAll(PolicyChecker.bindings(partner));
            } else {
                ordered.add(compile(next, bound));
            }
            bound.addAll(PolicyChecker.bindings(next));
        }
        return ordered.size() == 1 ? ordered.get(0) : new Node.And(ordered);
    }

    /** Lower is earlier. Negations and comparisons wait until their variables are bound. */
    private static int cost(Expr expr, Set<String> bound) {
        Set<String> free = new HashSet<>(PolicyChecker.variables(expr));
        free.removeAll(bound);
        if (expr instanceof Expr.Const) {
            return 0;
        }
        if (expr instanceof Expr.Not) {
            return free.isEmpty() ? 4 : 50;
        }
        if (expr instanceof Expr.Atom atom) {
            Builtin builtin = Builtin.byName(atom.name());
            if (builtin == null) {
                boolean anyBound = atom.args().size() > free.size() || atom.args().isEmpty();
                return free.isEmpty() ? 2 : anyBound ? 3 + free.size() : 20;
            }
            if (builtin.bindsVariable()) {
                return 0;
            }
            if (builtin == Builtin.IS_AS_RESTRICTIVE) {
                return 6;
            }
            return free.isEmpty() ? 1 : 50;
        }
        return 5 + free.size();
    }

    /** A second binary lookup that shares {@code first}'s only free variable, itself its only one. */
    private static Expr intersectionPartner(Expr first, List<Expr> remaining, Set<String> bound) {
        String shared = soleFreeVariable(first, bound);
        if (shared == null) {
            return null;
        }
        for (Expr candidate : remaining) {
            if (shared.equals(soleFreeVariable(candidate, bound))) {
                return candidate;
            }
        }
        return null;
    }

    /** For a binary fact lookup with exactly one free variable occurring once: that variable. */
    private static String soleFreeVariable(Expr expr, Set<String> bound) {
        if (!(expr instanceof Expr.Atom atom) || Builtin.byName(atom.name()) != null || atom.args().size() != 2) {
            return null;
        }
        Term a = atom.args().get(0);
        Term b = atom.args().get(1);
        boolean aFree = a instanceof Term.Variable va && !bound.contains(va.name());
        boolean bFree = b instanceof Term.Variable vb && !bound.contains(vb.name());
        if (aFree == bFree) {
            return null;
        }
        return ((Term.Variable) (aFree ? a : b)).name();
    }

    private Node intersection(Expr.Atom left, Expr.Atom right, Set<String> bound) {
        int leftFree = freePosition(left, bound);
        int rightFree = freePosition(right, bound);
        Node.Fact leftNode = (Node.Fact) atom(left);
        Node.Fact rightNode = (Node.Fact) atom(right);
        Arg shared = arg(left.args().get(leftFree));
        return new Node.Intersection(leftNode, left.name(), arg(left.args().get(1 - leftFree)), 1 - leftFree,
                rightNode, right.name(), arg(right.args().get(1 - rightFree)), 1 - rightFree, shared);
    }

    private static int freePosition(Expr.Atom atom, Set<String> bound) {
        Term a = atom.args().get(0);
        return a instanceof Term.Variable v && !bound.contains(v.name()) ? 0 : 1;
    }

    private Node atom(Expr.Atom atom) {
        Builtin builtin = Builtin.byName(atom.name());
        if (builtin == Builtin.IS_AS_RESTRICTIVE) {
            return new Node.AsRestrictive((Term.Field) atom.args().get(0), (Term.Field) atom.args().get(1));
        }
        List<Arg> args = new ArrayList<>();
        atom.args().forEach(t -> args.add(arg(t)));
        return builtin == null ? new Node.Fact(atom.name(), args) : new Node.BuiltinCall(builtin, args);
    }

    private Arg arg(Term term) {
        if (term instanceof Term.Variable v) {
            return Arg.variable(slots.computeIfAbsent(v.name(), k -> slots.size()), v.name());
        }
        if (term instanceof Term.Str s) {
            return Arg.constant(s.value(), term);
        }
        if (term instanceof Term.Num n) {
            return Arg.constant(n.value().toPlainString(), term);
        }
        return Arg.field((Term.Field) term);
    }
}
