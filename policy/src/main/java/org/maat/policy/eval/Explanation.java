package org.maat.policy.eval;

import java.util.List;

/**
 * Why a permission was granted or refused: each rule tried and, for a rule that failed, the
 * literals that failed with the bindings they were tried with.
 */
public record Explanation(boolean allowed, List<RuleTrace> rules) {

    /** One rule's outcome. */
    public record RuleTrace(String rule, boolean holds, List<String> failedLiterals) {
    }

    public Explanation {
        rules = List.copyOf(rules);
    }

    /** Multi-line text for a person: one line per rule, indented failed literals under it. */
    public String describe() {
        if (rules.isEmpty()) {
            return "  no rule grants this permission";
        }
        StringBuilder sb = new StringBuilder();
        for (RuleTrace r : rules) {
            sb.append("  rule ").append(r.rule()).append(r.holds() ? "  -> holds" : "  -> fails").append('\n');
            for (String f : r.failedLiterals()) {
                sb.append("    failed: ").append(f).append('\n');
            }
        }
        return sb.toString().stripTrailing();
    }
}
