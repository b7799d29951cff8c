package org.maat.policy.eval;

import java.util.concurrent.ConcurrentHashMap;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.PolicyId;

/**
 * Read and update decisions keyed by exactly the inputs they depend on: the policy, the
 * permission, the session principal, the region and clock only when the policy looks at them,
 * the {@code this} fields the policy reads, and appendOnly for updates. Every entry belongs to one
 * fact-store version; when the facts change the whole cache is dropped, so a stale decision is
 * never served.
 */
final class DecisionCache {

    /** Bound on entries; past it the cache starts over rather than grow without limit. */
    private static final int MAX_ENTRIES = 1 << 18;

    record Key(PolicyId policy, Permission permission, String principal, String region, long time,
               String thisId, String thisName, String thisOwner, boolean appendOnly) {
    }

    private volatile long version = Long.MIN_VALUE;
    private final ConcurrentHashMap<Key, Boolean> decisions = new ConcurrentHashMap<>();

    /** The cached decision for {@code key} at fact version {@code factVersion}, or null. */
    Boolean get(Key key, long factVersion) {
        if (factVersion != version) {
            synchronized (this) {
                if (factVersion != version) {
                    decisions.clear();
                    version = factVersion;
                }
            }
            return null;
        }
        return decisions.get(key);
    }

    void put(Key key, long factVersion, boolean decision) {
        if (factVersion != version) {
            return;
        }
        if (decisions.size() >= MAX_ENTRIES) {
            decisions.clear();
        }
        decisions.put(key, decision);
    }

    void clear() {
        decisions.clear();
    }
}
