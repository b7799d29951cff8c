package org.maat.bench.atrest;

/**
 * One cipher alone (or {@code plain}, the unencrypted baseline) on one size and access pattern, and its medians
 * against the baseline's ({@code slowdown} 1.0 = as fast as unencrypted I/O).
 */
public record StaticResult(String storage, int size, AccessPattern pattern, Summary summary, double readSlowdown,
        double writeSlowdown) {
}
