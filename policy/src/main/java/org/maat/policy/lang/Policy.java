package org.maat.policy.lang;

import java.util.List;

/**
 * A parsed policy: its rules in source order. A checked policy has at most one rule per
 * permission ({@link PolicyChecker} refuses a second); a permission with no rule is never granted.
 */
public record Policy(List<Rule> rules) {

    public Policy {
        rules = List.copyOf(rules);
    }

    /** The rules granting {@code permission}, in source order. */
    public List<Rule> rulesFor(Permission permission) {
        return rules.stream().filter(r -> r.permission() == permission).toList();
    }

    /** The canonical text; see {@link PolicyPrinter}. */
    @Override
    public String toString() {
        return PolicyPrinter.print(this);
    }
}
