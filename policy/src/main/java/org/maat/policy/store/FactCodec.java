package org.maat.policy.store;

import java.util.ArrayList;
import java.util.List;
import org.maat.policy.facts.Fact;

/**
 * The key under which a fact is stored: its relation name and then its arguments, each part ended
 * by {@code U+0000}. A {@code U+0000} or {@code U+0001} inside a part is escaped as {@code U+0001}
 * followed by {@code '0'} or {@code '1'}, so every fact has exactly one key and every key decodes
 * to exactly one fact. Keys of one relation share a prefix, so a relation is one key range.
 */
final class FactCodec {

    private static final char END = '\u0000';
    private static final char ESCAPE = '\u0001';

    private FactCodec() {
    }

    static String key(Fact fact) {
        StringBuilder sb = new StringBuilder();
        appendPart(sb, fact.relation());
        for (String arg : fact.args()) {
            appendPart(sb, arg);
        }
        return sb.toString();
    }

    static Fact fact(String key) {
        List<String> parts = new ArrayList<>();
        StringBuilder part = new StringBuilder();
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == END) {
                parts.add(part.toString());
                part.setLength(0);
            } else if (c == ESCAPE) {
                if (++i == key.length()) {
                    throw corrupt(key);
                }
                part.append(switch (key.charAt(i)) {
                    case '0' -> END;
                    case '1' -> ESCAPE;
                    default -> throw corrupt(key);
                });
            } else {
                part.append(c);
            }
        }
        if (part.length() > 0 || parts.isEmpty()) {
            throw corrupt(key);
        }
        return new Fact(parts.get(0), parts.subList(1, parts.size()));
    }

    private static void appendPart(StringBuilder sb, String part) {
        for (int i = 0; i < part.length(); i++) {
            char c = part.charAt(i);
            if (c == END) {
                sb.append(ESCAPE).append('0');
            } else if (c == ESCAPE) {
                sb.append(ESCAPE).append('1');
            } else {
                sb.append(c);
            }
        }
        sb.append(END);
    }

    private static IllegalStateException corrupt(String key) {
        return new IllegalStateException("corrupt fact key in the policy store: " + key.replace(END, '|'));
    }
}
