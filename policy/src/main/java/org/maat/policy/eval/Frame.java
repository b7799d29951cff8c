package org.maat.policy.eval;

import org.maat.policy.Conduit;
import org.maat.policy.lang.Term;

/** One evaluation of one rule: the context, the variable slots and, when explaining, a trace. */
final class Frame {

    final EvalContext ctx;
    final String[] slots;
    final Trace trace;

    Frame(EvalContext ctx, int slotCount, Trace trace) {
        this(ctx, new String[slotCount], trace);
    }

    private Frame(EvalContext ctx, String[] slots, Trace trace) {
        this.ctx = ctx;
        this.slots = slots;
        this.trace = trace;
    }

    /** This frame's bindings, recording no failures. */
    Frame silent() {
        return trace == null ? this : new Frame(ctx, slots, null);
    }

    /** The value of a non-permission field, or null when the context has none (e.g. no dest). */
    String field(Term.Field field) {
        return switch (field.scope()) {
            case THIS -> conduitField(ctx.self(), field.name());
            case DEST -> ctx.dest() == null ? null : conduitField(ctx.dest().conduit(), field.name());
            case SESSION -> switch (field.name()) {
                case "principal" -> ctx.session().principal();
                case "region" -> ctx.session().region();
                case "time" -> Long.toString(ctx.session().time().toEpochMilli());
                default -> null;
            };
        };
    }

    private static String conduitField(Conduit c, String name) {
        return switch (name) {
            case "id" -> c.id();
            case "name" -> c.name();
            case "owner" -> c.owner();
            default -> null;
        };
    }

    /**
     * Runs {@code next} after a literal held: when explaining, with the literal (its text built only
     * then, with the bindings it held under) on the path a proof is read from.
     */
    boolean held(java.util.function.Supplier<String> literal, Cont next) {
        if (trace == null) {
            return next.run(this);
        }
        trace.enter(literal.get());
        try {
            return next.run(this);
        } finally {
            trace.leave();
        }
    }

    /** Records a failed literal when explaining; the text is built only then. */
    void fail(java.util.function.Supplier<String> literal) {
        if (trace != null) {
            trace.fail(literal.get());
        }
    }
}
