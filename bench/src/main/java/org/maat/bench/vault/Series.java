package org.maat.bench.vault;

/**
 * One measured curve: a request ({@code call}, answered {@code expected}) to one endpoint, with one
 * connection mode. {@code name} is the operation (get-token, fetch-secret, ...), the same for both modes.
 */
record Series(String name, String description, Endpoint endpoint, HttpCall call, int expected, ConnectionMode mode) {

    /** The series' key in the report: name and mode. */
    String key() {
        return name + (mode == ConnectionMode.REUSE ? " (reuse)" : " (fresh)");
    }
}
