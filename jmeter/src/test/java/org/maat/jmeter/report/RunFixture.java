package org.maat.jmeter.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A run directory as the harness writes it: {@code run.json} and one CSV per series, built from simulations. */
public final class RunFixture {

    public static final long T0 = 1_790_000_000_000L;

    private final Path dir;
    private final String plan;
    private final List<Map<String, Object>> series = new ArrayList<>();

    public RunFixture(Path dir, String plan) {
        this.dir = dir;
        this.plan = plan;
    }

    /** Adds a series; {@code attributes} are run.json fields beyond id, file, load, levels and mix. */
    public RunFixture series(String id, String load, List<Double> levels, Map<String, Double> mix, List<Sample> samples,
            Map<String, Object> attributes) throws IOException {
        String file = "results/" + id.replace('/', '-') + ".csv";
        if (samples != null) {
            JtlFixture.write(dir.resolve(file), samples);
        }
        Map<String, Object> s = new LinkedHashMap<>();
        s.put("id", id);
        s.put("file", file);
        s.put("load", load);
        s.put("levels", levels);
        s.put("mix", mix);
        for (String field : List.of("backend", "topology", "sessionLength", "policy", "order")) {
            s.put(field, attributes.get(field));
        }
        series.add(s);
        return this;
    }

    public Path write(boolean quick) throws IOException {
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("plan", plan);
        run.put("quick", quick);
        run.put("startedAt", "2026-09-21T12:00:00Z");
        run.put("machine", Map.of("cores", 2, "jdk", "17.0.15", "os", "Linux 6.18", "jmeter", "5.6.3"));
        run.put("parameters", Map.of("employees", 10000, "stepSeconds", 5));
        run.put("series", series);
        run.put("harnessVersion", "ignored by the report");
        Files.createDirectories(dir);
        new ObjectMapper().writerWithDefaultPrettyPrinter().writeValue(dir.resolve("run.json").toFile(), run);
        return dir;
    }
}
