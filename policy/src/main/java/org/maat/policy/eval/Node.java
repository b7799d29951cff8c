package org.maat.policy.eval;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.maat.policy.lang.AtRestStrength;
import org.maat.policy.lang.Builtin;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.Term;

/**
 * A compiled predicate tree node. {@link #solve} finds bindings under which the node holds and,
 * for each, runs the continuation (the rest of the conjunction); it returns true as soon as one
 * continuation succeeds. Bindings a node makes are undone before it returns.
 */
abstract class Node {

    abstract boolean solve(Frame frame, Cont next);

    /** The node as policy text, for explanations. */
    abstract String text();

    /** The node as policy text with the current values of its arguments. */
    String describe(Frame frame) {
        return text();
    }

    /** {@code name(arg, ...)} as written, or with each argument's current value when a frame is given. */
    static String call(String name, Arg[] args, Frame frame) {
        StringBuilder sb = new StringBuilder(name).append('(');
        for (int i = 0; i < args.length; i++) {
            sb.append(i == 0 ? "" : ", ").append(frame == null ? args[i].text : args[i].describe(frame));
        }
        return sb.append(')').toString();
    }

    static final class Constant extends Node {
        private final boolean value;

        Constant(boolean value) {
            this.value = value;
        }

        @Override
        boolean solve(Frame frame, Cont next) {
            if (!value) {
                frame.fail(() -> "false");
                return false;
            }
            return frame.held(() -> "true", next);
        }

        @Override
        String text() {
            return Boolean.toString(value);
        }
    }

    static final class Or extends Node {
        private final Node[] operands;

        Or(List<Node> operands) {
            this.operands = operands.toArray(Node[]::new);
        }

        @Override
        boolean solve(Frame frame, Cont next) {
            for (Node operand : operands) {
                if (operand.solve(frame, next)) {
                    return true;
                }
            }
            return false;
        }

        @Override
        String text() {
            return java.util.Arrays.stream(operands).map(n -> n instanceof And ? "(" + n.text() + ")" : n.text())
                    .collect(Collectors.joining(" or "));
        }
    }

    /** A conjunction whose operands the compiler already put in join order. */
    static final class And extends Node {
        private final Node[] operands;

        And(List<Node> operands) {
            this.operands = operands.toArray(Node[]::new);
        }

        @Override
        boolean solve(Frame frame, Cont next) {
            return solveFrom(0, frame, next);
        }

        private boolean solveFrom(int i, Frame frame, Cont next) {
            if (i == operands.length) {
                return next.run(frame);
            }
            return operands[i].solve(frame, f -> solveFrom(i + 1, f, next));
        }

        @Override
        String text() {
            return java.util.Arrays.stream(operands).map(n -> n instanceof Or ? "(" + n.text() + ")" : n.text())
                    .collect(Collectors.joining(" and "));
        }
    }

    /** Negation as failure; safe because the checker guarantees its variables are bound. */
    static final class Not extends Node {
        private final Node operand;

        Not(Node operand) {
            this.operand = operand;
        }

        @Override
        boolean solve(Frame frame, Cont next) {
            // The operand's own failures are not why the rule failed, so it is probed silently.
            if (operand.solve(frame.silent(), Cont.SUCCEED)) {
                frame.fail(() -> "not " + operand.text() + " is false: " + operand.describe(frame) + " holds");
                return false;
            }
            return frame.held(() -> "not " + operand.describe(frame), next);
        }

        @Override
        String text() {
            return "not " + (operand instanceof And || operand instanceof Or ? "(" + operand.text() + ")" : operand.text());
        }
    }

    /** A lookup in the fact store, binding any unbound variable arguments by unification. */
    static final class Fact extends Node {
        private final String relation;
        private final Arg[] args;

        Fact(String relation, List<Arg> args) {
            this.relation = relation;
            this.args = args.toArray(Arg[]::new);
        }

        @Override
        boolean solve(Frame frame, Cont next) {
            String[] pattern = new String[args.length];
            boolean ground = true;
            for (int i = 0; i < args.length; i++) {
                pattern[i] = args[i].value(frame);
                if (pattern[i] == null) {
                    if (args[i].kind != Arg.Kind.VARIABLE) {
                        Arg missing = args[i];
                        frame.fail(() -> describe(frame) + " (" + missing.text + " has no value here)");
                        return false;
                    }
                    ground = false;
                }
            }
            if (ground) {
                if (!frame.ctx.engine().facts().contains(relation, List.of(pattern))) {
                    frame.fail(() -> describe(frame) + " is not a fact");
                    return false;
                }
                return frame.held(() -> describe(frame), next);
            }
            Collection<List<String>> matches = frame.ctx.engine().facts().match(relation, pattern);
            if (matches.isEmpty()) {
                frame.fail(() -> describe(frame) + " matches no fact");
                return false;
            }
            for (List<String> tuple : matches) {
                if (bind(frame, tuple) && frame.held(() -> describe(frame), next)) {
                    unbind(frame, pattern);
                    return true;
                }
                unbind(frame, pattern);
            }
            return false;
        }

