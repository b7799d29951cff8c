package org.maat.policy.lang;

import java.util.List;
import java.util.Objects;

/**
 * The body of a rule. {@link Or} and {@link And} always have at least two operands, so every
 * expression has exactly one canonical text and parsing that text gives the expression back.
 */
public sealed interface Expr {

    record Or(List<Expr> operands) implements Expr {
        public Or {
            operands = List.copyOf(operands);
            if (operands.size() < 2) {
                throw new IllegalArgumentException("'or' needs at least two operands");
            }
        }
    }

    record And(List<Expr> operands) implements Expr {
        public And {
            operands = List.copyOf(operands);
            if (operands.size() < 2) {
                throw new IllegalArgumentException("'and' needs at least two operands");
            }
        }
    }

    record Not(Expr operand) implements Expr {
        public Not {
            Objects.requireNonNull(operand, "operand");
        }
    }

    /** {@code true} or {@code false}. */
    record Const(boolean value) implements Expr {
    }

    /** A built-in predicate or a fact lookup: {@code name(term, ...)}. */
    record Atom(String name, List<Term> args) implements Expr {
        public Atom {
            Objects.requireNonNull(name, "name");
            args = List.copyOf(args);
        }
    }

    /** Every atom in {@code expr}, in source order, under any number of and/or/not. */
    static List<Atom> atoms(Expr expr) {
        List<Atom> out = new java.util.ArrayList<>();
        collectAtoms(expr, out);
        return out;
    }

    private static void collectAtoms(Expr expr, List<Atom> out) {
        if (expr instanceof Or or) {
            or.operands().forEach(e -> collectAtoms(e, out));
        } else if (expr instanceof And and) {
            and.operands().forEach(e -> collectAtoms(e, out));
        } else if (expr instanceof Not not) {
            collectAtoms(not.operand(), out);
        } else if (expr instanceof Atom atom) {
            out.add(atom);
        }
    }

    /** Or of the given operands, or the single operand itself. */
    static Expr or(List<Expr> operands) {
        return operands.size() == 1 ? operands.get(0) : new Or(operands);
    }

    /** And of the given operands, or the single operand itself. */
    static Expr and(List<Expr> operands) {
        return operands.size() == 1 ? operands.get(0) : new And(operands);
    }
}
