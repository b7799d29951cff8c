package org.maat.keys;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens a key spec: {@code file:PATH} or a bare path (a {@link KeyFile}), or {@code SCHEME:LOCATION} for any
 * {@link KeySourceProvider} on the class path, e.g. {@code vault:DIR/COLLECTION/NAME}. The one place a spec
 * string becomes a {@link KeySource}, so the JDBC URL, {@code maat erp} and the wave-2 modules read specs
 * alike.
 */
public final class KeySources {

    private static final Logger LOG = LoggerFactory.getLogger(KeySources.class);

    /** The scheme of key files, always available. */
    public static final String FILE = "file";

    private KeySources() {}

    /**
     * Opens the key {@code spec} names; a key file must exist.
     *
     * @throws IllegalArgumentException when the spec is malformed or names an unknown scheme
     * @throws KeyUnavailableException when the key cannot be had
     */
    public static KeySource open(String spec) {
        return open(spec, false);
    }

    /**
     * Like {@link #open(String)}, but a key file that does not exist yet is created with a fresh random key
     * (the embedded default's first run). Keys of other schemes are never created here: they are stored
     * on purpose ({@code maat vault put}).
     */
    public static KeySource openCreatingFile(String spec) {
        return open(spec, true);
    }

    private static KeySource open(String spec, boolean createFile) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("empty key source: expected " + usages());
        }
        int colon = spec.indexOf(':');
        // A one-letter "scheme" is a Windows drive letter; a colon after a slash is part of a file name.
        boolean schemed = colon > 1 && spec.lastIndexOf('/', colon) < 0;
        String scheme = schemed ? spec.substring(0, colon).toLowerCase(Locale.ROOT) : FILE;
        String location = schemed ? spec.substring(colon + 1) : spec;
        if (scheme.equals(FILE)) {
            if (location.isBlank()) {
                throw new IllegalArgumentException("key source '" + spec + "' names no file: expected file:PATH");
            }
            Path file = Path.of(location);
            return createFile ? KeyFile.createIfAbsent(file) : KeyFile.open(file);
        }
        KeySourceProvider provider = providers().get(scheme);
        if (provider == null) {
            throw new IllegalArgumentException("unknown key source scheme '" + scheme + "' in '" + spec
                    + "': expected " + usages());
        }
        return provider.open(location);
    }

    /** The specs this class path understands, for messages and {@code --help}: "file:PATH or vault:...". */
    public static String usages() {
        return String.join(" or ", usageList());
    }

    /** The same specs one by one, {@code file:PATH} first, then the providers' by scheme. */
    public static List<String> usageList() {
        List<String> usages = new ArrayList<>();
        usages.add("file:PATH");
        providers().values().forEach(p -> usages.add(p.usage()));
        return usages;
    }

    /**
     * The providers this class path offers. One that cannot be loaded (in a web application whose class
     * loader sees another copy of this module, "not a subtype") is left out with a warning naming it, so
     * the spec fails as an unknown scheme with a message, not as an Error from deep inside ServiceLoader.
     */
    private static Map<String, KeySourceProvider> providers() {
        Map<String, KeySourceProvider> byScheme = new TreeMap<>();
        Iterator<KeySourceProvider> found = ServiceLoader.load(KeySourceProvider.class).iterator();
        for (int entries = 0; entries < 1_000; entries++) { // bounded: a broken entry is consumed, never retried
            KeySourceProvider provider;
            try {
                if (!found.hasNext()) {
                    return byScheme;
                }
                provider = found.next();
            } catch (ServiceConfigurationError broken) {
                LOG.warn("a key source provider cannot be used here: {}", broken.getMessage());
                continue;
            }
            byScheme.putIfAbsent(provider.scheme().toLowerCase(Locale.ROOT), provider);
        }
        return byScheme;
    }
}
