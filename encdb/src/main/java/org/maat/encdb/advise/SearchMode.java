package org.maat.encdb.advise;

import java.util.ArrayList;
import java.util.List;

/**
 * The Search onion mode that serves a column's LIKE patterns, by the rules the driver's Search onion
 * follows: a keyword token must be a whole word bounded by the value's ends or by non-alphanumeric
 * literal characters (never by a wildcard); a substring token is an n-gram of a literal run.
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
            int longest = runs(p).stream().mapToInt(r -> r.text.length()).max().orElse(0);
            k = Math.min(k, Math.max(longest, 1));
        }
        return "substring(" + k + "," + k + ")";
    }

    private record Run(String text, boolean openStart, boolean openEnd) {
    }

    /** Whether some literal run holds a word that every matching value contains whole. */
    static boolean hasBoundedWord(String pattern) {
        for (Run run : runs(pattern)) {
            String s = run.text;
            int from = run.openStart ? 0 : boundary(s, true);
            int to = run.openEnd ? s.length() : boundary(s, false);
            if (from < 0 || to < 0 || from >= to) {
                continue;
            }
            String inner = s.substring(from, to);
            if (inner.chars().anyMatch(Character::isLetterOrDigit)) {
                return true;
            }
        }
        return false;
    }

    /** Literal runs between wildcards ({@code %}, {@code _}; backslash escapes). */
    private static List<Run> runs(String pattern) {
        List<Run> runs = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean startOpen = true;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == '\\' && i + 1 < pattern.length()) {
                cur.append(pattern.charAt(++i));
            } else if (c == '%' || c == '_') {
                if (cur.length() > 0) {
                    runs.add(new Run(cur.toString(), startOpen, false));
                }
                cur.setLength(0);
                startOpen = false;
            } else {
                cur.append(c);
            }
        }
        if (cur.length() > 0) {
            runs.add(new Run(cur.toString(), startOpen, true));
        }
        return runs;
    }

    /** Just past the first (or at the last) non-alphanumeric character, or -1: a wildcard may cut a word. */
    private static int boundary(String s, boolean fromStart) {
        if (fromStart) {
            for (int i = 0; i < s.length(); i++) {
                if (!Character.isLetterOrDigit(s.charAt(i))) {
                    return i + 1;
                }
            }
            return -1;
        }
        for (int i = s.length() - 1; i >= 0; i--) {
            if (!Character.isLetterOrDigit(s.charAt(i))) {
                return i;
            }
        }
        return -1;
    }
}
