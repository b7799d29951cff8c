package org.maat.policy.eval;

import org.maat.policy.lang.PolicyPrinter;
import org.maat.policy.lang.Release;
import org.maat.policy.lang.Rule;

/** One rule compiled to a predicate tree with numbered variable slots. */
final class CompiledRule {

    final Rule rule;
    final String text;
    private final Node root;
    private final int slotCount;

    CompiledRule(Rule rule, Node root, int slotCount) {
        this.rule = rule;
        this.text = PolicyPrinter.print(rule);
        this.root = root;
        this.slotCount = slotCount;
    }

    Release release() {
        return rule.release();
    }

    boolean holds(EvalContext ctx) {
        return root.solve(new Frame(ctx, slotCount, null), Cont.SUCCEED);
    }

    /**
     * Evaluates again, recording each literal that failed with the bindings it was tried with, or, when
     * the rule holds, the literals that held in the derivation that proved it.
     */
    Explanation.RuleTrace explain(EvalContext ctx) {
        Trace trace = new Trace();
        boolean holds = root.solve(new Frame(ctx, slotCount, trace), frame -> {
            trace.proved();
            return true;
        });
        return new Explanation.RuleTrace(text, holds, holds ? java.util.List.of() : trace.failures(),
                holds ? trace.proof() : java.util.List.of());
    }
}
