package org.maat.encdb.onion;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;

/**
 * Substrings (n-grams) of {@code minLength..maxLength} characters of the lower-cased value, punctuation
 * included, so {@code LIKE '%515.12%'} on a phone number can be answered: a pattern of length
 * {@code minLength..maxLength} is one word; a longer one is covered by its {@code maxLength}-grams,
 * which is necessary but not sufficient (the grams may sit in different places), so the caller must
 * re-check such matches on decrypted values; a shorter one cannot be searched. A value shorter than
 * {@code minLength} is indexed as itself. Each value of length L yields about
 * {@code L * (maxLength - minLength + 1)} words, each costing {@value Swp#X_LENGTH} bytes of ciphertext.
 */
public final class SubstringSplitter implements WordSplitter {

    private final int minLength;
    private final int maxLength;

    /** n-grams of {@code minLength..maxLength} characters, {@code 1 <= minLength <= maxLength}. */
    public SubstringSplitter(int minLength, int maxLength) {
        if (minLength < 1 || maxLength < minLength) {
            throw new IllegalArgumentException("substring lengths must satisfy 1 <= min <= max, got min="
                    + minLength + " max=" + maxLength);
        }
        this.minLength = minLength;
        this.maxLength = maxLength;
    }

    /** Shortest substring indexed. */
    public int minLength() {
        return minLength;
    }

    /** Longest substring indexed. */
    public int maxLength() {
        return maxLength;
    }

    @Override
    public Set<String> words(String text) {
        String value = text.toLowerCase(Locale.ROOT);
        Set<String> grams = new LinkedHashSet<>();
        if (!value.isEmpty() && value.length() < minLength) {
            grams.add(value);
        }
        for (int length = minLength; length <= maxLength; length++) {
            for (int start = 0; start + length <= value.length(); start++) {
                grams.add(value.substring(start, start + length));
            }
        }
        return grams;
    }

    @Override
    public String toString() {
        return "substring(" + minLength + "," + maxLength + ")";
    }
}
