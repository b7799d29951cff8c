package org.maat.disguise.search;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Bags and journal entries sealed when a departure recorded the employee's position ({@code employeeAt}) still
 * open, with the mapper's strictness of {@link org.maat.disguise.store.SealedBags} and the journal: the position's
 * presence says the principal was listed, its value is not used.
 */
class SealedRecordsCompatibilityTest {

    private static final ObjectMapper STRICT = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, true);

    private static SearchBag bag(boolean listed) {
        return new SearchBag("search-delete-account", "e1", 5, List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), null, true, List.of(), Map.of(), List.of(), listed, List.of(), Map.of(), List.of(), null);
    }

    @Test
    void aBagRoundTrips() throws Exception {
        for (boolean listed : new boolean[] {true, false}) {
            assertThat(STRICT.readValue(STRICT.writeValueAsBytes(bag(listed)), SearchBag.class)).isEqualTo(bag(listed));
        }
    }

    @Test
    void anOlderBagWithAPositionReadsAsListed() throws Exception {
        ObjectNode old = STRICT.valueToTree(bag(false));
        old.remove("listedEmployee");
        old.remove("views");
        old.remove("viewWatches");
        old.remove("takenViewWatches");
        old.remove("composedBy");
        old.put("employeeAt", 0);
        assertThat(STRICT.treeToValue(old, SearchBag.class)).isEqualTo(bag(true));
        old.putNull("employeeAt");
        assertThat(STRICT.treeToValue(old, SearchBag.class)).isEqualTo(bag(false));
    }

    @Test
    void anOlderJournalEntryWithAPositionReads() throws Exception {
        SearchPlan plan = new SearchPlan(SearchPlan.Direction.BRINGS_BACK, List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(), List.of(), null, null, null, null, null, null, "e1", List.of(), List.of());
        ObjectNode old = STRICT.valueToTree(plan);
        old.remove("withdrawViewsFrom");
        old.remove("restoreViews");
        old.put("employeeAt", 1);
        assertThat(STRICT.treeToValue(old, SearchPlan.class)).isEqualTo(plan);
    }
}