        /** Binds the free variables to the tuple; false when a variable repeated in the atom disagrees. */
        private boolean bind(Frame frame, List<String> tuple) {
            for (int i = 0; i < args.length; i++) {
                if (args[i].kind == Arg.Kind.VARIABLE) {
                    String current = frame.slots[args[i].slot];
                    if (current == null) {
                        frame.slots[args[i].slot] = tuple.get(i);
                    } else if (!current.equals(tuple.get(i))) {
                        return false;
                    }
                }
            }
            return true;
        }

        private void unbind(Frame frame, String[] pattern) {
            for (int i = 0; i < args.length; i++) {
                if (pattern[i] == null) {
                    frame.slots[args[i].slot] = null;
                }
            }
        }

        @Override
        String describe(Frame frame) {
            return call(relation, args, frame);
        }

        @Override
        String text() {
            return call(relation, args, null);
        }
    }

    /**
     * Two binary lookups that share one free variable, each with its other argument bound:
     * {@code friend(this.owner, F) and friend(F, K)}. Solved by intersecting the two neighbour sets
     * (two hash probes, then a walk of the smaller set probing the larger) instead of trying each F.
     */
    static final class Intersection extends Node {
        private final Fact left;
        private final Fact right;
        private final String leftRelation;
        private final String rightRelation;
        private final Arg leftBound;
        private final int leftBoundPosition;
        private final Arg rightBound;
        private final int rightBoundPosition;
        private final int slot;
        private final String variable;

        Intersection(Fact left, String leftRelation, Arg leftBound, int leftBoundPosition,
                     Fact right, String rightRelation, Arg rightBound, int rightBoundPosition, Arg shared) {
            this.left = left;
            this.right = right;
            this.leftRelation = leftRelation;
            this.rightRelation = rightRelation;
            this.leftBound = leftBound;
            this.leftBoundPosition = leftBoundPosition;
            this.rightBound = rightBound;
            this.rightBoundPosition = rightBoundPosition;
            this.slot = shared.slot;
            this.variable = shared.text;
        }

        @Override
        boolean solve(Frame frame, Cont next) {
            String a = leftBound.value(frame);
            String b = rightBound.value(frame);
            if (a == null || b == null) {
                frame.fail(() -> left.describe(frame) + " and " + right.describe(frame) + " (an argument has no value)");
                return false;
            }
            var facts = frame.ctx.engine().facts();
            for (String candidate : facts.commonNeighbours(leftRelation, leftBoundPosition, a,
                    rightRelation, rightBoundPosition, b)) {
                frame.slots[slot] = candidate;
                boolean ok = frame.held(() -> left.describe(frame) + " and " + right.describe(frame), next);
                frame.slots[slot] = null;
                if (ok) {
                    return true;
                }
            }
            if (frame.trace != null) {
                frame.fail(() -> left.describe(frame) + " and " + right.describe(frame) + " have no common " + variable
                        + " (" + facts.degree(leftRelation, leftBoundPosition, a) + " and "
                        + facts.degree(rightRelation, rightBoundPosition, b) + " candidates)");
            }
            return false;
        }

        @Override
        String text() {
            return left.text() + " and " + right.text();
        }
    }

    /** A built-in other than isAsRestrictive. */
    static final class BuiltinCall extends Node {
        private final Builtin builtin;
        private final Arg[] args;

        BuiltinCall(Builtin builtin, List<Arg> args) {
            this.builtin = builtin;
            this.args = args.toArray(Arg[]::new);
        }

        @Override
        boolean solve(Frame frame, Cont next) {
            EvalContext ctx = frame.ctx;
            switch (builtin) {
                case S_KEY_IS:
                    return unify(frame, next, ctx.session().principal(), "session principal");
                case S_REGION_IS:
                    return unify(frame, next, ctx.session().region(), "session region");
                case C_ID_IS:
                    return unify(frame, next, ctx.self().id(), "conduit id");
                default:
                    break;
            }
            boolean holds = switch (builtin) {
                case S_TIME_BEFORE -> ctx.session().time().isBefore(instant(args[0].value(frame)));
                case S_TIME_AFTER -> ctx.session().time().isAfter(instant(args[0].value(frame)));
                case C_NAME_IS -> Glob.matches(args[0].value(frame), ctx.self().name());
                case DEST_NAME_IS -> ctx.dest() != null && Glob.matches(args[0].value(frame), ctx.dest().conduit().name());
                case APPEND_ONLY -> ctx.appendOnly();
                case AT_REST_AT_LEAST -> atRestAtLeast(ctx, args[0].value(frame));
                case LT -> compare(frame) < 0;
                case LE -> compare(frame) <= 0;
                case EQ -> compare(frame) == 0;
                case GE -> compare(frame) >= 0;
                case GT -> compare(frame) > 0;
                default -> throw new IllegalStateException("not a plain built-in: " + builtin);
            };
            if (!holds) {
                frame.fail(() -> describe(frame) + " is false" + contextNote(ctx));
                return false;
            }
            return frame.held(() -> describe(frame), next);
        }

