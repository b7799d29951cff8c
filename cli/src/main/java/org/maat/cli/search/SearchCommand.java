package org.maat.cli.search;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.maat.cli.Refusals;
import org.maat.cli.options.AtRestOption;
import org.maat.cli.options.DataOption;
import org.maat.cli.options.NoPolicyOption;
import org.maat.cli.options.SessionOptions;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.runtime.SearchService;
import org.maat.core.search.QueryTimedOutException;
import org.maat.core.search.SearchHit;
import org.maat.core.task.Monitoring;
import org.maat.policy.Session;
import org.maat.policy.monitor.PolicyViolation;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code maat search}: one query as a confined search task of a user's session. */
@Command(name = "search",
        mixinStandardHelpOptions = true,
        resourceBundle = "org.maat.cli.search.Search",
        sortOptions = false,
        description = {"Search an index as a user and print rank, id, owner, policy, title and a snippet.",
            "",
            "The search runs as a confined task of the session (--as, --region): it reads the shards and the query, "
                + "keeps the hits the session may read (a filter built from the session and the facts) and writes "
                + "their conduit ids, which the monitor releases only if the session may read every one "
                + "(ONLY_CND_IDS+). Titles and snippets are then fetched with reads the monitor checks for the session.",
            "",
            "QUERY uses Lucene's simple query syntax: words, \"phrases\", -exclusion, a|b, prefix*, fuzzy~2. "
                + "A query may have at most 64 words and 4 fuzzy or prefix words (each counts once per field, "
                + "title and body); it may collect hits for 5 s.",
            "",
            "Encrypted data and indexes are read through their volume without any flag. --at-rest CIPHER asserts that "
                + "--data and --index are encrypted with at least CIPHER and refuses to search otherwise; --at-rest-key "
                + "opens them with another key than the one they recorded."},
        footer = {"", "Examples:",
            "  maat search --data data --index index --as u17 --region r0 fishing quotas",
            "  maat search --data data --index index --as u17 --no-policy fishing quotas",
            "", "Exit codes: 0 searched, 2 bad arguments (an unknown user or region, a query too expensive included) or unreadable data (a "
                + "damaged store: 'damaged store: FILE ...', nothing written), 3 the result was refused by the monitor, "
                + "4 the query ran past its time budget."})
public final class SearchCommand implements Callable<Integer> {

    @Mixin
    DataOption data;

    @Option(names = "--index", required = true, paramLabel = "DIR", description = "Index directory (maat index).")
    Path index;

    @Mixin
    SessionOptions as;

    @Option(names = "--k", defaultValue = "10", description = "Number of results. Default: ${DEFAULT-VALUE}.")
    int k;

    @Mixin
    NoPolicyOption noPolicy;

    @Mixin
    AtRestOption atRest;

    @Parameters(arity = "1..*", paramLabel = "QUERY", description = "The query words.")
    List<String> words;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Monitoring monitoring = noPolicy.monitoring();
        if (k < 1) {
            throw new ParameterException(spec.commandLine(), "--k must be at least 1, not " + k);
        }
        Session session = as.session(spec, data.dataDir());
        atRest.checkIfAsked(spec, AtRestOption.roots("--data", data.dataDir().root(), "--index", index));
        String query = String.join(" ", words);
        PrintWriter o = spec.commandLine().getOut();
        try (SearchService service = SearchService.open(data.dataDir(), new IndexLayout(index), monitoring)) {
            List<SearchHit> hits;
            try {
                List<String> ids = service.search(session, query, k);
                hits = service.hits(session, ids, query);
            } catch (PolicyViolation refused) {
                return Refusals.report(spec, refused);
            } catch (QueryTimedOutException timedOut) {
                spec.commandLine().getErr().println("maat search: " + timedOut.getMessage());
                return 4;
            }
            o.printf("%d result(s) for '%s' as %s%s%n", hits.size(), query, session,
                    !monitoring.monitored() ? " (no monitor: filtered by the search alone)" : " (released by the monitor under ONLY_CND_IDS+)");
            for (SearchHit hit : hits) {
                o.printf("%3d  %-8s %-6s %-24s %s%n       %s%n", hit.rank(), hit.id(), hit.owner(), hit.template(),
                        hit.title(), hit.snippet());
            }
        }
        return 0;
    }
}
