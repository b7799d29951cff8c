package org.maat.bench.tpch;

/**
 * One query's result in the benchmark: how it ended on the driver, median times of the timed runs (ms,
 * NaN when not run), what H2 shipped to the client in the last run, the plain result's row count, and the
 * refusal, error or first difference in words (empty when identical).
 */
public record QueryOutcome(String label, Status status, double plainMs, double driverMs, long shippedRows,
        long shippedBytes, int resultRows, String detail, String changes) {

    /** How the query ended through the driver. */
    public enum Status {
        /** Same rows as plain H2. */
        IDENTICAL,
        /** Ran, but answered other rows than plain H2. */
        MISMATCH,
        /** Refused as unsupported (SQLState 0A000). */
        REFUSED,
        /** Failed on the driver otherwise than by a refusal. */
        ERROR,
        /** Failed on plain H2 (the query text or H2 itself; the driver was not tried). */
        PLAIN_ERROR
    }

    /** Driver time over plain time; NaN unless both ran. */
    public double ratio() {
        return plainMs > 0 && !Double.isNaN(driverMs) ? driverMs / plainMs : Double.NaN;
    }
}
