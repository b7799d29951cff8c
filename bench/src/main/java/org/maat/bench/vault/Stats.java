package org.maat.bench.vault;

import java.util.List;

/** The median the reports print: of an odd count the middle value, of an even count the mean of the two. */
final class Stats {

    private Stats() {
    }

    static double median(List<Double> values) {
        if (values.isEmpty()) {
            return 0;
        }
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int m = v.length / 2;
        return v.length % 2 == 1 ? v[m] : (v[m - 1] + v[m]) / 2;
    }
}
