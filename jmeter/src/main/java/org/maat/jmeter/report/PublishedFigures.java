package org.maat.jmeter.report;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The published figures the report sets beside its own: the CryptDB ERP evaluation (Foltz and Simpson, 2019:
 * Table 1, Table 3, the Q10R latency penalties), Thoth's search evaluation (Fig. 4, Table 4) and Tutamen's
 * (section "Performance": requests/s on a c4.large, larger machines after "to").
 * They are quoted, never used to compute a measured figure.
 */
final class PublishedFigures {

    /** The queries of the ERP tables, in their order. */
    static final List<String> ERP_QUERIES = List.of("Q7", "Q8", "Q9", "Q10", "Q11", "Q12", "Q13", "Q14", "Q15");

    /** Table 1: highest stable request rate per query on the encrypted (CryptDB) ERP, requests/s. */
    static final Map<String, Double> ERP_QUERY_THROUGHPUT = erpQueryThroughput();

    /** Latency of Q10R over Q10 minus one, encrypted and plaintext, and the penalty attributed to encryption. */
    static final double Q10R_PENALTY_ENCRYPTED = 0.23;
    static final double Q10R_PENALTY_PLAIN = 0.09;
    static final double Q10R_PENALTY_NET = 0.13;

    /** Thoth Fig. 4(a): queries/s by topology ({@code 2servers}, {@code 4servers}) and policy. */
    static final Map<String, Map<String, Double>> SEARCH_THROUGHPUT = Map.of(
            "2servers", Map.of("baseline", 320.0, "public", 310.0, "mix", 308.0),
            "4servers", Map.of("baseline", 644.0, "public", 627.0, "mix", 621.0));

    /** Thoth Fig. 4(b), 2servers: the policy overhead by session length, where the text gives it. */
    static final Map<Integer, String> SEARCH_SESSION_OVERHEAD = Map.of(
            1, "-15.8%", 2, "-8.6%", 5, "within 1 σ", 20, "within 1 σ");

    /** Thoth Table 4 (2servers): mean search latency ms, its σ over runs, and the overhead over baseline. */
    record Latency(double meanMillis, double sigma, String overhead) {
    }

    static final Map<String, Latency> SEARCH_LATENCY = Map.of(
            "baseline", new Latency(47.09, 0.43, "-"),
            "public", new Latency(51.60, 0.29, "9.6%"),
            "mix", new Latency(53.78, 0.20, "14.2%"));

    /** Tutamen: requests/s by operation, as quoted (ranges from c4.large up). */
    static final Map<String, String> VAULT_THROUGHPUT = Map.of(
            "get-token", "~30 (c4.large) to ~130 (c4.4xlarge)",
            "fetch-secret", "~70 (c4.large) to ~180",
            "noop-mtls", "~50");
    static final int VAULT_HTTPS_STATIC = 90;
    static final int VAULT_HTTP_STATIC = 550;

    private static final int[][] PAIR_DEVIATION_PERCENT = {
        // Q7  Q8  Q9 Q10 Q11 Q12 Q13 Q14 Q15
        {0, -1, -2, 5, -2, 3, 6, 5, 6},
        {-1, 0, -1, 16, -2, 26, 11, 7, 9},
        {-2, -1, 0, 5, -2, 2, 6, 5, 6},
        {5, 16, 5, 0, 6, 4, 3, 0, 14},
        {-2, -2, -2, 6, 0, 4, 7, 5, 6},
        {3, 26, 2, 4, 4, 0, 5, 1, 8},
        {6, 11, 6, 3, 7, 5, 0, 2, 51},
        {5, 7, 5, 0, 5, 1, 2, 0, 45},
        {6, 9, 6, 14, 6, 8, 51, 45, 0},
    };

    private PublishedFigures() {
    }

    /** Table 3: measured over predicted throughput of a 1:1 pair, in percent; null on the diagonal. */
    static Integer pairDeviationPercent(String a, String b) {
        int i = ERP_QUERIES.indexOf(a);
        int j = ERP_QUERIES.indexOf(b);
        if (i < 0 || j < 0 || i == j) {
            return null;
        }
        return PAIR_DEVIATION_PERCENT[i][j];
    }

    private static Map<String, Double> erpQueryThroughput() {
        double[] values = {600, 308, 587, 172, 592, 663, 43, 45, 18};
        Map<String, Double> table = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            table.put(ERP_QUERIES.get(i), values[i]);
        }
        return Map.copyOf(table);
    }
}
