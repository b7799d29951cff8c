package org.maat.policy.store;

import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.maat.policy.Conduit;
import org.maat.policy.facts.Fact;
import org.maat.policy.lang.PolicyId;

/**
 * A set of changes to a {@link PolicyStore} that {@link #commit()} makes durable all together or
 * not at all. Later calls win over earlier ones for the same conduit or fact (put then remove is a
 * remove). Nothing is visible to readers of the store before the commit returns.
 *
 * <p>A batch is used by one thread and committed once.
 */
public final class Batch {

    private final PolicyStore store;
    private final Map<String, Conduit> putConduits = new LinkedHashMap<>();
    private final Set<String> removedConduits = new LinkedHashSet<>();
    private final Map<PolicyId, String> policies = new LinkedHashMap<>();
    private final Set<Fact> addedFacts = new LinkedHashSet<>();
    private final Set<Fact> removedFacts = new LinkedHashSet<>();
    private boolean spent;

    Batch(PolicyStore store) {
        this.store = store;
    }

    /** Stores the conduit under its id, replacing (and possibly renaming) the one stored there. */
    public Batch putConduit(Conduit conduit) {
        checkOpen();
        removedConduits.remove(conduit.id());
        putConduits.put(conduit.id(), conduit);
        return this;
    }

    /** Removes the conduit with this id, freeing its name; nothing happens if there is none. */
    public Batch removeConduit(String conduitId) {
        checkOpen();
        putConduits.remove(Objects.requireNonNull(conduitId, "conduitId"));
        removedConduits.add(conduitId);
        return this;
    }

    /**
     * Stores a policy's canonical text under its id. Putting the text already stored is harmless;
     * a different text for the same id is rejected (here if this batch already has one, else at
     * commit), since two texts with one id would let one policy pass for another.
     */
    public Batch putPolicy(PolicyId id, String canonicalText) {
        checkOpen();
        Objects.requireNonNull(canonicalText, "canonicalText");
        String earlier = policies.putIfAbsent(Objects.requireNonNull(id, "id"), canonicalText);
        if (earlier != null && !earlier.equals(canonicalText)) {
            throw new BatchRejectedException("policy " + id + " is given two different texts in one batch");
        }
        return this;
    }

    public Batch addFact(Fact fact) {
        checkOpen();
        removedFacts.remove(Objects.requireNonNull(fact, "fact"));
        addedFacts.add(fact);
        return this;
    }

    public Batch removeFact(Fact fact) {
        checkOpen();
        addedFacts.remove(Objects.requireNonNull(fact, "fact"));
        removedFacts.add(fact);
        return this;
    }

    public boolean isEmpty() {
        return putConduits.isEmpty() && removedConduits.isEmpty() && policies.isEmpty()
                && addedFacts.isEmpty() && removedFacts.isEmpty();
    }

    /**
     * Checks the batch against the store and makes it durable: when this returns, every change is
     * on disk (synced) and visible to readers; if the process dies before, none of it is there
     * after the store is reopened. Returns the store's {@linkplain PolicyStore#commitCount() commit
     * count} after this batch (unchanged for an empty batch).
     *
     * @throws BatchRejectedException if a conduit would take a name another conduit keeps, or a
     *         policy id is stored with a different text; the store is then unchanged
     * @throws PolicyStoreException if writing failed
     */
    public long commit() {
        checkOpen();
        spent = true;
        return store.commit(this);
    }

    /** Rejects the batch if applying it would break a rule of the store; reads only. */
    void check(StoreMaps maps) {
        Map<String, String> claimedNames = new HashMap<>();
        for (Conduit conduit : putConduits.values()) {
            String name = conduit.name();
            String rival = claimedNames.putIfAbsent(name, conduit.id());
            if (rival != null) {
                throw new BatchRejectedException("conduits " + rival + " and " + conduit.id()
                        + " in one batch both take the name '" + name + "'");
            }
            String holder = maps.names().get(name);
            if (holder != null && !holder.equals(conduit.id()) && !releasesName(holder, name)) {
                throw new BatchRejectedException("conduit " + conduit.id() + " cannot take the name '" + name
                        + "': conduit " + holder + " has it");
            }
        }
        policies.forEach((id, text) -> {
            String stored = maps.policies().get(id.value());
            if (stored != null && !stored.equals(text)) {
                throw new BatchRejectedException("policy " + id + " is already stored with a different text"
                        + " (a policy id collision or a mislabelled policy)");
            }
        });
    }

    /** Writes the batch into the live maps, uncommitted. Call {@link #check} first. */
    void applyTo(StoreMaps maps) {
        // Free old names first, so that a name released in this batch can be taken in it.
        for (String id : touchedConduitIds()) {
            byte[] old = maps.conduits().get(id);
            if (old != null) {
                maps.names().remove(ConduitCodec.decode(id, old).name(), id);
            }
        }
        removedConduits.forEach(id -> maps.conduits().remove(id));
        for (Conduit conduit : putConduits.values()) {
            maps.conduits().put(conduit.id(), ConduitCodec.encode(conduit));
            maps.names().put(conduit.name(), conduit.id());
        }
        policies.forEach((id, text) -> maps.policies().put(id.value(), text));
        removedFacts.forEach(fact -> maps.facts().remove(FactCodec.key(fact)));
        addedFacts.forEach(fact -> maps.facts().put(FactCodec.key(fact), ""));
    }

    Set<Fact> addedFacts() {
        return Collections.unmodifiableSet(addedFacts);
    }

    Set<Fact> removedFacts() {
        return Collections.unmodifiableSet(removedFacts);
    }

    /** Whether this batch removes or renames the conduit {@code holder}, freeing {@code name}. */
    private boolean releasesName(String holder, String name) {
        if (removedConduits.contains(holder)) {
            return true;
        }
        Conduit renamed = putConduits.get(holder);
        return renamed != null && !renamed.name().equals(name);
    }

    private Set<String> touchedConduitIds() {
        Set<String> ids = new LinkedHashSet<>(removedConduits);
        ids.addAll(putConduits.keySet());
        return ids;
    }

    private void checkOpen() {
        if (spent) {
            throw new IllegalStateException("this batch was already committed; start a new one");
        }
    }
}
