package org.maat.encdb.onion;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Keywords: maximal runs of letters and digits, lower-cased ({@link Locale#ROOT}); everything else
 * separates words. Serves {@code LIKE '%word%'} where the pattern is one whole word of the value.
 */
public final class KeywordSplitter implements WordSplitter {

    @Override
    public Set<String> words(String text) {
        Set<String> words = new LinkedHashSet<>();
        int start = -1;
        for (int i = 0; i <= text.length(); i++) {
            boolean wordChar = i < text.length() && Character.isLetterOrDigit(text.charAt(i));
            if (wordChar && start < 0) {
                start = i;
            } else if (!wordChar && start >= 0) {
                words.add(text.substring(start, i).toLowerCase(Locale.ROOT));
                start = -1;
            }
        }
        return words;
    }

    @Override
    public String toString() {
        return "keywords";
    }
}
