package org.maat.jmeter.plans;

import java.util.List;
import org.maat.jmeter.run.RunContext;

/**
 * One evaluation: starts what its JMeter plan needs, runs its series through a
 * {@link org.maat.jmeter.run.SeriesRunner}, and stops what it started, also when a series fails.
 * The plan file of the same name ({@code NAME.jmx}) is what JMeter runs.
 */
public interface Plan {

    /** The plans, by name. */
    List<String> NAMES = List.of("erp-queries", "erp-pairs", "q10-q10r", "search-mix", "vault", "disguise");

    /** Runs the plan's series into {@code context}'s run directory. */
    void run(BenchSettings settings, RunContext context) throws Exception;

    /** How many workloads {@link #run} measures (each an adaptive + open pair, or a sequence). */
    int workloads(BenchSettings settings);

    /** The plan called {@code name}; anything else names the choices. */
    static Plan named(String name) {
        return switch (name) {
            case "erp-queries" -> new ErpQueriesPlan();
            case "erp-pairs" -> new ErpPairsPlan();
            case "q10-q10r" -> new Q10Plan();
            case "search-mix" -> new SearchMixPlan();
            case "vault" -> new VaultPlan();
            case "disguise" -> new DisguisePlan();
            default -> throw new IllegalArgumentException("unknown plan '" + name + "'; choose one of " + NAMES);
        };
    }
}
