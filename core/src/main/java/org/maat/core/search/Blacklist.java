package org.maat.core.search;

import java.util.Set;

/**
 * The conduit ids blocked in one region, as the facts said when it was read. A new object is made
 * only when the ids change, so caches built from a blacklist compare it by identity: a cache entry
 * built from another object is stale.
 */
final class Blacklist {

    /** Nothing blocked: a session without a region. */
    static final Blacklist NONE = new Blacklist(Set.of());

    private final Set<String> ids;

    Blacklist(Set<String> ids) {
        this.ids = Set.copyOf(ids);
    }

    Set<String> ids() {
        return ids;
    }
}
