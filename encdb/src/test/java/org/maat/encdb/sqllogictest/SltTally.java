package org.maat.encdb.sqllogictest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Counts of one script's run: records run, H2 passes, driver agreements, refusals by kind, mismatches. */
public final class SltTally {

    final String script;
    int records;
    int h2Passes;
    int agrees;
    int notRun;
    final Map<String, Integer> refusals = new TreeMap<>();
    /** The first refusal message of each kind. */
    final Map<String, String> examples = new TreeMap<>();
    public final List<SltRunner.Mismatch> mismatches = new ArrayList<>();

    SltTally(String script) {
        this.script = script;
    }

    void h2Passes(boolean passed) {
        records++;
        h2Passes += passed ? 1 : 0;
    }

    void agrees() {
        agrees++;
    }

    void refused(String kind, String message) {
        refusals.merge(kind, 1, Integer::sum);
        examples.putIfAbsent(kind, message);
    }

    void mismatch(SltRunner.Mismatch m) {
        mismatches.add(m);
    }

    void notRunAfterDivergence(int n) {
        notRun += n;
    }

    int refused() {
        return refusals.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** {@code | script | records | H2 passes | driver agrees | refused | mismatches | not run |} */
    public String row() {
        return "| " + script + " | " + records + " | " + h2Passes + " (" + percent(h2Passes) + ") | " + agrees + " ("
                + percent(agrees) + ") | " + refused() + " | " + mismatches.size() + " | " + notRun + " |";
    }

    private String percent(int n) {
        return records == 0 ? "-" : String.format(java.util.Locale.ROOT, "%.1f %%", 100.0 * n / records);
    }
}
