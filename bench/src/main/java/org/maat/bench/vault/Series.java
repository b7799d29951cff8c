package org.maat.bench.vault;

/**
 * One measured curve: an operation's request ({@code call}, answered {@code expected}) to one endpoint,
 * with one connection mode.
 */
record Series(Operation operation, Endpoint endpoint, HttpCall call, int expected, ConnectionMode mode) {

    /** The series' key in the report: operation and mode. */
    String key() {
        return operation.id() + (mode == ConnectionMode.REUSE ? " (reuse)" : " (fresh)");
    }
}
