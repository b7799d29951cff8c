package org.maat.policy.lang;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The order of protection of the ciphers that may seal a file at rest, weakest first, as the policy
 * language names them in {@code atRestAtLeast("chacha20")} and as a file's label carries them in its
 * {@value #ATTRIBUTE} attribute. {@code none} is a plaintext file.
 *
 * <p>The one table the monitor decides by. The policy module depends on no cipher code, so this is a list of
 * names; a test beside the cipher registry ({@code org.maat.atrest.cipher.Ciphers}, in core) checks that the
 * registry orders its ciphers by strength exactly as this list does, so a cipher added there and not here (or
 * ranked differently) fails the build rather than a policy.
 */
public final class AtRestStrength {

    /** The conduit attribute that names the cipher a file at rest is sealed with. */
    public static final String ATTRIBUTE = "atrest";
    /** The attribute value of a file written in plaintext. */
    public static final String NONE = "none";

    private static final List<String> ORDER = List.of(NONE, "chacha8", "chacha12", "chacha20", "freestyle-fast",
            "freestyle-balanced", "freestyle-strong");

    private AtRestStrength() {
    }

    /** Every known name, weakest ({@code none}) first. */
    public static List<String> names() {
        return ORDER;
    }

    /** The rank of {@code name} (0 for {@code none}), or -1 when it names no known cipher. */
    public static int rank(String name) {
        return name == null ? -1 : ORDER.indexOf(name.trim().toLowerCase(Locale.ROOT));
    }

    public static boolean isKnown(String name) {
        return rank(name) >= 0;
    }

    /** Whether a file sealed with {@code actual} is protected at least as strongly as {@code required} asks. */
    public static boolean atLeast(String actual, String required) {
        int have = rank(actual);
        int want = rank(required);
        return have >= 0 && want >= 0 && have >= want;
    }

    /** The stronger of two known names; empty stands for no requirement. */
    public static Optional<String> stronger(Optional<String> a, Optional<String> b) {
        if (a.isEmpty()) {
            return b;
        }
        if (b.isEmpty()) {
            return a;
        }
        return rank(a.get()) >= rank(b.get()) ? a : b;
    }
}
