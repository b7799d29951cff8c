package org.maat.policy.facts;

import java.util.List;
import java.util.Objects;

/**
 * One ground fact such as {@code friend(alice, bob)}: a relation name and its constant arguments.
 * Arguments are strings; numbers are kept in their canonical decimal text.
 */
public record Fact(String relation, List<String> args) {

    public Fact {
        Objects.requireNonNull(relation, "relation");
        if (relation.isEmpty()) {
            throw new IllegalArgumentException("a fact needs a relation name");
        }
        args = List.copyOf(args);
    }

    public static Fact of(String relation, String... args) {
        return new Fact(relation, List.of(args));
    }

    public int arity() {
        return args.size();
    }

    /** The fact in the facts-file syntax, e.g. {@code friend("alice", "bob").} */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(relation).append('(');
        for (int i = 0; i < args.size(); i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(FactSyntax.quoteIfNeeded(args.get(i)));
        }
        return sb.append(").").toString();
    }
}
