package org.maat.core.population;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.maat.core.InvalidSettingException;
import org.maat.policy.lang.AtRestStrength;
import org.maat.policy.templates.PolicyTemplates;

/**
 * The parameters of a Thoth-style population (ARCHITECTURE.md section 4), checked on construction:
 * a value out of range is an {@link InvalidSettingException} naming the setting (the constants below).
 *
 * @param users simulated users ({@code u0} ...)
 * @param friends friends per user; the relation is symmetric
 * @param privatePercent share of private documents, likewise {@code publicPercent}, {@code friendsPercent}
 * @param censoredFraction fraction of documents blocked in one random region
 * @param blacklist items blacklisted in the blacklist region (where simulated clients are)
 * @param regions number of regions, named {@code r0} ...; {@code r0} is the blacklist region
 * @param employees employees ({@code e0} ...), who read non-public documents only under MAL
 * @param malAccesses MAL log entries appended for employees at generation
 * @param seed the random seed
 * @param atRest the minimum cipher at rest per template part ({@code private}, {@code public}, {@code friends},
 *     {@code mal}): a template's declassify rule gets {@code and atRestAtLeast("X")} with the strongest of its
 *     parts' minimums, and its records are sealed at least so. Empty: policies exactly as without encryption.
 */
public record PopulationSpec(int users, int friends, int privatePercent, int publicPercent, int friendsPercent,
        double censoredFraction, int blacklist, int regions, int employees, int malAccesses, long seed,
        Map<String, String> atRest) {

    /** The settings' names in {@link InvalidSettingException}s. */
    public static final String USERS = "users";
    public static final String FRIENDS = "friends per user";
    public static final String MIX = "mix";
    public static final String CENSORED = "censored fraction";
    public static final String BLACKLIST = "blacklist";
    public static final String REGIONS = "regions";
    public static final String EMPLOYEES = "employees";
    public static final String MAL_ACCESSES = "MAL accesses";
    public static final String AT_REST = "at-rest requirements";

    /** The template parts an at-rest requirement may name. */
    public static final List<String> AT_REST_PARTS = List.of("private", "public", "friends", PolicyTemplates.MAL);

    /** A population whose policies require nothing of the cipher at rest. */
    public PopulationSpec(int users, int friends, int privatePercent, int publicPercent, int friendsPercent,
            double censoredFraction, int blacklist, int regions, int employees, int malAccesses, long seed) {
        this(users, friends, privatePercent, publicPercent, friendsPercent, censoredFraction, blacklist, regions,
                employees, malAccesses, seed, Map.of());
    }

    public PopulationSpec {
        require(users >= 1, USERS, "must be at least 1, not " + users);
        require(friends >= 0 && friends < users, FRIENDS, "must be between 0 and {" + USERS + "} - 1 (" + (users - 1)
                + "), not " + friends);
        require(privatePercent >= 0 && publicPercent >= 0 && friendsPercent >= 0
                && privatePercent + publicPercent + friendsPercent == 100,
                MIX, "must be three non-negative percentages adding up to 100, e.g. 30/50/20");
        require(censoredFraction >= 0 && censoredFraction <= 1, CENSORED, "must be a fraction between 0 and 1");
        require(blacklist >= 0, BLACKLIST, "must not be negative");
        require(regions >= 1, REGIONS, "must be at least 1");
        require(employees >= 0, EMPLOYEES, "must not be negative");
        require(malAccesses >= 0, MAL_ACCESSES, "must not be negative");
        require(malAccesses == 0 || employees > 0, MAL_ACCESSES, "needs at least one employee");
        atRest = Map.copyOf(atRest);
        for (Map.Entry<String, String> r : atRest.entrySet()) {
            require(AT_REST_PARTS.contains(r.getKey()), AT_REST, "'" + r.getKey() + "' is no template part; expected "
                    + String.join(", ", AT_REST_PARTS));
            require(AtRestStrength.isKnown(r.getValue()) && !AtRestStrength.NONE.equals(r.getValue()), AT_REST,
                    "'" + r.getValue() + "' is no cipher; expected one of "
                    + String.join(", ", AtRestStrength.names().subList(1, AtRestStrength.names().size())));
        }
    }

    /** This population with the at-rest requirements {@code atRest} (see {@link #parseAtRest}). */
    public PopulationSpec withAtRest(Map<String, String> atRest) {
        return new PopulationSpec(users, friends, privatePercent, publicPercent, friendsPercent, censoredFraction,
                blacklist, regions, employees, malAccesses, seed, atRest);
    }

    /** Parses requirements such as {@code private=chacha20,mal=chacha20,public=chacha8} (empty text: none). */
    public static Map<String, String> parseAtRest(String text) {
        Map<String, String> out = new LinkedHashMap<>();
        if (text.isBlank()) {
            return out;
        }
        for (String pair : text.split(",", -1)) {
            String[] kv = pair.split("=", -1);
            require(kv.length == 2 && !kv[0].isBlank() && !kv[1].isBlank(), AT_REST,
                    "must be PART=CIPHER pairs separated by commas, e.g. private=chacha20,public=chacha8, not '"
                    + pair + "'");
            out.put(kv[0].strip(), kv[1].strip().toLowerCase(Locale.ROOT));
        }
        return out;
    }

    /**
     * The minimum cipher at rest of template {@code template} (e.g. {@code private+mal+censorship}): the
     * strongest the requirements name for its parts, empty when none.
     */
    public Optional<String> atRestMinimum(String template) {
        Optional<String> strongest = Optional.empty();
        for (String part : template.split("\\+")) {
            strongest = AtRestStrength.stronger(strongest, Optional.ofNullable(atRest.get(part)));
        }
        return strongest;
    }

    /** Thoth's population: 40,000 users, 12 friends, 30/50/20, 1% censored, 2,250 blacklisted, 1 employee, 200 MAL accesses. */
    public static PopulationSpec thoth(long seed) {
        return new PopulationSpec(40_000, 12, 30, 50, 20, 0.01, 2_250, 4, 1, 200, seed);
    }

    /** Parses a mix such as {@code 30/50/20} (private/public/friends). */
    public static int[] parseMix(String mix) {
        String[] parts = mix.split("/", -1);
        if (parts.length != 3) {
            throw new InvalidSettingException(MIX, "must be PRIVATE/PUBLIC/FRIENDS percentages, e.g. 30/50/20, not '"
                    + mix + "'");
        }
        int[] out = new int[3];
        for (int i = 0; i < 3; i++) {
            try {
                out[i] = Integer.parseInt(parts[i].strip());
            } catch (NumberFormatException e) {
                throw new InvalidSettingException(MIX, "part '" + parts[i] + "' is not a whole percentage");
            }
        }
        return out;
    }

    public String mix() {
        return privatePercent + "/" + publicPercent + "/" + friendsPercent;
    }

    public String blacklistRegion() {
        return region(0);
    }

    public List<String> regionNames() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < regions; i++) {
            names.add(region(i));
        }
        return names;
    }

    public static String region(int i) {
        return "r" + i;
    }

    public static String employee(int i) {
        return "e" + i;
    }

    private static void require(boolean ok, String setting, String reason) {
        InvalidSettingException.require(ok, setting, reason);
    }
}
