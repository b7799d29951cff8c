package org.maat.bench.atrest;

import org.maat.atrest.SwitchModel;

/**
 * One switching run: {@code first} operations under {@code primary}, a switch to {@code secondary} under
 * {@code model}, then {@code second} operations; with its overhead against the same operations without switching,
 * i.e. the mean latency over the run divided by (first x the primary's static mean + second x the secondary's) /
 * (first + second), minus one (0.08 = 8 % slower than running those ciphers without a switching model).
 */
public record SwitchResult(SwitchModel model, String primary, String secondary, int first, int second, int size,
        AccessPattern pattern, Summary summary, double readOverhead, double writeOverhead) {

    /** The seed's name of the ratio, e.g. {@code 7:3}. */
    public String ratio() {
        int total = first + second;
        return Math.round(10.0 * first / total) + ":" + Math.round(10.0 * second / total);
    }
}
