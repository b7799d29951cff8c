package org.maat.core.runtime;

import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.maat.policy.Conduit;
import org.maat.policy.ConduitCatalog;
import org.maat.policy.store.PolicyStore;

/**
 * The policy store's conduits as the monitor looks them up, remembered per store commit: an entry
 * serves only while the store's commit count is the one it was read under, so a committed change
 * (a new policy for a document) is seen at once. Saves a B-tree lookup and a decode for every id a
 * result list names. Bounded: past {@value #MAX} entries it stops remembering new ones.
 */
final class CachedCatalog implements ConduitCatalog {

    private static final int MAX = 500_000;

    private record Entry(long commits, Optional<Conduit> conduit) {
    }

    private final PolicyStore store;
    private final ConcurrentHashMap<String, Entry> byId = new ConcurrentHashMap<>();

    CachedCatalog(PolicyStore store) {
        this.store = store;
    }

    @Override
    public Optional<Conduit> find(String conduitId) {
        // Read the count first: the conduit read after it is at least that recent.
        long commits = store.commitCount();
        Entry entry = byId.get(conduitId);
        if (entry != null && entry.commits() == commits) {
            return entry.conduit();
        }
        Optional<Conduit> conduit = store.find(conduitId);
        if (entry != null || byId.size() < MAX) {
            byId.put(conduitId, new Entry(commits, conduit));
        }
        return conduit;
    }
}
