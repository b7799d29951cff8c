package org.maat.disguise.search;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * The ids of search pseudoprincipals: {@code pp-} and 24 random hex digits, made only by a
 * decorrelating disguise. The id is public (every anonymized document carries it as its owner), so
 * it is by its form that a pseudoprincipal is told from a natural principal ({@link SearchDisguises}
 * registers no natural principal of that form), and a disguise of one is reached only through the bag
 * of the user who speaks for it.
 */
final class PseudoprincipalId {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final Pattern FORM = Pattern.compile("pp-[0-9a-f]{24}");

    private PseudoprincipalId() {
    }

    /** A fresh id that names no one. */
    static String random() {
        byte[] id = new byte[12];
        RANDOM.nextBytes(id);
        return "pp-" + HexFormat.of().formatHex(id);
    }

    /** Whether {@code principal} has the form of a pseudoprincipal's id. */
    static boolean is(String principal) {
        return FORM.matcher(principal).matches();
    }
}
