package org.maat.policy.eval;

import java.util.concurrent.ConcurrentHashMap;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.PolicyId;

/**
 * Read and update decisions keyed by exactly the inputs they depend on: the policy, the
 * permission, the session principal, the region and clock only when the policy looks at them,
 * the {@code this} fields the policy reads, and appendOnly for updates.
 *
 * <p>Every decision belongs to one fact-store version. The cache holds one generation (a version
 * and its map) at a time and only ever moves to a newer version, so a decision computed under an
 * old version can only land in a map nobody reads any more: a revoked grant is never served.
 */
final class DecisionCache {

    /** Bound on entries; past it the generation starts over rather than grow without limit. */
    private static final int MAX_ENTRIES = 1 << 18;

    record Key(PolicyId policy, Permission permission, String principal, String region, long time,
               String thisId, String thisName, String thisOwner, boolean appendOnly) {
    }

    private record Generation(long version, ConcurrentHashMap<Key, Boolean> decisions) {
    }

    private volatile Generation current = new Generation(Long.MIN_VALUE, new ConcurrentHashMap<>());

    /** The cached decision for {@code key} at fact version {@code factVersion}, or null. */
    Boolean get(Key key, long factVersion) {
        Generation g = current;
        if (g.version == factVersion) {
            return g.decisions.get(key);
        }
        if (factVersion > g.version) {
            advance(g, factVersion);
        }
        return null;
    }

    /** Caches a decision evaluated under {@code factVersion}; dropped if that version is not current. */
    void put(Key key, long factVersion, boolean decision) {
        Generation g = current;
        if (g.version != factVersion) {
            return;
        }
        if (g.decisions.size() >= MAX_ENTRIES) {
            advance(g, factVersion);
            return;
        }
        g.decisions.put(key, decision);
    }

    void clear() {
        synchronized (this) {
            current = new Generation(current.version, new ConcurrentHashMap<>());
        }
    }

    private synchronized void advance(Generation seen, long version) {
        if (current == seen) {
            current = new Generation(version, new ConcurrentHashMap<>());
        }
    }
}
