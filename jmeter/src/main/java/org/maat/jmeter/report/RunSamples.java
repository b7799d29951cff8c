package org.maat.jmeter.report;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The samples and load curves of a run's series, each CSV read once.
 *
 * <p>A series whose file is absent, empty or malformed gives no samples and a problem naming it (and, when
 * malformed, the file and line), so one broken file leaves the rest of the report intact. Every steady-state
 * cut made through it is remembered for the report's warm-up table.
 */
final class RunSamples {

    /** One warm-up cut: a series, the part of it that was trimmed (a level or a label), and the result. */
    record Cut(String seriesId, String part, SteadyState steadyState) {
    }

    private final Path runDir;
    private final Consumer<RunDescription.Series> seriesRead;
    private final Map<String, Optional<List<Sample>>> samples = new HashMap<>();
    private final Map<String, Optional<LoadCurve>> curves = new HashMap<>();
    private final Map<String, Cut> cuts = new LinkedHashMap<>();
    private final List<String> problems = new ArrayList<>();

    /** @param seriesRead told once per series when its file has been read (or found unusable) */
    RunSamples(Path runDir, Consumer<RunDescription.Series> seriesRead) {
        this.runDir = runDir;
        this.seriesRead = seriesRead;
    }

    /** The series' samples, or empty (with a problem recorded) if its file cannot give any. */
    Optional<List<Sample>> of(RunDescription.Series series) {
        return samples.computeIfAbsent(series.id(), id -> {
            Optional<List<Sample>> loaded = load(series);
            seriesRead.accept(series);
            return loaded;
        });
    }

    /** The series' load curve over its mix labels, each level trimmed of warm-up. */
    Optional<LoadCurve> curve(RunDescription.Series series) {
        return curves.computeIfAbsent(series.id(), id -> of(series).map(all -> {
            LoadCurve curve = LoadCurve.of(all, series.mix().keySet());
            if (curve.points().isEmpty()) {
                problems.add("series " + id + ": no samples labelled " + String.join(", ", series.mix().keySet()));
            }
            curve.points().forEach(p -> cuts.put(id + "\u0000" + p.level(), new Cut(id, p.level(), p.steadyState())));
            return curve;
        }));
    }

    /** The steady part of one label's samples in a series (all levels together). */
    Optional<SteadyState> steady(RunDescription.Series series, String label) {
        return of(series).map(all -> all.stream().filter(s -> s.label().equals(label)).toList())
                .filter(labelled -> !labelled.isEmpty()).map(labelled -> {
            SteadyState steady = SteadyState.trim(labelled);
            cuts.put(series.id() + "\u0000" + label, new Cut(series.id(), label, steady));
            return steady;
        });
    }

    List<Cut> cuts() {
        return List.copyOf(cuts.values());
    }

    List<String> problems() {
        return List.copyOf(problems);
    }

    private Optional<List<Sample>> load(RunDescription.Series series) {
        Path file = runDir.resolve(series.file());
        if (!Files.isRegularFile(file)) {
            problems.add("series " + series.id() + ": no result file " + series.file());
            return Optional.empty();
        }
        try {
            List<Sample> read = JtlFile.read(file);
            if (read.isEmpty()) {
                problems.add("series " + series.id() + ": " + series.file() + " holds no samples");
                return Optional.empty();
            }
            return Optional.of(read);
        } catch (IOException e) {
            problems.add("series " + series.id() + ": unreadable: " + e.getMessage());
            return Optional.empty();
        }
    }
}
