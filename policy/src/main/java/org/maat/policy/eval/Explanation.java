package org.maat.policy.eval;

import java.util.List;
import java.util.Optional;

/**
 * Why a permission was granted or refused: each rule tried and, for a rule that failed, the
 * literals that failed with the bindings they were tried with; for a rule that held, the literals
 * (with their bindings) of the derivation that proved it, which is what granted the permission.
 */
public record Explanation(boolean allowed, List<RuleTrace> rules) {

    /**
     * One rule's outcome.
     *
     * @param failedLiterals when the rule fails: each literal that failed, with the bindings tried
     * @param heldLiterals   when the rule holds: the literals that held in its proof, in evaluation order
     */
    public record RuleTrace(String rule, boolean holds, List<String> failedLiterals, List<String> heldLiterals) {

        public RuleTrace {
            failedLiterals = List.copyOf(failedLiterals);
            heldLiterals = List.copyOf(heldLiterals);
        }

        public RuleTrace(String rule, boolean holds, List<String> failedLiterals) {
            this(rule, holds, failedLiterals, List.of());
        }
    }

    public Explanation {
        rules = List.copyOf(rules);
    }

    /** The first rule that granted the permission, if one did. */
    public Optional<RuleTrace> granting() {
        return rules.stream().filter(RuleTrace::holds).findFirst();
    }

    /** Multi-line text for a person: one line per rule, its proof or its failed literals indented under it. */
    public String describe() {
        if (rules.isEmpty()) {
            return "  no rule grants this permission";
        }
        StringBuilder sb = new StringBuilder();
        for (RuleTrace r : rules) {
            sb.append("  rule ").append(r.rule()).append(r.holds() ? "  -> holds" : "  -> fails").append('\n');
            if (!r.heldLiterals().isEmpty()) {
                sb.append("    because: ").append(String.join(", ", r.heldLiterals())).append('\n');
            }
            for (String f : r.failedLiterals()) {
                sb.append("    failed: ").append(f).append('\n');
            }
        }
        return sb.toString().stripTrailing();
    }
}
