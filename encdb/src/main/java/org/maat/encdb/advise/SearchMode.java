package org.maat.encdb.advise;

import java.util.List;
import org.maat.encdb.rewrite.SearchCipher;

/**
 * The Search onion mode that serves a column's LIKE patterns, by the driver's own rules
 * ({@link SearchCipher#boundedPieces}, {@link SearchCipher#literalRuns}): a keyword token must be a whole
 * word bounded by the value's ends or by non-alphanumeric literal characters (never by a wildcard); a
 * substring token is an n-gram of a literal run.
 */
final class SearchMode {

    private SearchMode() {
    }

    /** {@code keyword} when every pattern holds a bounded word, else {@code substring(k,k)}. */
    static String of(List<String> patterns, int maxGram) {
        if (patterns.isEmpty() || patterns.stream().allMatch(SearchMode::hasBoundedWord)) {
            return "keyword";
        }
        int k = maxGram;
        for (String p : patterns) {
            int longest = SearchCipher.literalRuns(p, '\\').stream().mapToInt(String::length).max().orElse(0);
            k = Math.min(k, Math.max(longest, 1));
        }
        return "substring(" + k + "," + k + ")";
    }

    /** Whether some literal run holds a word that every matching value contains whole. */
    static boolean hasBoundedWord(String pattern) {
        return SearchCipher.boundedPieces(pattern, '\\').stream()
                .anyMatch(piece -> piece.chars().anyMatch(Character::isLetterOrDigit));
    }
}
