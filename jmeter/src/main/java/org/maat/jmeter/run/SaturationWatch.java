package org.maat.jmeter.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.maat.jmeter.report.Knee;
import org.maat.jmeter.report.JtlFile;
import org.maat.jmeter.report.LoadCurve;
import org.maat.jmeter.report.Sample;

/**
 * Follows the CSV of an adaptive run while JMeter writes it and says when to stop stepping: once a
 * level is complete (the next thread group has started, groups run one after another) the curve of the
 * complete levels is checked with {@link Knee}; when a step gained no throughput while latency rose,
 * the load is past the knee and higher levels would only queue. The check reads a snapshot of the
 * file's complete lines, so a line JMeter is half-way through writing is never parsed.
 */
final class SaturationWatch {

    private final Path csv;
    private final Path snapshot;
    private final Set<String> labels;
    private int checkedLevels;
    private Optional<Knee> saturated = Optional.empty();

    SaturationWatch(Path csv, Path snapshot, Set<String> labels) {
        this.csv = csv;
        this.snapshot = snapshot;
        this.labels = Set.copyOf(labels);
    }

    /** Whether the complete levels so far show saturation (checked again only when a level completes). */
    boolean saturated() {
        if (saturated.isPresent()) {
            return true;
        }
        try {
            List<Sample> samples = completeLines();
            List<String> levels = new ArrayList<>(new LinkedHashSet<>(samples.stream().map(Sample::level).toList()));
            int complete = levels.size() - 1; // the last level seen is still running
            if (complete <= checkedLevels || complete < 2) {
                return false;
            }
            checkedLevels = complete;
            Set<String> done = Set.copyOf(levels.subList(0, complete));
            List<Sample> finished = samples.stream().filter(s -> done.contains(s.level())).toList();
            Knee knee = Knee.of(LoadCurve.of(finished, labels));
            if (knee.saturated()) {
                saturated = Optional.of(knee);
                return true;
            }
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException("following " + csv + ": " + e.getMessage(), e);
        }
    }

    /** The knee that stopped the stepping, if saturation was seen. */
    Optional<Knee> knee() {
        return saturated;
    }

    /** The levels complete when saturation was seen (the still-running level is to be dropped). */
    int completeLevels() {
        return checkedLevels;
    }

    private List<Sample> completeLines() throws IOException {
        if (!Files.isRegularFile(csv)) {
            return List.of();
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(csv)) {
            bytes = in.readAllBytes();
        }
        int end = bytes.length;
        while (end > 0 && bytes[end - 1] != '\n') {
            end--;
        }
        if (end == 0) {
            return List.of();
        }
        Files.write(snapshot, java.util.Arrays.copyOf(bytes, end));
        try {
            return JtlFile.read(snapshot);
        } catch (org.maat.jmeter.report.JtlFormatException e) {
            return List.of(); // a record still being written (a quoted line break): look again next time
        } finally {
            Files.deleteIfExists(snapshot);
        }
    }
}
