package org.maat.policy.eval;

/** Shell-style name patterns for cNameIs/destNameIs: {@code *} any run of characters, {@code ?} one. */
final class Glob {

    private Glob() {
    }

    static boolean matches(String pattern, String name) {
        if (pattern == null || name == null) {
            return false;
        }
        return match(pattern, 0, name, 0);
    }

    private static boolean match(String p, int pi, String s, int si) {
        // Iterative with one backtrack point: linear for the patterns policies use.
        int star = -1;
        int mark = 0;
        while (si < s.length()) {
            if (pi < p.length() && (p.charAt(pi) == '?' || p.charAt(pi) == s.charAt(si))) {
                pi++;
                si++;
            } else if (pi < p.length() && p.charAt(pi) == '*') {
                star = pi++;
                mark = si;
            } else if (star >= 0) {
                pi = star + 1;
                si = ++mark;
            } else {
                return false;
            }
        }
        while (pi < p.length() && p.charAt(pi) == '*') {
            pi++;
        }
        return pi == p.length();
    }
}
