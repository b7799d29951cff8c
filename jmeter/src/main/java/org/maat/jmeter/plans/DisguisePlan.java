package org.maat.jmeter.plans;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.maat.core.accounts.Login;
import org.maat.core.data.DataDir;
import org.maat.core.lucene.IndexLayout;
import org.maat.core.task.Monitoring;
import org.maat.jmeter.run.RunContext;
import org.maat.jmeter.run.SeriesRunner;
import org.maat.jmeter.run.SeriesTags;
import org.maat.jmeter.run.Target;
import org.maat.jmeter.run.Workload;
import org.maat.server.SearchDeployment;
import org.maat.server.Topology;

/**
 * {@code disguise} (Edna's figure of users continuously deleting and restoring): normal users
 * search the search-mix population (closed loop, one login per thread, think time), first alone, then while
 * {@link BenchSettings#disguisers} other users each log in, make a key, delete or anonymize their account (in
 * turn) and restore it with the receipt and recovery phrase, over and over. The report sets the normal
 * searches' p50 and p95 of the two series side by side (goal: p95 within 10 %) and the latency of every
 * disguise request.
 *
 * <p>One deployment (2 shards, the reference monitor) over copies of the cached data and index: disguises
 * rewrite both, and {@code logins.txt} loses a user's line while their account is disguised, so the
 * accounts JMeter uses are written to files before the front-end starts. Disguisers and normal users are
 * disjoint sets of users (employees are neither), so no normal user ever meets their own disguised account.
 */
final class DisguisePlan implements Plan {

    /** Think time of a normal user: {@value} ms plus a uniform draw up to {@link #THINK_RANGE_MS}. */
    static final int THINK_MIN_MS = 500;
    static final int THINK_RANGE_MS = 1000;
    private static final int WARM_UP_STEP_SECONDS = 5;
    private static final int QUERIES = 20_000;
    private static final int K = 10;
    private static final String TOPOLOGY = "2servers";

    /** Normal users: the highest of the thread levels (the plan does not step them). */
    static int normalThreads(BenchSettings settings) {
        List<Integer> levels = settings.load().levels();
        return levels.get(levels.size() - 1);
    }

    /** Each series: three steps' worth, at least 15 s, so even a quick run sees every disguiser cycle a few times. */
    static int seriesSeconds(BenchSettings settings) {
        return Math.max(15, 3 * settings.load().stepSeconds());
    }

    @Override
    public int workloads(BenchSettings settings) {
        return 2;
    }

    @Override
    public void run(BenchSettings settings, RunContext context) throws Exception {
        Path work = context.runDir().resolve("work");
        Files.createDirectories(work);
        SearchData data = SearchData.prepare(settings.work(), false, settings.documents(), settings.users(),
                settings.seed(), context.log());
        List<Login> users = data.userLogins();
        int disguisers = settings.disguisers();
        if (users.size() < disguisers + 1) {
            throw new IllegalArgumentException(users.size() + " users with a login cannot give " + disguisers
                    + " disguisers and at least one normal user; raise --users or lower --disguisers");
        }
        // Disguisers are the first users of logins.txt, normal users the rest (threads beyond them share).
        Path disguisersFile = writeAccounts(work.resolve("disguisers.csv"), users.subList(0, disguisers));
        Path normalFile = writeAccounts(work.resolve("normal.csv"), users.subList(disguisers, users.size()));
        Path queries = work.resolve("queries.csv");
        data.writeQueries(queries, QUERIES, settings.seed());

        DataDir dataCopy = data.copyFor(work.resolve("data"));
        IndexLayout indexCopy = data.copyIndexFor(work.resolve("index"));
        SeriesRunner runner = new SeriesRunner(context, settings.warmUpSteps());
        Duration limit = Duration.ofSeconds(seriesSeconds(settings) + 120L);
        try (SearchDeployment deployment = SearchDeployment.start(settings.war(), dataCopy, indexCopy,
                Topology.parse(TOPOLOGY), Monitoring.REFERENCE_MONITOR, "127.0.0.1", 0, c -> c.withMaxConcurrent(1024))) {
            context.log().accept("search front-end with account disguises (" + TOPOLOGY + ") on " + deployment.url());
            Target target = Target.of(deployment.url());
            Map<String, String> common = new LinkedHashMap<>();
            common.put("normal.file", normalFile.toAbsolutePath().toString());
            common.put("disguisers.file", disguisersFile.toAbsolutePath().toString());
            common.put("queries.file", queries.toAbsolutePath().toString());
            common.put("k", Integer.toString(K));
            common.put("think.min.ms", Integer.toString(THINK_MIN_MS));
            common.put("think.range.ms", Integer.toString(THINK_RANGE_MS));
            common.put("disguise.kinds", "delete,anonymize");
            common.put("rampup", Integer.toString(settings.load().rampUpSeconds()));

            Workload alone = workload("alone", common, normalThreads(settings), 0, settings);
            if (!settings.quick()) {
                // A quick run measures a cold server: each warm-up step is a new JMeter, whose first login and
                // script compilation took most of a short step (six steps, 70 s, never judged warm).
                runner.warmUp(warmUp(common, settings), target, settings.load());
            }
            runner.fixedLoad(alone, target, limit, SeriesTags.none());
            runner.fixedLoad(workload("disguising", common, normalThreads(settings), disguisers, settings),
                    target, limit, SeriesTags.none());
        }
    }

    /**
     * Normal searches are what the series counts; the disguisers' requests are labelled {@code login},
     * {@code key}, {@code delete}, {@code anonymize}, {@code restore} and read by the report beside them.
     */
    private static Workload workload(String name, Map<String, String> common, int normal, int disguisers,
                                     BenchSettings settings) {
        Map<String, String> p = new LinkedHashMap<>(common);
        p.put("normal.threads", Integer.toString(normal));
        p.put("disguisers", Integer.toString(disguisers));
        p.put("series.seconds", Integer.toString(seriesSeconds(settings)));
        return Workload.of(name, p, Map.of("search", 1));
    }

    /**
     * Two normal users without think time, steps of at least {@value #WARM_UP_STEP_SECONDS} s: the plan reads
     * neither {@code level.1} nor {@code step.seconds}, which the warm-up sets, so its steps are given here;
     * without think time such a step holds enough searches to tell whether the server is warm (a 2 s quick
     * step held none: JMeter's first login took it all).
     */
    private static Workload warmUp(Map<String, String> common, BenchSettings settings) {
        Map<String, String> p = new LinkedHashMap<>(common);
        p.put("normal.threads", "2");
        p.put("disguisers", "0");
        p.put("series.seconds", Integer.toString(Math.max(WARM_UP_STEP_SECONDS, settings.load().stepSeconds())));
        p.put("think.min.ms", "0");
        p.put("think.range.ms", "0");
        return Workload.of("warm-up", p, Map.of("search", 1));
    }

    /** {@code user TAB password} a line, as the plan's account pre-processor reads them. */
    private static Path writeAccounts(Path file, List<Login> logins) throws IOException {
        StringBuilder text = new StringBuilder();
        for (Login l : logins) {
            text.append(l.user()).append('\t').append(l.password()).append('\n');
        }
        return Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
