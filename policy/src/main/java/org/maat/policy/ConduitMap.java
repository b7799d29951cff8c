package org.maat.policy;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Conduits held in memory, for demos, tests and benchmarks; {@code PolicyStore} is the durable
 * catalog. Thread-safe.
 */
public final class ConduitMap implements ConduitCatalog {

    private final ConcurrentHashMap<String, Conduit> byId = new ConcurrentHashMap<>();

    /** Adds or replaces the conduit with this id. */
    public Conduit put(Conduit conduit) {
        byId.put(conduit.id(), conduit);
        return conduit;
    }

    /** Adds the conduit; false, and nothing changed, when its id is taken. */
    public boolean add(Conduit conduit) {
        return byId.putIfAbsent(conduit.id(), conduit) == null;
    }

    @Override
    public Optional<Conduit> find(String conduitId) {
        return Optional.ofNullable(byId.get(conduitId));
    }
}
