package org.maat.jmeter.run;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.jmeter.report.JtlFile;
import org.maat.jmeter.report.Sample;

class SeriesRunnerTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
            + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect";

    @TempDir
    Path dir;

    @Test
    void keepingTheFirstLevelsDropsTheLevelThatWasRunningWhenSaturationShowed() throws Exception {
        Path csv = dir.resolve("r.csv");
        Files.write(csv, List.of(HEADER,
                row(1000, "threads-1 1-1", "OK"),
                row(1010, "threads-2 2-1", "OK"),
                row(1020, "threads-2 2-2", "\"a, quoted\nmessage\""),
                row(1030, "threads-4 3-1", "OK"),
                row(1040, "threads-4 3-2", "OK")));

        SeriesRunner.keepFirstLevels(csv, 2);

        List<Sample> kept = JtlFile.read(csv);
        assertThat(kept).extracting(Sample::level).containsExactly("threads-1", "threads-2", "threads-2");
    }

    @Test
    void keepingAsManyLevelsAsThereAreLeavesTheFileAlone() throws Exception {
        Path csv = dir.resolve("r.csv");
        Files.write(csv, List.of(HEADER, row(1000, "threads-1 1-1", "OK")));
        String before = Files.readString(csv);

        SeriesRunner.keepFirstLevels(csv, 3);

        assertThat(Files.readString(csv)).isEqualTo(before);
    }

    @Test
    void withoutWarmUpStepsNoJMeterRunsAndTheServerCountsAsCold() throws Exception {
        List<String> log = new ArrayList<>();
        // No JMeter installation and no run record: a warm-up step would need both.
        RunContext context = new RunContext(null, dir, dir.resolve("plan.jmx"), null, log::add, () -> { });

        boolean warm = new SeriesRunner(context, 0).warmUp(Workload.of("plain-Q7", Map.of(), Map.of("Q7", 1)),
                Target.of(URI.create("http://127.0.0.1:9/")), new LoadSettings(2, List.of(1), List.of()));

        assertThat(warm).isFalse();
        assertThat(log).containsExactly("plain-Q7: no warm-up steps asked for; measuring a cold server");
        assertThat(dir.resolve("logs")).doesNotExist();
        assertThatThrownBy(() -> new SeriesRunner(context, -1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void rateLabelsKeepThreeSignificantDigitsWithoutTrailingZeros() {
        assertThat(SeriesRunner.rateLabel(164.74)).isEqualTo("165");
        assertThat(SeriesRunner.rateLabel(20.55)).isEqualTo("20.6");
        assertThat(SeriesRunner.rateLabel(20.0)).isEqualTo("20");
        assertThat(SeriesRunner.rateLabel(1.5)).isEqualTo("1.5");
        assertThat(SeriesRunner.rateLabel(0.125)).isEqualTo("0.13");
    }

    private static String row(long t, String thread, String message) {
        return t + ",5,Q7,200," + message + "," + thread + ",text,true,,10,10,1,1,http://x/erp/q7,5,0,0";
    }
}
