package org.maat.policy.monitor;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.maat.policy.Conduit;
import org.maat.policy.lang.PolicyId;

/**
 * The policies of everything a confined task has read: interned policy ids, each with the
 * conduits it was read through, deduplicated on the {@code this} fields the policy looks at (so a
 * thousand public documents leave one entry, a thousand private ones one entry per owner). The
 * conduit kept for each entry is the first one read, so denials can name it.
 * Taint only grows. Thread-safe.
 */
public final class TaintSet {

    private final Map<PolicyId, Labels> labels = new LinkedHashMap<>();
    private final Function<PolicyId, Set<String>> fieldsUsed;

    /** @param fieldsUsed the {@code this} fields a policy reads; throws for a policy it does not know */
    TaintSet(Function<PolicyId, Set<String>> fieldsUsed) {
        this.fieldsUsed = fieldsUsed;
    }

    /**
     * Adds the conduit's policy; returns false when an equivalent label was already there. The policy's
     * fields are asked for when the policy is first added, so an unknown policy fails here.
     */
    synchronized boolean add(Conduit conduit) {
        Labels known = labels.get(conduit.policy());
        if (known == null) {
            known = new Labels(fieldsUsed.apply(conduit.policy()));
            labels.put(conduit.policy(), known);
        }
        return known.add(conduit);
    }

    /** The policy ids in the taint. */
    public synchronized Set<PolicyId> policies() {
        return Set.copyOf(labels.keySet());
    }

    /**
     * Visits each policy id with its conduits, under the taint's lock and without copying it; the
     * monitor's write check runs here. The visitor must not add to this taint.
     */
    synchronized void forEachPolicy(java.util.function.BiConsumer<PolicyId, Collection<Conduit>> visitor) {
        labels.forEach((id, byKey) -> visitor.accept(id, byKey.conduits.values()));
    }

    public synchronized boolean isEmpty() {
        return labels.isEmpty();
    }

    /** The number of labels (policy, reduced conduit). */
    public synchronized int size() {
        return labels.values().stream().mapToInt(l -> l.conduits.size()).sum();
    }

    @Override
    public synchronized String toString() {
        return labels.keySet().toString();
    }

    /**
     * The conduits of one policy, one per value of the fields it reads. A key has the same shape for every
     * conduit of the policy: nothing when it reads no field, the field itself when one, their list when more;
     * so the common cases (public, one owner) add without allocating.
     */
    private static final class Labels {
        private static final Object NO_FIELDS = new Object();

        private final boolean id;
        private final boolean name;
        private final boolean owner;
        private final int fieldCount;
        private final Map<Object, Conduit> conduits = new LinkedHashMap<>();

        Labels(Set<String> fields) {
            id = fields.contains("id");
            name = fields.contains("name");
            owner = fields.contains("owner");
            fieldCount = (id ? 1 : 0) + (name ? 1 : 0) + (owner ? 1 : 0);
        }

        boolean add(Conduit conduit) {
            return conduits.putIfAbsent(key(conduit), conduit) == null;
        }

        private Object key(Conduit c) {
            if (fieldCount == 0) {
                return NO_FIELDS;
            }
            if (fieldCount == 1) {
                return id ? c.id() : name ? c.name() : c.owner();
            }
            return List.of(id ? c.id() : "", name ? c.name() : "", owner ? c.owner() : "");
        }
    }
}
