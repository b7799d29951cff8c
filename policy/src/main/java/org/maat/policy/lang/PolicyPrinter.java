package org.maat.policy.lang;

import java.util.stream.Collectors;
import org.maat.policy.facts.FactSyntax;

/**
 * The canonical text of a policy: one rule per line, single spaces, parentheses only where
 * precedence needs them. {@code PolicyParser.parse(print(p))} equals {@code p}, and the canonical
 * text is what {@link PolicyId} hashes.
 */
public final class PolicyPrinter {

    private PolicyPrinter() {
    }

    public static String print(Policy policy) {
        StringBuilder sb = new StringBuilder();
        for (Rule rule : policy.rules()) {
            sb.append(print(rule)).append('\n');
        }
        return sb.toString();
    }

    public static String print(Rule rule) {
        StringBuilder sb = new StringBuilder(rule.permission().keyword()).append(" :- ").append(print(rule.body()));
        if (rule.release() != null) {
            sb.append(" until ").append(rule.release().keyword());
        }
        return sb.append(';').toString();
    }

    public static String print(Expr expr) {
        if (expr instanceof Expr.Or or) {
            return or.operands().stream()
                    .map(e -> e instanceof Expr.Or ? "(" + print(e) + ")" : print(e))
                    .collect(Collectors.joining(" or "));
        }
        if (expr instanceof Expr.And and) {
            return and.operands().stream()
                    .map(e -> isCompound(e) ? "(" + print(e) + ")" : print(e))
                    .collect(Collectors.joining(" and "));
        }
        if (expr instanceof Expr.Not not) {
            return "not " + (isCompound(not.operand()) ? "(" + print(not.operand()) + ")" : print(not.operand()));
        }
        if (expr instanceof Expr.Const c) {
            return c.value() ? "true" : "false";
        }
        Expr.Atom atom = (Expr.Atom) expr;
        return atom.name() + atom.args().stream().map(PolicyPrinter::print)
                .collect(Collectors.joining(", ", "(", ")"));
    }

    public static String print(Term term) {
        if (term instanceof Term.Variable v) {
            return v.name();
        }
        if (term instanceof Term.Str s) {
            return FactSyntax.quote(s.value());
        }
        if (term instanceof Term.Num n) {
            return n.value().toPlainString();
        }
        Term.Field f = (Term.Field) term;
        return f.scope().keyword() + "." + f.name();
    }

    private static boolean isCompound(Expr e) {
        return e instanceof Expr.Or || e instanceof Expr.And;
    }
}
