package org.maat.policy.facts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PartitionedFactsTest {

    private final FactIndex store = new FactIndex(List.of(
            Fact.of("friend", "alice", "bob"), Fact.of("employee", "erin"),
            Fact.of("logged", "mallory", "doc-1")));
    private final FactIndex log = new FactIndex(List.of(Fact.of("logged", "erin", "doc-1")));
    private final PartitionedFacts facts = new PartitionedFacts(store, Map.of("logged", log));

    @Test
    void eachRelationIsAnsweredByItsOwnerOnly() {
        assertThat(facts.contains("logged", List.of("erin", "doc-1"))).isTrue();
        assertThat(facts.contains("logged", List.of("mallory", "doc-1"))).as("not the log's").isFalse();
        assertThat(facts.contains("friend", List.of("alice", "bob"))).isTrue();
        assertThat(facts.relations()).containsExactlyInAnyOrder("friend", "employee", "logged");
    }

    @Test
    void versionGrowsWhenAnyPartChanges() {
        long before = facts.version();
        log.add(Fact.of("logged", "erin", "doc-2"));
        assertThat(facts.version()).isGreaterThan(before);
        long middle = facts.version();
        store.add(Fact.of("employee", "frank"));
        assertThat(facts.version()).isGreaterThan(middle);
    }

    @Test
    void commonNeighboursAcrossPartsIntersects() {
        log.add(Fact.of("logged", "bob", "doc-9"));
        assertThat(facts.commonNeighbours("friend", 0, "alice", "logged", 1, "doc-9")).containsExactly("bob");
    }
}
