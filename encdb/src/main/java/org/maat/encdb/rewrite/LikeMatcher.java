package org.maat.encdb.rewrite;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * SQL LIKE as H2 evaluates it (case-sensitive; {@code %} any run, {@code _} one character, an escape
 * character making the next one literal), evaluated on decrypted values to make SEARCH results exact.
 */
final class LikeMatcher {

    private static final Map<String, Pattern> CACHE = new ConcurrentHashMap<>();

    private LikeMatcher() {
    }

    static boolean matches(String value, String pattern, char escape) {
        String key = escape + pattern;
        Pattern p = CACHE.get(key);
        if (p == null) {
            p = compile(pattern, escape);
            if (CACHE.size() < 10_000) {
                CACHE.put(key, p);
            }
        }
        return p.matcher(value).matches();
    }

    private static Pattern compile(String pattern, char escape) {
        StringBuilder re = new StringBuilder();
        StringBuilder literal = new StringBuilder();
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (c == escape && i + 1 < pattern.length()) {
                literal.append(pattern.charAt(++i));
            } else if (c == '%' || c == '_') {
                if (literal.length() > 0) {
                    re.append(Pattern.quote(literal.toString()));
                    literal.setLength(0);
                }
                re.append(c == '%' ? ".*" : ".");
            } else {
                literal.append(c);
            }
        }
        if (literal.length() > 0) {
            re.append(Pattern.quote(literal.toString()));
        }
        return Pattern.compile(re.toString(), Pattern.DOTALL);
    }
}
