package org.maat.policy.lang;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Static checks on a parsed policy: the {@linkplain PolicyLimits size limits} (checked first and
 * without recursion, so a policy built in code of any size gets a problem, not a stack overflow),
 * one rule per permission, built-in arity and placement, fact lookups with at least one argument, {@code until} only on declassify, known {@code this./session./dest.} fields, permission fields only inside
 * isAsRestrictive, and safety: every variable under {@code not} or in a comparison must be bound
 * by a positive predicate of the same conjunction (otherwise its meaning would depend on
 * evaluation order).
 */
public final class PolicyChecker {

    private final SourcePositions positions;
    private final List<PolicyProblem> problems = new ArrayList<>();

    private PolicyChecker(SourcePositions positions) {
        this.positions = positions;
    }

    /** Every problem in the policy, in source order; empty when it is well formed. */
    public static List<PolicyProblem> check(ParsedPolicy parsed) {
        PolicyChecker checker = new PolicyChecker(parsed.positions());
        if (!checker.withinLimits(parsed.policy())) {
            return List.copyOf(checker.problems);
        }
        Map<Permission, Rule> first = new EnumMap<>(Permission.class);
        for (Rule rule : parsed.policy().rules()) {
            Rule earlier = first.putIfAbsent(rule.permission(), rule);
            if (earlier != null) {
                checker.reportSecondRule(rule, earlier, parsed.policy());
            }
            checker.checkRule(rule);
        }
        return List.copyOf(checker.problems);
    }

    public static List<PolicyProblem> check(Policy policy) {
        return check(new ParsedPolicy(policy, SourcePositions.NONE));
    }

    /** Parses and checks; throws {@link PolicySyntaxError} or {@link PolicyCheckException}. */
    public static Policy parseAndCheck(String text) {
        ParsedPolicy parsed = PolicyParser.parseWithPositions(text);
        List<PolicyProblem> problems = check(parsed);
        if (!problems.isEmpty()) {
            throw new PolicyCheckException(problems);
        }
        return parsed.policy();
    }

    /** Reports the first rule that nests too deep or brings the literals past the limit. */
    private boolean withinLimits(Policy policy) {
        int literals = 0;
        for (Rule rule : policy.rules()) {
            if (PolicyLimits.depth(rule.body()) > PolicyLimits.MAX_DEPTH) {
                report(rule, PolicyLimits.tooDeep());
                return false;
            }
            literals += PolicyLimits.literals(rule.body());
            if (literals > PolicyLimits.MAX_LITERALS) {
                report(rule, PolicyLimits.tooManyLiterals());
                return false;
            }
        }
        return true;
    }

    /**
     * The language has one rule per permission (README): a second one is refused rather than
     * silently OR'd, since an author who adds it usually meant to replace or narrow the first.
     */
    private void reportSecondRule(Rule second, Rule first, Policy policy) {
        SourcePositions.Position at = positions.of(first);
        String where = at != null ? "on line " + at.line() : "rule " + (policy.rules().indexOf(first) + 1);
        report(second, "a second '" + second.permission().keyword() + "' rule (the first is " + where
                + "): a policy has one rule per permission; join the alternatives with 'or'");
    }

    private void checkRule(Rule rule) {
        if (rule.release() != null && rule.permission() != Permission.DECLASSIFY) {
            report(rule, "'until " + rule.release().keyword() + "' is only allowed on a declassify rule, not on '"
                    + rule.permission().keyword() + "'");
        }
        Expr.atoms(rule.body()).forEach(atom -> checkAtom(atom, rule.permission()));
        checkSafety(rule.body(), Set.of());
    }

    private void checkAtom(Expr.Atom atom, Permission permission) {
        Builtin builtin = Builtin.byName(atom.name());
        if (builtin == null && atom.args().isEmpty()) {
            // A fact has at least one argument (FactSyntax), so this lookup could never hold.
            report(atom, "fact lookup '" + atom.name() + "()' has no arguments; facts have at least one");
        }
        if (builtin != null) {
            if (atom.args().size() != builtin.arity()) {
                report(atom, "built-in '" + atom.name() + "' takes " + builtin.arity() + " argument"
                        + (builtin.arity() == 1 ? "" : "s") + ", not " + atom.args().size());
            }
            if (builtin.onlyIn() != null && builtin.onlyIn() != permission) {
                report(atom, "built-in '" + atom.name() + "' is only meaningful in a "
                        + builtin.onlyIn().keyword() + " rule");
            }
        }
        if ((builtin == Builtin.S_TIME_BEFORE || builtin == Builtin.S_TIME_AFTER) && atom.args().size() == 1) {
            checkInstant(atom.args().get(0));
        }
        if (builtin == Builtin.AT_REST_AT_LEAST && atom.args().size() == 1) {
            checkCipher(atom.args().get(0));
        }
        for (int i = 0; i < atom.args().size(); i++) {
            Term arg = atom.args().get(i);
            if (!(arg instanceof Term.Field field)) {
                if (builtin == Builtin.IS_AS_RESTRICTIVE) {
                    report(arg, "isAsRestrictive compares permissions: use this.read, dest.read, ... not "
                            + PolicyPrinter.print(arg));
                }
                continue;
            }
            if (!Fields.isKnown(field)) {
                report(field, "unknown field '" + PolicyPrinter.print(field) + "'; " + field.scope().keyword()
                        + " has " + String.join(", ", new java.util.TreeSet<>(Fields.known(field.scope()))));
                continue;
            }
            if (field.scope() == Term.Scope.DEST && permission != Permission.DECLASSIFY) {
                report(field, "'" + PolicyPrinter.print(field) + "' is only defined in a declassify rule");
            }
            boolean permissionField = Fields.isPermission(field);
            if (builtin == Builtin.IS_AS_RESTRICTIVE && !permissionField) {
                report(field, "isAsRestrictive compares permissions: use this.read, dest.read, ... not "
                        + PolicyPrinter.print(field));
            } else if (builtin != Builtin.IS_AS_RESTRICTIVE && permissionField) {
                report(field, "'" + PolicyPrinter.print(field) + "' is a permission; it can only be an argument of "
                        + "isAsRestrictive");
            }
        }
    }

