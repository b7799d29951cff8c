package org.maat.core.population;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.BiConsumer;

/**
 * A random symmetric friend relation in which every user has {@code k} friends (Thoth: "12 randomly
 * chosen other users, with the constraint that the friendship relationship is symmetric"). Built by
 * matching shuffled degree stubs; pairs that would be self-loops or repeats are reshuffled, and the
 * few stubs still unmatched after that are dropped, so a handful of users may end with k - 1.
 * The one friend-graph generator: {@link PopulationGenerator} writes it into a data directory, and
 * the JMH benchmarks build their in-memory monitor from it, so both measure the same population.
 */
public final class FriendGraph {

    private static final int ROUNDS = 50;

    private FriendGraph() {
    }

    /**
     * Calls {@code edge(a, b)} once per unordered pair of friends, a < b, users numbered 0 to
     * {@code users - 1}; the same {@code random} state gives the same graph.
     */
    public static void generate(int users, int k, SplittableRandom random, BiConsumer<Integer, Integer> edge) {
        if (k == 0 || users < 2) {
            return;
        }
        int[] stubs = new int[users * k];
        for (int i = 0; i < stubs.length; i++) {
            stubs[i] = i / k;
        }
        Set<Long> seen = new HashSet<>(stubs.length);
        int open = stubs.length;
        for (int round = 0; round < ROUNDS && open > 1; round++) {
            shuffle(stubs, open, random);
            int kept = 0;
            for (int i = 0; i + 1 < open; i += 2) {
                int a = Math.min(stubs[i], stubs[i + 1]);
                int b = Math.max(stubs[i], stubs[i + 1]);
                if (a != b && seen.add(((long) a << 32) | b)) {
                    edge.accept(a, b);
                } else {
                    stubs[kept++] = stubs[i];
                    stubs[kept++] = stubs[i + 1];
                }
            }
            if (open % 2 == 1) {
                stubs[kept++] = stubs[open - 1];
            }
            open = kept;
        }
    }

    private static void shuffle(int[] a, int n, SplittableRandom random) {
        for (int i = n - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
