package org.maat.policy.lang;

import java.util.ArrayDeque;
import java.util.Deque;

/**
 * The largest policy the language accepts: at most {@value #MAX_DEPTH} levels of parentheses and
 * {@code not}, and at most {@value #MAX_LITERALS} literals (predicates, {@code true}, {@code false})
 * in one policy. The parser refuses text beyond them at the offending token, and the checker refuses
 * a policy built in code beyond them, so every stage after the checker (compiling, printing,
 * evaluating, which recurse over the expression and, for a conjunction, once per literal) works
 * within a thread's stack: a policy at both limits evaluates on a 512 KB stack, half the JVM's
 * default (measured: it needs 192 to 256 KB; 1,000 literals in one conjunction need more than 512 KB). Every shipped
 * template is far below both (at most 12 literals, nesting 3 deep, with {@code +mal+censorship}).
 */
public final class PolicyLimits {

    /** The deepest nesting of parentheses and {@code not}, counted as in the canonical text. */
    public static final int MAX_DEPTH = 64;

    /** The most literals one policy may hold, over all its rules. */
    public static final int MAX_LITERALS = 256;

    private PolicyLimits() {
    }

    static String tooDeep() {
        return "nested more than " + MAX_DEPTH + " levels deep (parentheses and 'not')";
    }

    static String tooManyLiterals() {
        return "more than " + MAX_LITERALS + " literals in one policy (the limit keeps evaluation within bounds)";
    }

    /**
     * How deep the canonical text of {@code expr} nests parentheses and {@code not} (see
     * {@link PolicyPrinter}). Iterative, so that an expression built in code of any depth can be
     * measured before anything recursive touches it.
     */
    static int depth(Expr expr) {
        record Visit(Expr expr, int depth) { }
        Deque<Visit> todo = new ArrayDeque<>();
        todo.push(new Visit(expr, 0));
        int max = 0;
        while (!todo.isEmpty()) {
            Visit v = todo.pop();
            max = Math.max(max, v.depth());
            if (v.expr() instanceof Expr.Or or) {
                or.operands().forEach(e -> todo.push(new Visit(e, v.depth() + (e instanceof Expr.Or ? 1 : 0))));
            } else if (v.expr() instanceof Expr.And and) {
                and.operands().forEach(e -> todo.push(new Visit(e, v.depth() + (isCompound(e) ? 1 : 0))));
            } else if (v.expr() instanceof Expr.Not not) {
                todo.push(new Visit(not.operand(), v.depth() + (isCompound(not.operand()) ? 2 : 1)));
            }
        }
        return max;
    }

    /** How many literals (atoms and constants) {@code expr} holds; iterative like {@link #depth}. */
    static int literals(Expr expr) {
        Deque<Expr> todo = new ArrayDeque<>();
        todo.push(expr);
        int count = 0;
        while (!todo.isEmpty()) {
            Expr e = todo.pop();
            if (e instanceof Expr.Or or) {
                or.operands().forEach(todo::push);
            } else if (e instanceof Expr.And and) {
                and.operands().forEach(todo::push);
            } else if (e instanceof Expr.Not not) {
                todo.push(not.operand());
            } else {
                count++;
            }
        }
        return count;
    }

    private static boolean isCompound(Expr e) {
        return e instanceof Expr.Or || e instanceof Expr.And;
    }
}
