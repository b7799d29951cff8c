package org.maat.policy.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FactIndexTest {

    @Test
    void commonNeighboursAreTheValuesLinkingBothEnds() {
        FactIndex index = new FactIndex(List.of(
                Fact.of("friend", "alice", "bob"), Fact.of("friend", "alice", "carol"),
                Fact.of("friend", "bob", "dave"), Fact.of("friend", "carol", "dave"), Fact.of("friend", "erin", "dave")));
        assertThat(index.commonNeighbours("friend", 0, "alice", "friend", 1, "dave"))
                .containsExactlyInAnyOrder("bob", "carol");
        assertThat(index.commonNeighbours("friend", 0, "alice", "friend", 1, "nobody")).isEmpty();
        assertThat(index.degree("friend", 1, "dave")).isEqualTo(3);
    }

    @Test
    void removedFactsLeaveTheNeighbourLists() {
        FactIndex index = new FactIndex(List.of(Fact.of("friend", "alice", "bob"), Fact.of("friend", "bob", "carol")));
        long before = index.version();
        index.remove(Fact.of("friend", "alice", "bob"));
        assertThat(index.version()).isGreaterThan(before);
        assertThat(index.commonNeighbours("friend", 0, "alice", "friend", 1, "carol")).isEmpty();
        assertThat(index.neighbours("friend", 0, "alice")).isEmpty();
        assertThat(index.degree("friend", 1, "carol")).isEqualTo(1);
    }

    @Test
    void intersectionAgreesWithSetIntersectionOnRandomGraphs() {
        Random random = new Random(7);
        FactIndex index = new FactIndex();
        Set<List<String>> truth = new HashSet<>();
        for (int i = 0; i < 5_000; i++) {
            Fact f = Fact.of("friend", "u" + random.nextInt(200), "u" + random.nextInt(200));
            if (random.nextInt(4) == 0) {
                index.remove(f);
                truth.remove(f.args());
            } else {
                index.add(f);
                truth.add(f.args());
            }
        }
        for (int trial = 0; trial < 500; trial++) {
            String a = "u" + random.nextInt(200);
            String b = "u" + random.nextInt(200);
            Set<String> expected = new HashSet<>();
            for (int f = 0; f < 200; f++) {
                if (truth.contains(List.of(a, "u" + f)) && truth.contains(List.of("u" + f, b))) {
                    expected.add("u" + f);
                }
            }
            assertThat(new HashSet<>(index.commonNeighbours("friend", 0, a, "friend", 1, b))).isEqualTo(expected);
        }
    }

    @Test
    void matchUsesAnyBoundPosition() {
        FactIndex index = new FactIndex(List.of(Fact.of("blocked", "cn", "d1"), Fact.of("blocked", "cn", "d2"),
                Fact.of("blocked", "ru", "d1")));
        assertThat(index.match("blocked", new String[] {null, "d1"})).hasSize(2);
        assertThat(index.match("blocked", new String[] {"cn", null})).hasSize(2);
        assertThat(index.contains("blocked", List.of("ru", "d2"))).isFalse();
    }
}
