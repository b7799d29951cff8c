package org.maat.core.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The search demo run end to end, its report read back as structure: each section's searches with
 * the ids they released and the ids withheld from them, checked against who may read what.
 */
class SearchDemoIT {

    private static final Pattern QUERY = Pattern.compile(
            "^  Query: \".*\" \\(the title of (\\S+), a friends-only document of (\\S+)\\)\\.$");
    private static final Pattern SEARCH = Pattern.compile("^  as .+? \\(([^()]*)\\): (.*)$");
    private static final Pattern WITHHELD = Pattern.compile("^      withheld (\\S+) \\(([^,]+), owner (\\S+)\\): (.*)$");
    private static final Pattern CENSORED = Pattern.compile("^2\\. Censorship: (\\S+) is blocked in region r0$");

    @TempDir
    Path dir;

    /** One search line and the withheld lines under it. */
    private record Search(String who, List<String> released, Map<String, String> withheld) {
    }

    @Test
    void theDemoShowsEachSessionItsResultsAndWhyOthersWereWithheld() throws Exception {
        StringWriter text = new StringWriter();
        new SearchDemo(new PrintWriter(text)).run(dir);
        String out = text.toString();
        Map<String, List<String>> sections = DemoReport.sections(out);
        assertThat(sections.keySet()).as(out).containsExactly("Confined search over europarl",
                "1. Owner, friend and stranger", sections.keySet().stream().filter(h -> h.startsWith("2. ")).findFirst()
                        .orElse("2. (missing)"),
                "3. An employee reads protected documents only under mandatory access logging",
                "4. A search task whose ACL filter was dropped");

        Matcher query = sections.get("Confined search over europarl").stream().map(QUERY::matcher)
                .filter(Matcher::matches).findFirst().orElseThrow(() -> new AssertionError("no Query line:\n" + out));
        String document = query.group(1);
        String owner = query.group(2);

        List<Search> people = searches(sections.get("1. Owner, friend and stranger"));
        assertThat(people).extracting(Search::who).containsExactly("the owner", "a friend of " + owner, "a stranger");
        assertThat(people.get(0).released()).contains(document);
        assertThat(people.get(1).released()).contains(document);
        assertThat(people.get(2).released()).doesNotContain(document);
        assertThat(people.get(2).withheld()).containsKey(document);
        people.forEach(s -> assertThat(s.released()).doesNotContainAnyElementsOf(s.withheld().keySet()));

        String censorship = sections.keySet().stream().filter(h -> h.startsWith("2. ")).findFirst().orElseThrow();
        Matcher censoredHeading = CENSORED.matcher(censorship);
        assertThat(censoredHeading.matches()).as(censorship).isTrue();
        String censored = censoredHeading.group(1);
        List<Search> regions = searches(sections.get(censorship));
        assertThat(regions).extracting(Search::who).containsExactly("a client in r1", "the same user in r0");
        assertThat(regions.get(0).released()).contains(censored);
        assertThat(regions.get(1).released()).doesNotContain(censored);
        assertThat(regions.get(1).withheld().get(censored)).contains("blocked(session.region=\"r0\"");

        List<String> mal = sections.get("3. An employee reads protected documents only under mandatory access logging");
        List<Search> employee = searches(mal);
        assertThat(employee).extracting(Search::who)
                .containsExactly("employee e0, no MAL entry for " + document, "employee e0, after the MAL entry");
        assertThat(employee.get(0).released()).doesNotContain(document);
        assertThat(employee.get(0).withheld().get(document)).contains("is not a fact");
        assertThat(employee.get(1).released()).contains(document);
        assertThat(mal).anyMatch(l -> l.startsWith("  -> e0 appends a MAL entry for " + document + " "));

        List<String> dropped = sections.get("4. A search task whose ACL filter was dropped");
        assertThat(dropped.get(0)).isEqualTo("  refused by the monitor, nothing delivered:");
        assertThat(dropped.get(1)).contains("output was refused by the monitor (incident ");
        assertThat(String.join("\n", dropped.subList(1, dropped.size()))).contains("ONLY_CND_IDS+");
    }

    private static List<Search> searches(List<String> lines) {
        List<Search> searches = new ArrayList<>();
        for (String line : lines) {
            Matcher search = SEARCH.matcher(line);
            Matcher withheld = WITHHELD.matcher(line);
            if (search.matches()) {
                String ids = search.group(2);
                searches.add(new Search(search.group(1), ids.equals("nothing") ? List.of() : List.of(ids.split(" ")),
                        new LinkedHashMap<>()));
            } else if (withheld.matches()) {
                searches.get(searches.size() - 1).withheld().put(withheld.group(1), withheld.group(4));
            }
        }
        return searches;
    }
}
