package org.maat.bench.atrest;

import java.util.Locale;

/**
 * SwitchCrypt's two workloads. Sequential I/O moves a file in 64 KB requests, in order; random I/O in 4 KB requests
 * (the volume's block size) in a shuffled order, the same for writing and reading within one operation.
 */
public enum AccessPattern {
    SEQUENTIAL(64 * 1024), RANDOM(4 * 1024);

    private final int requestBytes;

    AccessPattern(int requestBytes) {
        this.requestBytes = requestBytes;
    }

    /** Bytes per read or write call. */
    public int requestBytes() {
        return requestBytes;
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