        private boolean unify(Frame frame, Cont next, String actual, String what) {
            Arg arg = args[0];
            String expected = arg.value(frame);
            if (actual == null) {
                frame.fail(() -> describe(frame) + " is false: the " + what + " is unknown");
                return false;
            }
            if (expected == null && arg.kind == Arg.Kind.VARIABLE) {
                frame.slots[arg.slot] = actual;
                boolean ok = frame.held(() -> describe(frame), next);
                frame.slots[arg.slot] = null;
                return ok;
            }
            if (!actual.equals(expected)) {
                frame.fail(() -> describe(frame) + " is false: the " + what + " is \"" + actual + "\"");
                return false;
            }
            return frame.held(() -> describe(frame), next);
        }

        private String contextNote(EvalContext ctx) {
            return switch (builtin) {
                case S_TIME_BEFORE, S_TIME_AFTER -> ": the session time is " + ctx.session().time();
                case C_NAME_IS -> ": the conduit is named \"" + ctx.self().name() + "\"";
                case DEST_NAME_IS -> ctx.dest() == null ? ": there is no destination"
                        : ": the destination is named \"" + ctx.dest().conduit().name() + "\"";
                case APPEND_ONLY -> ": the write does not only append";
                case AT_REST_AT_LEAST -> ": the destination is sealed with \""
                        + ctx.dest().conduit().attributes().get(AtRestStrength.ATTRIBUTE) + "\"";
                default -> "";
            };
        }

        /**
         * A destination without the attribute is not a file at rest (a channel, a log, a profile): nothing to
         * require of it. An attribute naming no known cipher fails, never passes.
         */
        private static boolean atRestAtLeast(EvalContext ctx, String required) {
            if (ctx.dest() == null) {
                return true;
            }
            String sealedWith = ctx.dest().conduit().attributes().get(AtRestStrength.ATTRIBUTE);
            return sealedWith == null || AtRestStrength.atLeast(sealedWith, required);
        }

        private int compare(Frame frame) {
            String a = args[0].value(frame);
            String b = args[1].value(frame);
            if (a == null || b == null) {
                return a == null && b == null ? 0 : (a == null ? -1 : 1);
            }
            try {
                return new BigDecimal(a).compareTo(new BigDecimal(b));
            } catch (NumberFormatException notNumbers) {
                return a.compareTo(b);
            }
        }

        private static Instant instant(String value) {
            if (value == null) {
                return Instant.MAX;
            }
            // A constant was checked statically; a field or fact value can still name no instant.
            return Builtin.instant(value).orElseThrow(() -> new PolicyEvaluationException(
                    "'" + value + "' is neither epoch milliseconds nor an ISO-8601 instant"));
        }

        @Override
        String describe(Frame frame) {
            return call(builtin.predicate(), args, frame);
        }

        @Override
        String text() {
            return call(builtin.predicate(), args, null);
        }
    }

    /** {@code isAsRestrictive(p1, p2)}; decided by {@link Restrictiveness}. */
    static final class AsRestrictive extends Node {
        private final Term.Field first;
        private final Term.Field second;
        private final Permission firstPermission;
        private final Permission secondPermission;

        AsRestrictive(Term.Field first, Term.Field second) {
            this.first = first;
            this.second = second;
            this.firstPermission = Permission.ofKeyword(first.name());
            this.secondPermission = Permission.ofKeyword(second.name());
        }

        @Override
        boolean solve(Frame frame, Cont next) {
            Verdict verdict = Restrictiveness.decide(ref(frame.ctx, first, firstPermission),
                    ref(frame.ctx, second, secondPermission), frame.ctx);
            if (!verdict.holds()) {
                frame.fail(() -> text() + " is false: " + verdict.reason());
                return false;
            }
            return frame.held(this::text, next);
        }

        private static PermissionRef ref(EvalContext ctx, Term.Field field, Permission permission) {
            if (field.scope() == Term.Scope.DEST) {
                return ctx.dest() == null ? null
                        : new PermissionRef(ctx.dest().conduit(), permission, ctx.dest().recipient(), false);
            }
            // Not noted yet: whether this conduit matters depends on how far the decision goes.
            return new PermissionRef(ctx.selfUnnoted(), permission, null, true);
        }

        @Override
        String text() {
            return "isAsRestrictive(" + first.scope().keyword() + "." + first.name() + ", "
                    + second.scope().keyword() + "." + second.name() + ")";
        }
    }
}
