package org.maat.encdb.schema;

import java.util.Locale;

/** SQL identifier rules as H2 applies them: unquoted names are upper-cased, quoted ones kept. */
public final class Identifiers {

    private Identifiers() {
    }

    /** {@code employees} -> {@code EMPLOYEES}; {@code "Mixed"} -> {@code Mixed}. */
    public static String normalize(String identifier) {
        if (identifier == null) {
            return null;
        }
        String s = identifier.trim();
        if (s.length() >= 2 && s.startsWith("\"") && s.endsWith("\"")) {
            return s.substring(1, s.length() - 1).replace("\"\"", "\"");
        }
        if (s.length() >= 2 && s.startsWith("`") && s.endsWith("`")) {
            return s.substring(1, s.length() - 1);
        }
        return s.toUpperCase(Locale.ROOT);
    }

    /** Quoted form, safe to splice into SQL. */
    public static String quote(String normalized) {
        return "\"" + normalized.replace("\"", "\"\"") + "\"";
    }
}
