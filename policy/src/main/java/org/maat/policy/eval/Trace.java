package org.maat.policy.eval;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Records, while explaining a denial, each literal that failed and the bindings it was tried with. */
final class Trace {

    private static final int LIMIT = 12;

    private final Set<String> failures = new LinkedHashSet<>();
    private int dropped;

    void fail(String literal) {
        if (failures.size() < LIMIT) {
            failures.add(literal);
        } else if (!failures.contains(literal)) {
            dropped++;
        }
    }

    List<String> failures() {
        List<String> out = new ArrayList<>(failures);
        if (dropped > 0) {
            out.add("... and " + dropped + " more");
        }
        return out;
    }
}
