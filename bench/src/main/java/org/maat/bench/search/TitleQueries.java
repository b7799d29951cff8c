package org.maat.bench.search;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.maat.core.conduit.Document;
import org.maat.core.conduit.DocumentScan;
import org.maat.core.data.DataSet;

/**
 * Thoth's search workload: queries are document titles drawn with a Zipf distribution (exponent 1)
 * over the distinct titles (the first 20,000) in a seeded random order. Immutable; draw with a
 * caller's random for reproducible sequences.
 */
public final class TitleQueries {

    private static final int MAX_TITLES = 20_000;

    private final List<String> titles;
    private final double[] cdf;

    private TitleQueries(List<String> titles) {
        this.titles = List.copyOf(titles);
        this.cdf = zipf(titles.size());
    }

    /** The titles of {@code data}'s documents, shuffled by {@code random}. */
    public static TitleQueries of(DataSet data, SplittableRandom random) {
        Set<String> distinct = new LinkedHashSet<>();
        try (DocumentScan scan = data.documents().scan()) {
            while (scan.hasNext() && distinct.size() < MAX_TITLES) {
                Document d = scan.next();
                if (!d.title().isBlank()) {
                    distinct.add(d.title().strip());
                }
            }
        }
        if (distinct.isEmpty()) {
            throw new IllegalArgumentException("the data set has no document titles to use as queries");
        }
        List<String> titles = new ArrayList<>(distinct);
        for (int i = titles.size() - 1; i > 0; i--) {
            int j = random.nextInt(i + 1);
            titles.set(j, titles.set(i, titles.get(j)));
        }
        return new TitleQueries(titles);
    }

    public int distinctTitles() {
        return titles.size();
    }

    /** The next query: rank r with probability proportional to 1/r. */
    public String next(SplittableRandom random) {
        int rank = Arrays.binarySearch(cdf, random.nextDouble());
        return titles.get(Math.min(rank < 0 ? -rank - 1 : rank, titles.size() - 1));
    }

    private static double[] zipf(int n) {
        double[] cdf = new double[n];
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += 1.0 / (i + 1);
            cdf[i] = sum;
        }
        for (int i = 0; i < n; i++) {
            cdf[i] /= sum;
        }
        return cdf;
    }
}
