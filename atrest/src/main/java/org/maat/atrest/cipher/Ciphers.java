package org.maat.atrest.cipher;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.maat.atrest.cipher.freestyle.FreestyleConfig;
import org.maat.atrest.cipher.freestyle.FreestylePoly1305;

/** The ciphers Maat encrypts data at rest with, by name and by header byte: the one registry. */
public final class Ciphers {

    public static final AtRestCipher CHACHA8 = new ChaChaPoly1305("chacha8", 1, 8, 1);
    public static final AtRestCipher CHACHA12 = new ChaChaPoly1305("chacha12", 2, 12, 2);
    public static final AtRestCipher CHACHA20 = new ChaChaPoly1305("chacha20", 3, 20, 3);
    public static final AtRestCipher FREESTYLE_FAST =
            new FreestylePoly1305("freestyle-fast", 4, 4, FreestyleConfig.FAST);
    public static final AtRestCipher FREESTYLE_BALANCED =
            new FreestylePoly1305("freestyle-balanced", 5, 5, FreestyleConfig.BALANCED);
    public static final AtRestCipher FREESTYLE_STRONG =
            new FreestylePoly1305("freestyle-strong", 6, 6, FreestyleConfig.STRONG);

    private static final List<AtRestCipher> ALL = List.of(CHACHA8, CHACHA12, CHACHA20, FREESTYLE_FAST,
            FREESTYLE_BALANCED, FREESTYLE_STRONG);

    /** Every block read and sealed looks its cipher up by header byte: a table, not a search. */
    @SuppressWarnings("unchecked")
    private static final Optional<AtRestCipher>[] BY_ID = byIdTable();

    @SuppressWarnings("unchecked")
    private static Optional<AtRestCipher>[] byIdTable() {
        Optional<AtRestCipher>[] table = new Optional[256];
        java.util.Arrays.fill(table, Optional.empty());
        for (AtRestCipher c : ALL) {
            table[c.id()] = Optional.of(c);
        }
        return table;
    }

    private Ciphers() {
    }

    /** Every cipher, weakest first. */
    public static List<AtRestCipher> all() {
        List<AtRestCipher> sorted = new ArrayList<>(ALL);
        sorted.sort(Comparator.comparingInt(AtRestCipher::strength));
        return sorted;
    }

    /** The cipher called {@code name} (case-insensitive). */
    public static AtRestCipher byName(String name) {
        String key = name.trim().toLowerCase(Locale.ROOT);
        return ALL.stream().filter(c -> c.name().equals(key)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown cipher '" + name + "': expected one of "
                        + names()));
    }

    /** The cipher whose header byte is {@code id}, if any. */
    public static Optional<AtRestCipher> byId(int id) {
        return id >= 0 && id < BY_ID.length ? BY_ID[id] : Optional.empty();
    }

    /** The names, weakest first, for messages and {@code --help}. */
    public static String names() {
        return String.join(", ", all().stream().map(AtRestCipher::name).toList());
    }
}
