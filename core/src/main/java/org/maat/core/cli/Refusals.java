package org.maat.core.cli;

import org.maat.policy.monitor.PolicyViolation;
import picocli.CommandLine.Model.CommandSpec;

/**
 * How core's commands report a flow the monitor refused: the denial with its explanation on
 * standard error and exit code 3, distinct from bad usage (2).
 */
final class Refusals {

    static final int EXIT_REFUSED = 3;

    private Refusals() {
    }

    /** Prints the denial and returns the exit code. */
    static int report(CommandSpec spec, PolicyViolation refused) {
        spec.commandLine().getErr().println("maat " + spec.name() + ": refused by the monitor: " + refused.getMessage());
        return EXIT_REFUSED;
    }
}
