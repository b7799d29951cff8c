package org.maat.bench.atrest;

import org.maat.atrest.SwitchModel;

/**
 * One switching run at the ratio {@code tenths}:(10 - tenths): {@code first} operations under {@code primary}, a switch to {@code secondary} under
 * {@code model}, then {@code second} operations; with its overhead against the same operations without switching,
 * i.e. the mean latency over the run divided by (first x the primary's static mean + second x the secondary's) /
 * (first + second), minus one (0.08 = 8 % slower than running those ciphers without a switching model).
 */
public record SwitchResult(SwitchModel model, String primary, String secondary, int tenths, int first, int second, int size,
        AccessPattern pattern, Summary summary, double readOverhead, double writeOverhead) {

    /** SwitchCrypt's name of the ratio asked, e.g. {@code 7:3} ({@code first:second} is as near as the operations allow). */
    public String ratio() {
        return tenths + ":" + (10 - tenths);
    }
}
