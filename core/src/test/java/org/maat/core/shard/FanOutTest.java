package org.maat.core.shard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The fan-out's own logic (merge, replica choice, fail-over) over scripted shards. */
class FanOutTest {

    private static final ShardQuery QUERY = new ShardQuery("u1", "r0", "budget", 3);

    /** A shard that answers fixed hits and counts its calls. */
    private static final class Scripted implements ShardSearcher {
        final int shard;
        final List<ShardHit> hits;
        final AtomicInteger calls = new AtomicInteger();

        Scripted(int shard, ShardHit... hits) {
            this.shard = shard;
            this.hits = List.of(hits);
        }

        @Override
        public ShardResult search(ShardQuery query) {
            calls.incrementAndGet();
            return new ShardResult(shard, hits.subList(0, Math.min(query.k(), hits.size())));
        }
    }

    private static ShardSearcher down(String name) {
        return new ShardSearcher() {
            @Override
            public ShardResult search(ShardQuery query) throws IOException {
                throw new IOException("connection refused");
            }

            @Override
            public String toString() {
                return name;
            }
        };
    }

    @Test
    void mergesShardsByScoreIntoTheTopK() throws IOException {
        Scripted zero = new Scripted(0, new ShardHit("d0", 3.0), new ShardHit("d2", 1.0));
        Scripted one = new Scripted(1, new ShardHit("d1", 2.5), new ShardHit("d3", 2.0), new ShardHit("d5", 0.5));
        try (FanOut fanOut = FanOut.ofShards(List.of(zero, one))) {
            assertThat(fanOut.search(QUERY)).extracting(ShardHit::id).containsExactly("d0", "d1", "d3");
        }
    }

    @Test
    void equalScoresGoToTheLowerShardThenToTheShardsOwnOrder() throws IOException {
        Scripted zero = new Scripted(0, new ShardHit("a", 1.0), new ShardHit("b", 1.0));
        Scripted one = new Scripted(1, new ShardHit("c", 1.0));
        try (FanOut fanOut = FanOut.ofShards(List.of(zero, one))) {
            assertThat(fanOut.search(new ShardQuery("u1", null, "q", 10))).extracting(ShardHit::id)
                    .containsExactly("a", "b", "c");
        }
    }

    @Test
    void successiveSearchesSpreadOverTheReplicasOfEachShard() throws IOException {
        Scripted a = new Scripted(0, new ShardHit("d0", 1));
        Scripted b = new Scripted(0, new ShardHit("d0", 1));
        Scripted c = new Scripted(1, new ShardHit("d1", 1));
        Scripted d = new Scripted(1, new ShardHit("d1", 1));
        try (FanOut fanOut = new FanOut(List.of(List.of(a, b), List.of(c, d)))) {
            for (int i = 0; i < 10; i++) {
                fanOut.search(QUERY);
            }
        }
        assertThat(List.of(a.calls.get(), b.calls.get(), c.calls.get(), d.calls.get())).containsOnly(5);
    }

    @Test
    void aReplicaThatFailsIsSkippedForTheNextOne() throws IOException {
        Scripted alive = new Scripted(0, new ShardHit("d0", 1));
        try (FanOut fanOut = new FanOut(List.of(List.of(down("replica a"), alive)))) {
            for (int i = 0; i < 4; i++) {
                assertThat(fanOut.search(QUERY)).extracting(ShardHit::id).containsExactly("d0");
            }
        }
        assertThat(alive.calls.get()).isEqualTo(4);
    }

    @Test
    void aShardWithNoLiveReplicaFailsTheSearchNamingEachReplica() {
        Scripted zero = new Scripted(0, new ShardHit("d0", 1));
        try (FanOut fanOut = new FanOut(List.of(List.of(zero), List.of(down("replica x"), down("replica y"))))) {
            assertThatThrownBy(() -> fanOut.search(QUERY)).isInstanceOf(IOException.class)
                    .hasMessageContaining("shard 1").hasMessageContaining("replica x")
                    .hasMessageContaining("replica y").hasMessageContaining("connection refused");
        }
    }

    @Test
    void aRefusalEndsTheSearchWithoutTryingAnotherReplica() {
        AtomicInteger refusals = new AtomicInteger();
        ShardSearcher refusing = q -> {
            refusals.incrementAndGet();
            throw new ShardRefusedException("write of r/1 refused by policy p");
        };
        Scripted other = new Scripted(0, new ShardHit("d0", 1));
        try (FanOut fanOut = new FanOut(List.of(List.of(new Scripted(0)), List.of(refusing, other)))) {
            List<Throwable> thrown = Collections.synchronizedList(new ArrayList<>());
            for (int i = 0; i < 2; i++) {
                try {
                    fanOut.search(QUERY);
                } catch (ShardRefusedException | IOException e) {
                    thrown.add(e);
                }
            }
            // Round robin: the first search starts at the refusing replica, the second at the other one.
            assertThat(thrown).hasSize(1).first().isInstanceOf(ShardRefusedException.class);
            assertThat(refusals.get()).isEqualTo(1);
            assertThat(other.calls.get()).isEqualTo(1);
        }
    }
}
