package org.maat.policy.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.maat.policy.Session;
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

    @Test
    void lookupByInputsFindsWhatWasStoredUnderTheirKeyAndOnlyThat() {
        PolicyId policy = PolicyId.ofCanonicalText("p");
        DecisionInputs ownerOnly = new DecisionInputs(true, true, false, false, false, false, true);
        Session bob = Session.of("bob", "eu");
        org.maat.policy.Conduit alices = new org.maat.policy.Conduit("d1", "docs/d1", "alice", policy);
        org.maat.policy.Conduit alicesOther = new org.maat.policy.Conduit("d2", "docs/d2", "alice", policy);
        org.maat.policy.Conduit carols = new org.maat.policy.Conduit("d3", "docs/d3", "carol", policy);
        cache.get(key, 1);
        cache.put(DecisionCache.Key.of(policy, Permission.READ, ownerOnly, bob, alices, false), 1, true);
        assertThat(cache.find(1, policy, Permission.READ, ownerOnly, bob, alicesOther, false))
                .as("the policy reads only the owner").isEqualTo(DecisionCache.GRANTED);
        assertThat(cache.find(1, policy, Permission.READ, ownerOnly, bob, carols, false)).isEqualTo(DecisionCache.ABSENT);
        assertThat(cache.find(1, policy, Permission.READ, ownerOnly, Session.of("dave"), alices, false))
                .isEqualTo(DecisionCache.ABSENT);
        assertThat(cache.find(1, policy, Permission.UPDATE, ownerOnly, bob, alices, false)).isEqualTo(DecisionCache.ABSENT);
        assertThat(cache.find(2, policy, Permission.READ, ownerOnly, bob, alices, false)).isEqualTo(DecisionCache.ABSENT);
    }

    @Test
    void everyDecisionSurvivesTheTableGrowing() {
        cache.get(key, 1);
        for (int i = 0; i < 5_000; i++) {
            cache.put(new DecisionCache.Key(PolicyId.ofCanonicalText("p"), Permission.READ, "u" + i, null, 0L, null, null,
                    "alice", false), 1, i % 3 == 0);
        }
        for (int i = 0; i < 5_000; i++) {
            assertThat(cache.get(new DecisionCache.Key(PolicyId.ofCanonicalText("p"), Permission.READ, "u" + i, null, 0L,
                    null, null, "alice", false), 1)).isEqualTo(i % 3 == 0);
        }
    }
}
