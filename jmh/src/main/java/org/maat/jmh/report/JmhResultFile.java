package org.maat.jmh.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads the results JMH writes with {@code -rf json}. A file that is not such a result (not JSON,
 * not an array, an entry without a benchmark name or a numeric score) is refused with
 * {@link JmhResultFormatException} naming the file and the entry, never read as partial results.
 */
public final class JmhResultFile {

    private static final ObjectMapper JSON = new ObjectMapper();

    private JmhResultFile() {
    }

    /** The results in {@code file}, in the order JMH ran them, and the run settings of the first. */
    public static JmhRun read(Path file) throws IOException {
        JsonNode root;
        try {
            root = JSON.readTree(Files.readAllBytes(file));
        } catch (NoSuchFileException e) {
            throw new NoSuchFileException(file + ": no JMH result file (did the run fail before writing it?)");
        } catch (JsonProcessingException e) {
            throw new JmhResultFormatException(file + ": not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !root.isArray()) {
            throw new JmhResultFormatException(file + ": a JMH result file is a JSON array of results");
        }
        List<JmhResult> results = new ArrayList<>();
        for (int i = 0; i < root.size(); i++) {
            results.add(result(file, i, root.get(i)));
        }
        String settings = root.isEmpty() ? "" : settings(root.get(0));
        return new JmhRun(results, settings);
    }

    private static JmhResult result(Path file, int index, JsonNode entry) {
        String where = file + ": result " + (index + 1);
        String benchmark = entry.path("benchmark").asText(null);
        if (benchmark == null || benchmark.isBlank()) {
            throw new JmhResultFormatException(where + " has no benchmark name");
        }
        JsonNode metric = entry.path("primaryMetric");
        JsonNode score = metric.path("score");
        if (!score.isNumber()) {
            throw new JmhResultFormatException(where + " (" + benchmark + ") has no numeric primaryMetric.score");
        }
        String unit = metric.path("scoreUnit").asText("");
        if (unit.isEmpty()) {
            throw new JmhResultFormatException(where + " (" + benchmark + ") has no primaryMetric.scoreUnit");
        }
        Map<String, String> params = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = entry.path("params").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> p = it.next();
            params.put(p.getKey(), p.getValue().asText());
        }
        return new JmhResult(benchmark, params, score.asDouble(), error(metric.path("scoreError")), unit);
    }

    /** JMH writes a missing error as the string "NaN". */
    private static double error(JsonNode node) {
        if (node.isNumber()) {
            return node.asDouble();
        }
        return Double.NaN;
    }

    private static String settings(JsonNode first) {
        return String.format("JMH %s, %s %s (%s), %d fork(s), %d x %s warmup, %d x %s measurement, %d thread(s)",
                first.path("jmhVersion").asText("?"), first.path("vmName").asText("?"),
                first.path("vmVersion").asText("?"), first.path("jdkVersion").asText("?"),
                first.path("forks").asInt(), first.path("warmupIterations").asInt(),
                first.path("warmupTime").asText("?"), first.path("measurementIterations").asInt(),
                first.path("measurementTime").asText("?"), first.path("threads").asInt());
    }
}
