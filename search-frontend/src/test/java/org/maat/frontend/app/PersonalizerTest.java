package org.maat.frontend.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maat.core.shard.ShardHit;

class PersonalizerTest {

    private static final List<ShardHit> MERGED = List.of(new ShardHit("d1", 3.0), new ShardHit("d2", 2.5),
            new ShardHit("d3", 2.0), new ShardHit("d4", 2.0));

    @Test
    void aViewedHitIsBoostedByTheFactorAndTheRestKeepTheirOrder() {
        List<ShardHit> ranked = Personalizer.rerank(MERGED, List.of(new SearchHistory.Entry(Instant.EPOCH, null, "d3"),
                new SearchHistory.Entry(Instant.EPOCH, "fishing", null)));
        // d3: 2.0 * 1.5 = 3.0, equal to d1's, which came first in the merged order.
        assertThat(ranked).containsExactly(new ShardHit("d1", 3.0), new ShardHit("d3", 2.0 * Personalizer.BOOST),
                new ShardHit("d2", 2.5), new ShardHit("d4", 2.0));
    }

    @Test
    void noViewsKeepTheMergedList() {
        assertThat(Personalizer.rerank(MERGED, List.of(new SearchHistory.Entry(Instant.EPOCH, "fishing", null))))
                .isEqualTo(MERGED);
    }
}
