package org.maat.policy.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.maat.policy.Conduit;
import org.maat.policy.facts.Fact;
import org.maat.policy.lang.PolicyId;

/**
 * Batches whose every change is tagged with the batch's number N (its commit count), so that a store
 * can be checked for holding exactly batches 1..N, each complete. Batch N puts conduits
 * {@code b<N>-<i>}, the policy of N, facts {@code batch(N, i)}, moves {@code latest(N-1)} to
 * {@code latest(N)} and rewrites the conduit {@code head}: the last two check removals and
 * overwrites too.
 */
final class TaggedBatches {

    static final int CONDUITS_PER_BATCH = 5;
    private static final Pattern TAGGED_ID = Pattern.compile("b(\\d+)-(\\d+)");

    private TaggedBatches() {
    }

    /** Commits batch number {@code store.commitCount() + 1} and returns that number. */
    static long commitNext(PolicyStore store) {
        long n = store.commitCount() + 1;
        Batch batch = store.batch();
        batch.putPolicy(policyId(n), policyText(n));
        for (int i = 0; i < CONDUITS_PER_BATCH; i++) {
            batch.putConduit(conduit(n, i));
            batch.addFact(Fact.of("batch", Long.toString(n), Integer.toString(i)));
        }
        batch.removeFact(Fact.of("latest", Long.toString(n - 1)));
        batch.addFact(Fact.of("latest", Long.toString(n)));
        batch.putConduit(new Conduit("head", "head", "owner-" + n, policyId(n), Map.of("batch", Long.toString(n))));
        long committed = batch.commit();
        assertThat(committed).as("commit count after batch %d", n).isEqualTo(n);
        return n;
    }

    /**
     * Asserts that the store holds batches 1..{@code count}, each complete, and nothing of any
     * other batch, on disk and in its fact index alike.
     */
    static void assertHoldsExactlyBatchesUpTo(PolicyStore store, long count) {
        assertThat(store.commitCount()).isEqualTo(count);

        Map<Long, Set<Integer>> conduitsByBatch = new TreeMap<>();
        try (Stream<Conduit> all = store.conduits()) {
            all.forEach(conduit -> {
                if (conduit.id().equals("head")) {
                    assertThat(conduit.attributes()).containsEntry("batch", Long.toString(count));
                    return;
                }
                Matcher m = TAGGED_ID.matcher(conduit.id());
                assertThat(m.matches()).as("conduit %s belongs to no batch", conduit.id()).isTrue();
                long n = Long.parseLong(m.group(1));
                int i = Integer.parseInt(m.group(2));
                assertThat(conduit).isEqualTo(conduit(n, i));
                conduitsByBatch.computeIfAbsent(n, k -> new TreeSet<>()).add(i);
            });
        }
        Set<Integer> complete = new TreeSet<>();
        for (int i = 0; i < CONDUITS_PER_BATCH; i++) {
            complete.add(i);
        }
        Map<Long, Set<Integer>> expected = new TreeMap<>();
        for (long n = 1; n <= count; n++) {
            expected.put(n, complete);
        }
        assertThat(conduitsByBatch).isEqualTo(expected);
        assertThat(store.conduitCount()).isEqualTo(count * CONDUITS_PER_BATCH + (count > 0 ? 1 : 0));
        if (count > 0) {
            assertThat(store.findByName("head")).map(c -> c.attributes().get("batch")).contains(Long.toString(count));
        }

        Map<PolicyId, String> expectedPolicies = new TreeMap<>();
        for (long n = 1; n <= count; n++) {
            expectedPolicies.put(policyId(n), policyText(n));
        }
        assertThat(store.policies()).isEqualTo(expectedPolicies);

        Set<Fact> expectedFacts = new HashSet<>();
        for (long n = 1; n <= count; n++) {
            for (int i = 0; i < CONDUITS_PER_BATCH; i++) {
                expectedFacts.add(Fact.of("batch", Long.toString(n), Integer.toString(i)));
            }
        }
        if (count > 0) {
            expectedFacts.add(Fact.of("latest", Long.toString(count)));
        }
        Set<Fact> stored;
        try (Stream<Fact> facts = store.storedFacts()) {
            stored = facts.collect(Collectors.toSet());
        }
        assertThat(stored).isEqualTo(expectedFacts);
        assertThat(indexedFacts(store)).as("the fact index mirrors the stored facts").isEqualTo(stored);
    }

    static Conduit conduit(long n, int i) {
        return new Conduit("b" + n + "-" + i, "batch/" + n + "/" + i, "owner-" + n, policyId(n),
                Map.of("batch", Long.toString(n), "i", Integer.toString(i)));
    }

    static String policyText(long n) {
        return "read :- cIdIs(\"b" + n + "\");";
    }

    static PolicyId policyId(long n) {
        return PolicyId.ofCanonicalText(policyText(n));
    }

    /** The facts in the store's in-memory index, through its public lookups. */
    private static Set<Fact> indexedFacts(PolicyStore store) {
        Set<Fact> indexed = new HashSet<>();
        for (String relation : store.facts().relations()) {
            int arity = relation.equals("batch") ? 2 : 1;
            for (List<String> tuple : store.facts().match(relation, new String[arity])) {
                indexed.add(new Fact(relation, tuple));
            }
        }
        return indexed;
    }
}
