package org.maat.core.index;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class ShardRouterTest {

    @Property
    void everyIdGoesToOneShardInRangeAndAlwaysTheSame(@ForAll String id, @ForAll @IntRange(min = 1, max = 64) int shards) {
        int shard = new ShardRouter(shards).shard(id);
        assertThat(shard).isBetween(0, shards - 1).isEqualTo(new ShardRouter(shards).shard(id));
    }

    @Test
    void routingIsPinnedSoThatEveryIndexerAgreesAcrossReleases() {
        // murmur3_x86_32 of the UTF-8 id, seed 0: changing it would silently re-shard existing indexes.
        ShardRouter two = new ShardRouter(2);
        ShardRouter three = new ShardRouter(3);
        StringBuilder routes = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            routes.append(two.shard("d" + i)).append(three.shard("d" + i)).append(' ');
        }
        assertThat(routes.toString().strip()).isEqualTo(PINNED);
    }

    private static final String PINNED = "11 12 10 00 11 02 12 00 11 11 12 12";

    @Test
    void documentsSpreadEvenlyOverShards() {
        ShardRouter router = new ShardRouter(3);
        int[] counts = new int[3];
        for (int i = 0; i < 30_000; i++) {
            counts[router.shard("d" + i)]++;
        }
        for (int count : counts) {
            assertThat(count).isBetween(9_500, 10_500);
        }
    }

    @Test
    void zeroShardsIsAnError() {
        assertThatThrownBy(() -> new ShardRouter(0)).hasMessageContaining("at least 1");
    }
}
