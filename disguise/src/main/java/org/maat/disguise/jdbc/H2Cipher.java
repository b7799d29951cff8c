package org.maat.disguise.jdbc;

import java.util.Locale;
import java.util.Properties;

/**
 * The cipher H2 encrypts a database file with ({@code CIPHER=AES}), as the caller asked for it: in the URL's
 * settings or the connection properties. Read from what the caller gave, because H2's metadata URL lists no
 * settings: a rewrite that asked H2 would make an encrypted file's copy in the clear.
 */
final class H2Cipher {

    private H2Cipher() {
    }

    /** The {@code CIPHER} of {@code url}'s settings or of {@code properties}, or null when neither names one. */
    static String of(String url, Properties properties) {
        String[] parts = url.split(";");
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq > 0 && parts[i].substring(0, eq).trim().toUpperCase(Locale.ROOT).equals("CIPHER")) {
                return parts[i].substring(eq + 1).trim();
            }
        }
        for (String name : properties.stringPropertyNames()) {
            if (name.toUpperCase(Locale.ROOT).equals("CIPHER")) {
                return properties.getProperty(name);
            }
        }
        return null;
    }
}
