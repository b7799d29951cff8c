package org.maat.cli;

import org.maat.policy.monitor.PolicyViolation;
import picocli.CommandLine.Model.CommandSpec;

/**
 * How Maat's commands report a flow the monitor refused: the denial with its explanation on
 * standard error and exit code 3, distinct from bad usage (2).
 */
public final class Refusals {

    public static final int EXIT_REFUSED = 3;

    private Refusals() {
    }

    /** Prints the denial and returns the exit code. */
    public static int report(CommandSpec spec, PolicyViolation refused) {
        return report(spec, refused.getMessage());
    }

    /** Prints a denial reported by another process (a MapReduce task) and returns the exit code. */
    public static int report(CommandSpec spec, String denial) {
        spec.commandLine().getErr().println("maat " + spec.name() + ": refused by the monitor: " + denial);
        return EXIT_REFUSED;
    }
}