    /** A constant time that names no instant would fail every evaluation of the rule: refuse it here. */
    private void checkInstant(Term arg) {
        String value = arg instanceof Term.Str str ? str.value()
                : arg instanceof Term.Num num ? num.value().toPlainString() : null;
        if (value != null && Builtin.instant(value).isEmpty()) {
            report(arg, PolicyPrinter.print(arg) + " is neither epoch milliseconds nor an ISO-8601 instant"
                    + " such as \"2026-01-01T00:00:00Z\"");
        }
    }

    /**
     * The minimum of atRestAtLeast is a constant naming a known cipher: a writer must be able to read it
     * before any data exists ({@code PolicyEngine.minimumAtRest}), and a misspelt name would refuse every write.
     */
    private void checkCipher(Term arg) {
        if (!(arg instanceof Term.Str str)) {
            report(arg, "atRestAtLeast takes a cipher name in quotes, e.g. atRestAtLeast(\"chacha20\"), not "
                    + PolicyPrinter.print(arg));
        } else if (!AtRestStrength.isKnown(str.value())) {
            report(arg, "unknown cipher \"" + str.value() + "\" in atRestAtLeast: expected one of "
                    + String.join(", ", AtRestStrength.names()));
        }
    }

    /** Checks negations and comparisons under the variables the enclosing conjunctions bind. */
    private void checkSafety(Expr expr, Set<String> bound) {
        if (expr instanceof Expr.And and) {
            Set<String> inScope = new HashSet<>(bound);
            and.operands().forEach(e -> inScope.addAll(bindings(e)));
            and.operands().forEach(e -> checkSafety(e, inScope));
        } else if (expr instanceof Expr.Or or) {
            or.operands().forEach(e -> checkSafety(e, bound));
        } else if (expr instanceof Expr.Not not) {
            for (String v : variables(not.operand())) {
                if (!bound.contains(v)) {
                    report(not, "unsafe negation: variable " + v + " under 'not' is bound by nothing; bind it with"
                            + " a positive predicate in the same conjunction");
                }
            }
        } else if (expr instanceof Expr.Atom atom) {
            Builtin builtin = Builtin.byName(atom.name());
            if (builtin != null && !builtin.bindsVariable()) {
                for (String v : variables(atom)) {
                    if (!bound.contains(v)) {
                        report(atom, "variable " + v + " in '" + atom.name() + "' is bound by nothing; bind it with"
                                + " a positive predicate in the same conjunction");
                    }
                }
            }
        }
    }

    /** Variables certainly bound when {@code expr} holds. */
    public static Set<String> bindings(Expr expr) {
        if (expr instanceof Expr.And and) {
            Set<String> all = new HashSet<>();
            and.operands().forEach(e -> all.addAll(bindings(e)));
            return all;
        }
        if (expr instanceof Expr.Or or) {
            Set<String> common = new HashSet<>(bindings(or.operands().get(0)));
            or.operands().forEach(e -> common.retainAll(bindings(e)));
            return common;
        }
        if (expr instanceof Expr.Atom atom) {
            Builtin builtin = Builtin.byName(atom.name());
            return builtin == null || builtin.bindsVariable() ? variables(atom) : Set.of();
        }
        return Set.of();
    }

    /** Every variable mentioned in {@code expr}, in order of appearance. */
    public static Set<String> variables(Expr expr) {
        Set<String> out = new LinkedHashSet<>();
        for (Expr.Atom atom : Expr.atoms(expr)) {
            for (Term t : atom.args()) {
                if (t instanceof Term.Variable v) {
                    out.add(v.name());
                }
            }
        }
        return out;
    }

    private void report(Object node, String message) {
        problems.add(new PolicyProblem(positions.of(node), message));
    }
}
