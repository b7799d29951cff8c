package org.maat.core.task;

import java.util.Set;

/**
 * The conduit ids blocked in one region, as the facts said when it was read. Only the runtime's
 * {@link AccessCaches} makes one, and a new object only when the ids change, so caches built from a blacklist
 * compare it by identity: a cache entry built from another object is stale.
 */
public final class Blacklist {

    /** Nothing blocked: a session without a region. */
    public static final Blacklist NONE = new Blacklist(Set.of());

    private final Set<String> ids;

    Blacklist(Set<String> ids) {
        this.ids = Set.copyOf(ids);
    }

    /** The blocked ids (unmodifiable). */
    public Set<String> ids() {
        return ids;
    }
}
