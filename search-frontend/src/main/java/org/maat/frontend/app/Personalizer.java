package org.maat.frontend.app;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.maat.core.shard.ShardHit;

/**
 * Personal ranking from the user's own history: a hit the user opened before gets its score
 * multiplied by {@link #BOOST}, then hits are re-sorted by score (ties keep the shards' order).
 * It runs in the session's task, which has read the history, so the monitor lets the re-ranked list
 * go only to the user's own {@code profile/*} conduits.
 */
final class Personalizer {

    static final double BOOST = 1.5;

    private Personalizer() {
    }

    static List<ShardHit> rerank(List<ShardHit> merged, List<SearchHistory.Entry> history) {
        Set<String> viewed = new HashSet<>();
        for (SearchHistory.Entry e : history) {
            if (e.view() != null) {
                viewed.add(e.view());
            }
        }
        if (viewed.isEmpty()) {
            return merged;
        }
        List<ShardHit> boosted = new ArrayList<>(merged.size());
        for (ShardHit h : merged) {
            boosted.add(viewed.contains(h.id()) ? new ShardHit(h.id(), h.score() * BOOST) : h);
        }
        // List.sort is stable: equal scores keep the merged order.
        boosted.sort(Comparator.comparingDouble(ShardHit::score).reversed());
        return boosted;
    }
}
