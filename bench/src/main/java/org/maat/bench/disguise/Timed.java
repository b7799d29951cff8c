package org.maat.bench.disguise;

import org.maat.bench.load.Latencies;

/**
 * One operation's measured latencies in one workload and variant ({@code maat} for Maat's disguises,
 * {@code manual} for the irreversible SQL a developer would write, Edna's baseline), with what a
 * reader needs to compare it: the record size of a crypto operation, the users it ran on.
 */
public record Timed(String workload, String operation, String variant, Latencies latencies, String note) {

    public static final String MAAT = "maat";
    public static final String MANUAL = "manual";
}
