package org.maat.core.lucene;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.SearchService;
import org.maat.core.task.Monitoring;
import org.maat.policy.Session;

/**
 * What readers see of a published index, for the publication and crash tests of both engines: the
 * shard count and the top ten of every query as several users, as {@code maat search} gives them,
 * and the names an index directory holds.
 */
public final class PublishedResults {

    /** Queries whose top ten tell indexes apart: common words, a pair, and a word of one document. */
    public static final List<String> QUERIES = List.of("budget", "water climate", "fishing treaty", "uniq17");

    private PublishedResults() {
    }

    /** The published shard count and each query's top ten as u0, u3 and u12 of region r0. */
    public static Map<String, List<String>> of(DataDir data, IndexLayout layout, Monitoring policy, List<String> queries)
            throws IOException {
        Map<String, List<String>> results = new LinkedHashMap<>();
        try (SearchService service = SearchService.open(data, layout, policy)) {
            results.put("shards", List.of(Integer.toString(service.index().shards())));
            for (String user : List.of("u0", "u3", "u12")) {
                Session session = Session.of(user, "r0");
                for (String query : queries) {
                    results.put(query + " as " + session, service.search(session, query, 10));
                }
            }
        }
        return results;
    }

    /** The names directly under {@code root}. */
    public static Set<String> listing(Path root) throws IOException {
        try (Stream<Path> files = Files.list(root)) {
            return files.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }
}
