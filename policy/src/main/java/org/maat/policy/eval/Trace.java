package org.maat.policy.eval;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Records, while explaining a decision, each literal that failed and the bindings it was tried with,
 * and for a rule that holds, the literals of the first derivation that proved it (its proof).
 */
final class Trace {

    private static final int LIMIT = 12;

    private final Set<String> failures = new LinkedHashSet<>();
    private int dropped;
    private final List<String> path = new ArrayList<>();
    private List<String> proof;

    /** A literal held with the current bindings; the evaluation goes on with it (undone by {@link #leave}). */
    void enter(String literal) {
        path.add(literal);
    }

    void leave() {
        path.remove(path.size() - 1);
    }

    /** The whole rule held: the literals entered now are its proof (the first one found is kept). */
    void proved() {
        if (proof == null) {
            proof = List.copyOf(path);
        }
    }

    List<String> proof() {
        return proof == null ? List.of() : proof;
    }

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
