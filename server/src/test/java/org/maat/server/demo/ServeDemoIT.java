package org.maat.server.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.demo.DemoReport;
import org.maat.server.ServedDataFixture;
import org.maat.server.Topology;
import org.maat.server.WarFile;

/**
 * The serving demo against the built front-end WAR, its report read back as structure: for every
 * kind of user, what the search over HTTP returned and what {@code GET /api/doc} answered, checked
 * against who may read what; nothing leaked, and the server stops.
 */
class ServeDemoIT {

    private static final Pattern SHARED = Pattern.compile("^  (owner|friend|stranger)\\s+(\\S+)\\s+searched \".*\": "
            + "(\\d+) hit\\(s\\), (\\S+) (among them|not among them); GET /api/doc\\?id=(\\S+) -> (\\d+)(?: \\(.*\\))?$");
    private static final Pattern CENSORED = Pattern.compile("^  (\\S+)\\s+from (\\S+) \\(region (\\S+)\\) searched "
            + "\".*\": (\\S+) (among the hits|not among the hits); GET /api/doc -> (\\d+)$");
    private static final Pattern BEFORE_MAL = Pattern.compile(
            "^  without a MAL entry: search (returns|withholds) (\\S+); GET /api/doc\\?id=(\\S+) -> (\\d+) \\(.*\\)$");
    private static final Pattern MAL = Pattern.compile("^  POST /api/mal \\(reason stated\\) -> (\\d+): .*$");
    private static final Pattern AFTER_MAL = Pattern.compile(
            "^  with the entry: GET /api/doc\\?id=(\\S+) -> (\\d+).*; search (returns|still withholds) it .*$");

    @TempDir
    Path dir;

    @Test
    void everySessionSeesOnlyWhatItMayAndTheServerStops() throws Exception {
        ServedDataFixture served = ServedDataFixture.generate(dir.resolve("served"), 300);
        StringWriter text = new StringWriter();

        boolean clean = new ServeDemo(new PrintWriter(text, true)).run(WarFile.locate(), served.data(), served.index(),
                Topology.FOUR_SERVERS, dir.resolve("work"));

        String output = text.toString();
        assertThat(clean).as(output).isTrue();
        assertThat(output).doesNotContain("LEAK").doesNotContain("UNEXPECTED");
        Map<String, List<String>> sections = DemoReport.sections(output);
        assertThat(sections.keySet()).as(output).hasSize(3);
        List<List<String>> bodies = new ArrayList<>(sections.values());

        // 1. The owner and a friend find the friends-only document and may open it; a stranger neither.
        List<Matcher> shared = matching(SHARED, bodies.get(0));
        assertThat(shared).extracting(m -> m.group(1)).containsExactly("owner", "friend", "stranger");
        for (Matcher m : shared) {
            boolean may = !m.group(1).equals("stranger");
            assertThat(m.group(6)).as(m.group()).isEqualTo(m.group(4));
            assertThat(m.group(5)).as(m.group()).isEqualTo(may ? "among them" : "not among them");
            assertThat(m.group(7).equals("200")).as(m.group()).isEqualTo(may);
        }
        assertThat(shared).extracting(m -> m.group(4)).containsOnly(shared.get(0).group(4));

        // 2. The censored public document: found and opened from another region, neither from the censoring one.
        List<Matcher> censored = matching(CENSORED, bodies.get(1));
        assertThat(censored).hasSize(2);
        assertThat(censored.get(0).group(1)).isEqualTo(censored.get(1).group(1));
        assertThat(censored.get(0).group(3)).isNotEqualTo(censored.get(1).group(3));
        assertThat(censored.get(0).group(5)).isEqualTo("among the hits");
        assertThat(censored.get(0).group(6)).isEqualTo("200");
        assertThat(censored.get(1).group(5)).isEqualTo("not among the hits");
        assertThat(censored.get(1).group(6)).isNotEqualTo("200");
        assertThat(sections.keySet().stream().skip(1).findFirst().orElseThrow())
                .endsWith("blocked in region " + censored.get(1).group(3));

        // 3. The employee: refused until a MAL entry is posted, then served.
        List<String> employee = bodies.get(2);
        Matcher before = single(BEFORE_MAL, employee);
        assertThat(before.group(1)).isEqualTo("withholds");
        assertThat(before.group(4)).isNotEqualTo("200");
        assertThat(single(MAL, employee).group(1)).isEqualTo("204");
        Matcher after = single(AFTER_MAL, employee);
        assertThat(after.group(1)).isEqualTo(before.group(2));
        assertThat(after.group(2)).isEqualTo("200");

        assertThat(Thread.getAllStackTraces().keySet()).noneMatch(t -> t.getName().startsWith("shard-"));
    }

    private static List<Matcher> matching(Pattern pattern, List<String> lines) {
        return lines.stream().map(pattern::matcher).filter(Matcher::matches).toList();
    }

    private static Matcher single(Pattern pattern, List<String> lines) {
        List<Matcher> found = matching(pattern, lines);
        assertThat(found).as("one line like %s in %s", pattern, lines).hasSize(1);
        return found.get(0);
    }
}
