package org.maat.jmeter.run;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The run directory's {@code run.json}: which plan ran, on what, with which parameters, and every
 * series measured. Series are added as they finish and the file is rewritten each time (to a
 * temporary file, then moved over), so an interrupted run still leaves a readable record of what
 * it measured. Not thread-safe: one harness thread adds series.
 */
public final class RunRecord {

    /** The file name inside a run directory. */
    public static final String FILE = "run.json";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The JSON shape; field order is the contract's. */
    record Json(String plan, boolean quick, String startedAt, Machine machine, Map<String, Object> parameters,
                List<Series> series) {
    }

    private final Path runDir;
    private final String plan;
    private final boolean quick;
    private final Instant startedAt;
    private final Machine machine;
    private final Map<String, Object> parameters;
    private final List<Series> series = new ArrayList<>();

    public RunRecord(Path runDir, String plan, boolean quick, Instant startedAt, Machine machine,
                     Map<String, Object> parameters) {
        this.runDir = runDir;
        this.plan = plan;
        this.quick = quick;
        this.startedAt = startedAt;
        this.machine = machine;
        this.parameters = new LinkedHashMap<>(parameters);
    }

    /** Records {@code s} and rewrites {@code run.json}. */
    public void add(Series s) throws IOException {
        if (series.stream().anyMatch(x -> x.id().equals(s.id()))) {
            throw new IllegalArgumentException("series " + s.id() + " is already recorded");
        }
        series.add(s);
        write();
    }

    public List<Series> series() {
        return List.copyOf(series);
    }

    /** Writes {@code run.json} as it stands. */
    public void write() throws IOException {
        Path target = runDir.resolve(FILE);
        Path partial = runDir.resolve(FILE + ".partial");
        JSON.writeValue(partial.toFile(), new Json(plan, quick, startedAt.toString(), machine, parameters, series));
        Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
