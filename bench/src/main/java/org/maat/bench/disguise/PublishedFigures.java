package org.maat.bench.disguise;

import java.util.Map;

/**
 * Edna's published figures and Maat's targets, printed beside each measurement. The
 * Edna measured WebSubmit end to end on MariaDB in tmpfs on a 40-core Xeon E5-2660 v3 and gives
 * medians in its text only for groups of operations; its crypto table has no record sizes.
 */
final class PublishedFigures {

    private PublishedFigures() {
    }

    /** Edna's median for an operation of the WebSubmit or crypto tables, as it states it. */
    static final Map<String, String> MEDIANS = Map.ofEntries(
            Map.entry("delete account", "10.8"),
            Map.entry("anonymize account", "10.8"),
            Map.entry("edit anonymized answer", "10-21"),
            Map.entry("restore deleted account", "10-21"),
            Map.entry("restore anonymized account", "10-21"),
            Map.entry("generate key pair", "301 (RSA)"),
            Map.entry("seal speaks-for record", "0.4"),
            Map.entry("open speaks-for record", "3.0"),
            Map.entry("seal diff record (one answer row)", "0.3"),
            Map.entry("open diff record (one answer row)", "3.0"));

    /** Maat's targets for its median, in milliseconds. */
    static final Map<String, Double> MEDIAN_GOALS = Map.of(
            "delete account", 5.0,
            "anonymize account", 5.0,
            "restore deleted account", 20.0,
            "restore anonymized account", 20.0);

    /** Normal edits' p95 beside 30 disguisers over their p95 alone. */
    static final double P95_RATIO_GOAL = 1.10;

    /** Edna's concurrency figure, in words (it published a plot, not a table). */
    static final String CONCURRENCY = "100 editors (250-500 ms pauses) at ~60 % CPU: under 16 disguisers little "
            + "impact; 30 disguisers spiked normal edits to 4,000 ms without record batching, under 1,500 ms with it";

    static String median(String operation) {
        return MEDIANS.getOrDefault(operation, "");
    }
}
