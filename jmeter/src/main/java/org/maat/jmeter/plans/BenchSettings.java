package org.maat.jmeter.plans;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.LinkedHashMap;
import org.maat.jmeter.run.LoadSettings;
import org.maat.jmeter.run.SeriesRunner;

/**
 * Everything a plan is told by {@code bench jmeter}: sizes, load, which variants to measure.
 *
 * @param quick          the smoke-test variant: small data, short steps, few levels
 * @param war            the front-end WAR to deploy
 * @param work           cache for generated databases and data sets (reused across runs)
 * @param employees      ERP employees
 * @param backends       ERP backends, {@code plain} and/or {@code encrypted}
 * @param queries        ERP queries for erp-queries (names as {@code ErpQuery}); empty: all
 * @param pairs          ERP pairs for erp-pairs, e.g. {@code Q7+Q8}; empty: every pair of Q7-Q15
 * @param load           adaptive levels, step length and open-model rate factors
 * @param documents      search documents
 * @param users          search users
 * @param topologies     {@code 2servers} and/or {@code 4servers}
 * @param sessionLengths searches per session
 * @param policies       search configurations: {@code baseline} ({@code --no-policy}), {@code public}, {@code mix}
 * @param sequence       Q10 then Q10R counts and alternating pairs for q10-q10r: {first, then, pairs}
 * @param disguisers     disguise: users who delete or anonymize and restore their accounts, over and over
 * @param seed           data and workload seed
 * @param warmUpSteps    the most warm-up steps before each workload's first series; 0: none, a cold server is
 *                       measured (see {@link #defaultWarmUpSteps})
 */
public record BenchSettings(boolean quick, Path war, Path work, int employees, List<String> backends,
                            List<String> queries, List<String> pairs, LoadSettings load, int documents, int users,
                            List<String> topologies, List<Integer> sessionLengths, List<String> policies,
                            List<Integer> sequence, int disguisers, long seed, int warmUpSteps) {

    /**
     * The most warm-up steps unless told: {@link SeriesRunner#WARM_UP_STEPS} for a measurement; one for a quick
     * run, which checks the plan and its report, not the numbers (each step is a new JMeter process, and a 2 s step
     * rarely proves a server warm, so a quick run would otherwise take all six).
     */
    public static int defaultWarmUpSteps(boolean quick) {
        return quick ? 1 : SeriesRunner.WARM_UP_STEPS;
    }

    public BenchSettings {
        if (warmUpSteps < 0) {
            throw new IllegalArgumentException("warm-up steps must be 0 or more, not " + warmUpSteps);
        }
        backends = List.copyOf(backends);
        queries = List.copyOf(queries);
        pairs = List.copyOf(pairs);
        topologies = List.copyOf(topologies);
        sessionLengths = List.copyOf(sessionLengths);
        policies = List.copyOf(policies);
        sequence = List.copyOf(sequence);
        for (String b : backends) {
            if (!List.of("plain", "encrypted").contains(b)) {
                throw new IllegalArgumentException("unknown backend '" + b + "'; choose plain, encrypted");
            }
        }
        for (String p : policies) {
            if (!List.of("baseline", "public", "mix").contains(p)) {
                throw new IllegalArgumentException("unknown policy configuration '" + p
                        + "'; choose baseline, public, mix");
            }
        }
        if (disguisers < 1) {
            throw new IllegalArgumentException("at least one disguiser, not " + disguisers);
        }
        if (sequence.size() != 3 || sequence.stream().anyMatch(n -> n < 0)) {
            throw new IllegalArgumentException("the Q10/Q10R sequence is three counts >= 0 (Q10 first, then Q10R, "
                    + "alternating pairs), not " + sequence);
        }
    }

    /** The parameters of {@code plan} recorded in {@code run.json}: those that shape its figures. */
    public Map<String, Object> parameters(String plan) {
        Map<String, Object> p = new LinkedHashMap<>();
        boolean search = plan.equals("search-mix");
        if (plan.equals("disguise")) {
            p.put("documents", documents);
            p.put("users", users);
            p.put("normalThreads", DisguisePlan.normalThreads(this));
            p.put("disguisers", disguisers);
            p.put("seriesSeconds", DisguisePlan.seriesSeconds(this));
            p.put("thinkMillis", DisguisePlan.THINK_MIN_MS + DisguisePlan.THINK_RANGE_MS / 2);
            p.put("warmUpSteps", quick ? 0 : warmUpSteps); // a quick run measures a cold server
            p.put("seed", seed);
            return p;
        }
        if (!search && !plan.equals("vault")) {
            p.put("employees", employees);
            p.put("backends", backends);
        }
        if (plan.equals("q10-q10r")) {
            p.put("sequence", sequence);
        } else {
            p.put("warmUpSteps", warmUpSteps);
            p.put("stepSeconds", load.stepSeconds());
            p.put("rampUpSeconds", load.rampUpSeconds());
            p.put("levels", load.levels());
            p.put("rateFactors", load.rateFactors());
        }
        if (plan.equals("erp-queries") && !queries.isEmpty()) {
            p.put("queries", queries);
        }
        if (plan.equals("erp-pairs") && !pairs.isEmpty()) {
            p.put("pairs", pairs);
        }
        if (search) {
            p.put("documents", documents);
            p.put("users", users);
            p.put("topologies", topologies);
            p.put("sessionLengths", sessionLengths);
            p.put("policies", policies);
        }
        p.put("seed", seed);
        return p;
    }
}
