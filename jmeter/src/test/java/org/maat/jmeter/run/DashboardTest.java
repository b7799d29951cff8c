package org.maat.jmeter.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DashboardTest {

    @TempDir
    Path dir;

    @Test
    void mergedCsvHasOneHeaderAndEverySeriesRows() throws Exception {
        Path a = Files.write(dir.resolve("a.csv"), List.of("timeStamp,label", "1,Q7", "2,Q7"));
        Path b = Files.write(dir.resolve("b.csv"), List.of("timeStamp,label", "3,Q8"));

        Path merged = Dashboard.merge(dir.resolve("merged.csv"), List.of(a, b));

        assertThat(Files.readAllLines(merged)).containsExactly("timeStamp,label", "1,Q7", "2,Q7", "3,Q8");
    }

    @Test
    void csvsWithOtherColumnsAreNotMerged() throws Exception {
        Path a = Files.write(dir.resolve("a.csv"), List.of("timeStamp,label", "1,Q7"));
        Path b = Files.write(dir.resolve("b.csv"), List.of("timeStamp,elapsed,label", "3,1,Q8"));

        assertThatThrownBy(() -> Dashboard.merge(dir.resolve("merged.csv"), List.of(a, b)))
                .hasMessageContaining("b.csv").hasMessageContaining("columns differ");
    }
}
