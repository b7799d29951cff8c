package org.maat.jmeter.report;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A run directory's {@code run.json}: which plan ran, on what machine, and where each series' CSV is.
 *
 * <p>Read by {@link #read(Path)}, which checks what the report relies on (plan, series ids and files, load
 * kinds, a non-empty mix) and names the series and field of any problem. Fields it does not know are
 * ignored, so the harness may record more than the report uses.
 *
 * @param plan the plan's name ({@code erp-queries}, {@code erp-pairs}, {@code q10-q10r}, {@code search-mix})
 * @param quick whether the shortened variant of the plan ran
 * @param startedAt when the run started (ISO-8601), as the harness wrote it
 * @param machine where it ran
 * @param parameters the plan's parameters (employees, step length, ...), shown as they are
 * @param series one entry per CSV result file
 */
public record RunDescription(String plan, boolean quick, String startedAt, Machine machine,
        Map<String, Object> parameters, List<Series> series) {

    /** The file name a run directory describes itself in. */
    public static final String FILE_NAME = "run.json";

    private static final Set<String> LOADS = Set.of("adaptive", "open", "sequence");

    /** The machine a run measured; any field may be null when the harness did not know it. */
    public record Machine(Integer cores, String jdk, String os, String jmeter) {
    }

    /**
     * One CSV result file and what produced it.
     *
     * @param id unique within the run, e.g. {@code encrypted/Q7/adaptive}
     * @param file the CSV, relative to the run directory
     * @param load {@code adaptive} (closed loop, levels are threads), {@code open} (levels are requests/s) or
     *     {@code sequence} (one thread in order)
     * @param levels the levels the plan asked for
     * @param mix sampler labels counted as the workload, with their weights
     * @param backend {@code plain} or {@code encrypted} for ERP plans
     * @param topology {@code 2servers} or {@code 4servers} for search
     * @param sessionLength queries per session for search
     * @param policy {@code baseline}, {@code public} or {@code mix} for search
     * @param order {@code sequential} or {@code interleaved} for Q10 vs Q10R
     */
    public record Series(String id, String file, String load, List<Double> levels, Map<String, Double> mix,
            String backend, String topology, Integer sessionLength, String policy, String order) {

        public Series {
            levels = levels == null ? List.of() : List.copyOf(levels);
            mix = mix == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(mix));
        }

        /** The one label of a single-query series, or null if the mix has several. */
        public String singleLabel() {
            return mix.size() == 1 ? mix.keySet().iterator().next() : null;
        }
    }

    public RunDescription {
        parameters = parameters == null ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(parameters));
        series = series == null ? List.of() : List.copyOf(series);
        machine = machine == null ? new Machine(null, null, null, null) : machine;
    }

    /**
     * Reads and checks {@code runDir/run.json}.
     *
     * @throws IOException naming {@code run.json} and, for a syntax error, its line and column; for a bad
     *     field, the series index and id
     */
    public static RunDescription read(Path runDir) throws IOException {
        Path file = runDir.resolve(FILE_NAME);
        ObjectMapper mapper = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
        RunDescription run;
        try {
            run = mapper.readValue(Files.readString(file), RunDescription.class);
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file.toString(), null,
                    "not a run directory: no " + FILE_NAME + " (made by bench jmeter)");
        } catch (JsonProcessingException e) {
            JsonLocation at = e.getLocation();
            String where = at == null ? "" : at.getLineNr() + ":" + at.getColumnNr() + ":";
            throw new IOException(file + ":" + where + " " + e.getOriginalMessage(), e);
        }
        if (run == null) {
            throw new IOException(file + ": empty, expected a JSON object");
        }
        List<String> problems = run.problems();
        if (!problems.isEmpty()) {
            throw new IOException(file + ": " + String.join("; ", problems));
        }
        return run;
    }

    private List<String> problems() {
        List<String> problems = new ArrayList<>();
        if (plan == null || plan.isBlank()) {
            problems.add("missing plan");
        } else if (!plan.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
            // the plan names the default report directory, so it must be a plain file name
            problems.add("plan must be letters, digits, '.', '_' or '-', got '" + plan + "'");
        }
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < series.size(); i++) {
            Series s = series.get(i);
            String name = "series[" + i + "]" + (s.id() == null ? "" : " (" + s.id() + ")");
            if (s.id() == null || s.id().isBlank()) {
                problems.add(name + ": missing id");
            } else if (!ids.add(s.id())) {
                problems.add(name + ": id used twice");
            }
            if (s.file() == null || s.file().isBlank()) {
                problems.add(name + ": missing file");
            }
            if (s.load() == null || !LOADS.contains(s.load())) {
                problems.add(name + ": load must be adaptive, open or sequence, got " + s.load());
            }
            if (s.mix().isEmpty()) {
                problems.add(name + ": empty mix (which labels count as the workload?)");
            }
            s.mix().forEach((label, weight) -> {
                if (weight == null || !(weight > 0)) {
                    problems.add(name + ": mix weight of " + label + " must be > 0, got " + weight);
                }
            });
        }
        return problems;
    }
}
