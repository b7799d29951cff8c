package org.maat.core.corpus;

import java.io.BufferedReader;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Europarl's words with their frequencies, and its documents' lengths in words: what the synthetic
 * corpus draws from so that generated text has europarl's term distribution (and so realistic
 * posting-list lengths) at any size.
 */
final class Vocabulary {

    private final String[] words;
    /** cumulative[i] = occurrences of words[0..i]. */
    private final long[] cumulative;
    private final int[] documentLengths;

    private Vocabulary(String[] words, long[] cumulative, int[] documentLengths) {
        this.words = words;
        this.cumulative = cumulative;
        this.documentLengths = documentLengths;
    }

    /** Reads europarl once: words are maximal runs of letters, lower-cased. */
    static Vocabulary ofEuroparl() throws IOException {
        Map<String, long[]> counts = new HashMap<>(1 << 17);
        int[] lengths = new int[1 << 15];
        int docs = 0;
        StringBuilder word = new StringBuilder();
        try (BufferedReader r = EuroparlCorpus.reader()) {
            String line;
            while ((line = r.readLine()) != null) {
                int tab = line.indexOf('\t', line.indexOf('\t') + 1);
                String body = tab < 0 ? line : line.substring(tab + 1);
                int n = 0;
                for (int i = 0; i <= body.length(); i++) {
                    char c = i < body.length() ? body.charAt(i) : ' ';
                    if (Character.isLetter(c)) {
                        word.append(Character.toLowerCase(c));
                    } else if (word.length() > 0) {
                        counts.computeIfAbsent(word.toString(), k -> new long[1])[0]++;
                        word.setLength(0);
                        n++;
                    }
                }
                if (docs == lengths.length) {
                    lengths = Arrays.copyOf(lengths, docs * 2);
                }
                lengths[docs++] = Math.max(n, 1);
            }
        }
        String[] words = counts.keySet().toArray(String[]::new);
        Arrays.sort(words, (a, b) -> Long.compare(counts.get(b)[0], counts.get(a)[0]));
        long[] cumulative = new long[words.length];
        long total = 0;
        for (int i = 0; i < words.length; i++) {
            total += counts.get(words[i])[0];
            cumulative[i] = total;
        }
        return new Vocabulary(words, cumulative, Arrays.copyOf(lengths, docs));
    }

    /** A word drawn with its europarl frequency. */
    String word(SplittableRandom random) {
        long x = random.nextLong(cumulative[cumulative.length - 1]);
        int i = Arrays.binarySearch(cumulative, x + 1);
        return words[i >= 0 ? i : -i - 1];
    }

    /** A document length in words, drawn from europarl's documents. */
    int documentLength(SplittableRandom random) {
        return documentLengths[random.nextInt(documentLengths.length)];
    }

    /** Average bytes of a generated body, for estimating how many documents a size holds. */
    double averageDocumentBytes() {
        double words = Arrays.stream(documentLengths).average().orElse(1);
        long occurrences = cumulative[cumulative.length - 1];
        double chars = 0;
        long prev = 0;
        for (int i = 0; i < this.words.length; i++) {
            chars += (double) (cumulative[i] - prev) * (this.words[i].length() + 1);
            prev = cumulative[i];
        }
        return words * chars / occurrences;
    }

    int size() {
        return words.length;
    }
}
