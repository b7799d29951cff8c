package org.maat.policy.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.PolicyId;

class DecisionCacheTest {

    private final DecisionCache cache = new DecisionCache();
    private final DecisionCache.Key key = new DecisionCache.Key(PolicyId.ofCanonicalText("p"), Permission.READ,
            "bob", null, 0L, null, null, "alice", false);

    @Test
    void decisionIsServedAtTheVersionItWasComputedUnder() {
        assertThat(cache.get(key, 1)).isNull();
        cache.put(key, 1, true);
        assertThat(cache.get(key, 1)).isTrue();
    }

    @Test
    void lateDecisionFromAnOlderVersionIsNeverServed() {
        assertThat(cache.get(key, 1)).isNull();   // thread A starts evaluating under version 1
        assertThat(cache.get(key, 2)).isNull();   // a fact is revoked; thread B moves the cache to version 2
        cache.put(key, 1, true);                  // thread A's stale grant arrives
        assertThat(cache.get(key, 2)).isNull();
    }

    @Test
    void olderVersionNeverMovesTheCacheBack() {
        cache.get(key, 5);
        cache.put(key, 5, false);
        assertThat(cache.get(key, 4)).isNull();
        assertThat(cache.get(key, 5)).isFalse();
    }

    @Test
    void clearDropsEveryDecision() {
        cache.get(key, 1);
        cache.put(key, 1, true);
        cache.clear();
        assertThat(cache.get(key, 1)).isNull();
    }
}
