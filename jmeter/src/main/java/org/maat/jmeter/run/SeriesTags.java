package org.maat.jmeter.run;

/**
 * The descriptive fields of a series in {@code run.json}; null where they do not apply.
 *
 * @param backend       {@code plain}|{@code encrypted} (ERP)
 * @param topology      {@code 2servers}|{@code 4servers} (search-mix)
 * @param sessionLength searches per session (search-mix)
 * @param policy        {@code baseline}|{@code public}|{@code mix} (search-mix)
 * @param order         {@code sequential}|{@code interleaved} (q10-q10r)
 */
public record SeriesTags(String backend, String topology, Integer sessionLength, String policy, String order) {

    /** A series none of these fields describe (the vault's: its label names operation and connection). */
    public static SeriesTags none() {
        return new SeriesTags(null, null, null, null, null);
    }

    public static SeriesTags erp(String backend) {
        return new SeriesTags(backend, null, null, null, null);
    }

    public static SeriesTags search(String topology, int sessionLength, String policy) {
        return new SeriesTags(null, topology, sessionLength, policy, null);
    }

    public static SeriesTags sequence(String backend, String order) {
        return new SeriesTags(backend, null, null, null, order);
    }
}
