package org.maat.jmeter.plans;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.maat.core.data.DataDir;
import org.maat.core.data.Manifest;
import org.maat.core.task.Monitoring;
import org.maat.jmeter.run.RunContext;
import org.maat.jmeter.run.SeriesRunner;
import org.maat.jmeter.run.SeriesTags;
import org.maat.jmeter.run.Target;
import org.maat.jmeter.run.Workload;
import org.maat.server.SearchDeployment;
import org.maat.server.Topology;
import org.maat.server.api.ApiSession;
import org.maat.server.api.ClientRegions;

/**
 * {@code search-mix} (Thoth's evaluation, Fig. 4 and Table 4): Thoth's sessions (login, L popular searches,
 * logout; an employee's MAL reads mixed in) against the {@code --no-policy} baseline, the full
 * policy mix and (if asked) the all-public data set under the monitor, per topology and session
 * length; adaptive then open-model. Every client connects from
 * the region with a blacklist, so censorship is on the path. Each configuration is its own deployment
 * over its own copy of the data, started once per topology and run through every session length.
 */
final class SearchMixPlan implements Plan {

    private static final int SESSIONS = 10_000;
    /** Thoth's employee: 200 MAL reads in 10,000 sessions' worth of traffic. */
    private static final int EMPLOYEE_EVERY = 50;
    private static final int QUERIES = 20_000;
    private static final int K = 10;

    @Override
    public int workloads(BenchSettings settings) {
        return settings.topologies().size() * settings.policies().size() * settings.sessionLengths().size();
    }

    @Override
    public void run(BenchSettings settings, RunContext context) throws Exception {
        Path work = context.runDir().resolve("work");
        Files.createDirectories(work);
        // baseline serves the mix data without the monitor (Thoth's Linux baseline), public its own data set.
        SearchData mixData = SearchData.prepare(settings.work(), false, settings.documents(), settings.users(),
                settings.seed(), context.log());
        Map<String, SearchData> dataByPolicy = new LinkedHashMap<>();
        Map<String, Path> sessionsByPolicy = new LinkedHashMap<>();
        for (String policy : settings.policies()) {
            SearchData data = policy.equals("public") ? SearchData.prepare(settings.work(), true,
                    settings.documents(), settings.users(), settings.seed(), context.log()) : mixData;
            dataByPolicy.put(policy, data);
            sessionsByPolicy.put(policy, data.writeSessionsTo(work.resolve("sessions-" + policy + ".csv"), SESSIONS,
                    EMPLOYEE_EVERY, settings.seed()));
        }
        Path queries = work.resolve("queries.csv");
        mixData.writeQueries(queries, QUERIES, settings.seed());
        Manifest manifest = mixData.manifest();
        ClientRegions regions = new ClientRegions(manifest.regions());
        Path regionFile = regions.write(work.resolve("regions.properties"));
        String address = regions.address(manifest.blacklistRegion());

        SeriesRunner runner = new SeriesRunner(context, settings.warmUpSteps());
        for (String topologyName : settings.topologies()) {
            Topology topology = Topology.parse(topologyName);
            for (String policy : settings.policies()) {
                SearchData data = dataByPolicy.get(policy);
                DataDir copy = data.copyFor(work.resolve("data-" + topology + "-" + policy));
                try (SearchDeployment deployment = SearchDeployment.start(settings.war(), copy, data.index(), topology,
                        policy.equals("baseline") ? Monitoring.NONE : Monitoring.REFERENCE_MONITOR, "127.0.0.1", 0, c -> c.withRegions(regionFile)
                                .withProxyHeader(ApiSession.PROXY_HEADER).withMaxConcurrent(1024))) {
                    context.log().accept("search front-end (" + topology + ", " + policy + ") on " + deployment.url());
                    boolean warm = false;
                    for (int length : settings.sessionLengths()) {
                        Workload w = new Workload(topology + "-" + policy + "-L" + length, Map.of(
                                "sessions.file", sessionsByPolicy.get(policy).toAbsolutePath().toString(),
                                "queries.file", queries.toAbsolutePath().toString(),
                                "session.length", Integer.toString(length), "k", Integer.toString(K),
                                "client.address", address), Map.of("search", 1), length);
                        Target target = Target.of(deployment.url());
                        if (!warm) {
                            runner.warmUp(w, target, settings.load());
                            warm = true;
                        }
                        runner.adaptiveThenOpen(w, target, settings.load(),
                                SeriesTags.search(topology.label(), length, policy));
                    }
                }
            }
        }
    }
}
