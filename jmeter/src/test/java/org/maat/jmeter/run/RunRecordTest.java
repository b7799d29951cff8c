package org.maat.jmeter.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunRecordTest {

    @TempDir
    Path dir;

    @Test
    void runJsonHasTheContractsFieldsWithNullsWhereASeriesTagDoesNotApply() throws Exception {
        RunRecord record = new RunRecord(dir, "erp-queries", true, Instant.parse("2026-11-22T21:00:00Z"),
                new Machine(2, "17.0.15", "Linux 6.18", "5.6.3"), Map.of("employees", 500));
        record.add(new Series("encrypted/Q7/adaptive", "results/encrypted-Q7-adaptive.csv", Series.ADAPTIVE,
                List.of(1, 2, 4), Map.of("Q7", 1), "encrypted", null, null, null, null));

        JsonNode json = new ObjectMapper().readTree(dir.resolve(RunRecord.FILE).toFile());
        assertThat(json.path("plan").asText()).isEqualTo("erp-queries");
        assertThat(json.path("quick").asBoolean()).isTrue();
        assertThat(json.path("startedAt").asText()).isEqualTo("2026-11-22T21:00:00Z");
        assertThat(json.path("machine").path("jmeter").asText()).isEqualTo("5.6.3");
        assertThat(json.path("parameters").path("employees").asInt()).isEqualTo(500);
        JsonNode s = json.path("series").get(0);
        assertThat(s.path("levels").toString()).isEqualTo("[1,2,4]");
        assertThat(s.path("mix").path("Q7").asInt()).isEqualTo(1);
        assertThat(s.has("topology") && s.path("topology").isNull()).isTrue();
        assertThat(s.path("backend").asText()).isEqualTo("encrypted");
    }

    @Test
    void aSeriesIdIsRecordedOnce() throws Exception {
        RunRecord record = new RunRecord(dir, "q10-q10r", false, Instant.now(), Machine.current("5.6.3"), Map.of());
        Series s = new Series("plain/sequential/sequence", "results/a.csv", Series.SEQUENCE, List.of(1),
                Map.of("Q10", 1, "Q10R", 1), "plain", null, null, null, "sequential");
        record.add(s);
        assertThatThrownBy(() -> record.add(s)).hasMessageContaining("already recorded");
    }

    @Test
    void aSeriesLoadIsOneOfTheContractsThree() {
        assertThatThrownBy(() -> new Series("x", "f", "closed", List.of(1), Map.of("Q7", 1), null, null, null, null,
                null)).hasMessageContaining("adaptive, open or sequence");
    }
}
