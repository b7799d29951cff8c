package org.maat.jmeter.report;

import java.util.Locale;

/** How the report prints a measured figure: fixed precision, {@code n/a} for what was not measured. */
final class Figure {

    static final String NONE = "n/a";

    private Figure() {
    }

    /** Requests per second: one decimal below 100, whole numbers above. */
    static String rate(double perSecond) {
        if (!Double.isFinite(perSecond)) {
            return NONE;
        }
        return perSecond < 100 ? String.format(Locale.ROOT, "%.1f", perSecond)
                : String.format(Locale.ROOT, "%.0f", perSecond);
    }

    static String millis(double millis) {
        return Double.isFinite(millis) ? String.format(Locale.ROOT, "%.1f", millis) : NONE;
    }

    /** A relative change, e.g. 0.236 as {@code +23.6%}. */
    static String change(double ratioMinusOne) {
        return Double.isFinite(ratioMinusOne) ? String.format(Locale.ROOT, "%+.1f%%", ratioMinusOne * 100) : NONE;
    }

    /** A ratio, e.g. 0.96 as {@code 0.960}. */
    static String ratio(double ratio) {
        return Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.3f", ratio) : NONE;
    }

    /** A load level's number without a useless {@code .0}. */
    static String load(double load) {
        return load == Math.rint(load) ? String.valueOf((long) load) : String.valueOf(load);
    }
}
