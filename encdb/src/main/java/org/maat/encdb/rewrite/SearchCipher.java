package org.maat.encdb.rewrite;

import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bouncycastle.crypto.params.KeyParameter;
import org.maat.encdb.onion.KeywordSplitter;
import org.maat.encdb.onion.LayerCipher;
import org.maat.encdb.onion.SubstringSplitter;
import org.maat.encdb.onion.Swp;
import org.maat.encdb.onion.WordSplitter;

/**
 * The Search onion of one text column: Song-Wagner-Perrig encryption of the column's words (lower-cased
 * alphanumeric words for {@code keyword}, n-grams for {@code substring(m,n)}) and the token that lets
 * H2 find candidate rows for a LIKE pattern.
 *
 * <p>A token only narrows: every row the pattern matches contains the token's word, but a row with
 * the word may not match, so the driver re-checks LIKE on decrypted values. Patterns without a literal
 * run the splitter indexes (a whole word for keyword; at least m characters for substring) are refused.
 */
public final class SearchCipher {

    private static final Pattern SUBSTRING = Pattern.compile("substring\\((\\d+),(\\d+)\\)");

    private final String mode;
    private final LayerCipher.Searchable swp;
    private final WordSplitter splitter;
    private final int minLength;

    SearchCipher(String mode, byte[] key32) {
        this.mode = mode;
        this.swp = new Swp(new KeyParameter(key32));
        Matcher m = SUBSTRING.matcher(mode.replace(" ", ""));
        if (m.matches()) {
            this.minLength = Integer.parseInt(m.group(1));
            this.splitter = new SubstringSplitter(minLength, Integer.parseInt(m.group(2)));
        } else if (mode.equals("keyword")) {
            this.minLength = 1;
            this.splitter = new KeywordSplitter();
        } else {
            throw new IllegalArgumentException("unknown search mode " + mode + " (keyword or substring(m,n))");
        }
    }

    /** Whether {@code mode} names a search mode this class knows. */
    public static boolean valid(String mode) {
        return mode.equals("keyword") || SUBSTRING.matcher(mode.replace(" ", "")).matches();
    }

    byte[] encrypt(String text) {
        return swp.encrypt(splitter.words(text));
    }

    /**
     * The token for a LIKE pattern: of the words the splitter draws from the pattern's literal runs,
     * the longest (the most selective).
     *
     * @throws SQLFeatureNotSupportedException when no literal run yields a word every match must contain
     */
    byte[] token(String pattern, char escape, String where) throws SQLException {
        String best = null;
        List<String> pieces = mode.equals("keyword") ? boundedPieces(pattern, escape) : literalRuns(pattern, escape);
        for (String piece : pieces) {
            if (!mode.equals("keyword") && piece.length() < minLength) {
                continue;
            }
            for (String w : splitter.words(piece)) {
                if (best == null || w.length() > best.length()) {
                    best = w;
                }
            }
        }
        if (best == null) {
            throw new SQLFeatureNotSupportedException("unsupported on encrypted column " + where + ": LIKE '"
                    + pattern + "' (the " + mode + " SEARCH onion needs "
                    + (mode.equals("keyword") ? "a whole word between non-alphanumeric characters or the value's ends"
                    : "a literal run of at least " + minLength + " characters") + ")");
        }
        return swp.token(best);
    }

    /** The literal runs between a LIKE pattern's wildcards ({@code %}, {@code _}; {@code escape} escapes). */
    public static List<String> literalRuns(String pattern, char escape) {
        return runs(pattern, escape).stream().map(Run::text).toList();
    }

    /**
     * The parts of a LIKE pattern's literal runs that every match holds as whole words: a keyword is only
     * certain to appear whole when bounded by the value's ends or by non-alphanumeric literals, never by a
     * wildcard (which may cut a word).
     */
    public static List<String> boundedPieces(String pattern, char escape) {
        List<String> out = new ArrayList<>();
        for (Run run : runs(pattern, escape)) {
            String inner = run.text;
            int from = run.openStart ? 0 : firstBoundary(inner, true);
            int to = run.openEnd ? inner.length() : firstBoundary(inner, false);
            if (from >= 0 && to >= 0 && from < to) {
                out.add(inner.substring(from, to));
            }
        }
        return out;
    }

    /** A literal run of a LIKE pattern; open ends are the value's start or end (no wildcard beside it). */
    private record Run(String text, boolean openStart, boolean openEnd) {
    }

    private static List<Run> runs(String pattern, char escape) {
        List<Run> runs = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        boolean startOpen = true;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == escape && i + 1 < pattern.length()) {
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

    /**
     * In a run bounded by a wildcard, the words at that end may be cut; skip to just past the first
     * (from the start) or last (from the end) non-alphanumeric character, or -1 if there is none.
     */
    private static int firstBoundary(String s, boolean fromStart) {
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
