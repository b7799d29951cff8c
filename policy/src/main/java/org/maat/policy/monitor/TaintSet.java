package org.maat.policy.monitor;

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

    private final Map<PolicyId, Map<List<String>, Conduit>> labels = new LinkedHashMap<>();
    private final Function<PolicyId, Set<String>> fieldsUsed;

    TaintSet(Function<PolicyId, Set<String>> fieldsUsed) {
        this.fieldsUsed = fieldsUsed;
    }

    /** Adds the conduit's policy; returns false when an equivalent label was already there. */
    synchronized boolean add(Conduit conduit) {
        Set<String> fields = fieldsUsed.apply(conduit.policy());
        List<String> key = List.of(
                fields.contains("id") ? conduit.id() : "",
                fields.contains("name") ? conduit.name() : "",
                fields.contains("owner") ? conduit.owner() : "");
        return labels.computeIfAbsent(conduit.policy(), id -> new LinkedHashMap<>()).putIfAbsent(key, conduit) == null;
    }

    /** The policy ids in the taint. */
    public synchronized Set<PolicyId> policies() {
        return Set.copyOf(labels.keySet());
    }

    /**
     * Visits each policy id with its conduits, under the taint's lock and without copying it; the
     * monitor's write check runs here. The visitor must not add to this taint.
     */
    synchronized void forEachPolicy(java.util.function.BiConsumer<PolicyId, java.util.Collection<Conduit>> visitor) {
        labels.forEach((id, byKey) -> visitor.accept(id, byKey.values()));
    }

    public synchronized boolean isEmpty() {
        return labels.isEmpty();
    }

    /** The number of labels (policy, reduced conduit). */
    public synchronized int size() {
        return labels.values().stream().mapToInt(Map::size).sum();
    }

    @Override
    public synchronized String toString() {
        return labels.keySet().toString();
    }
}
