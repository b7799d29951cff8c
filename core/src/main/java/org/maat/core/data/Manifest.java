package org.maat.core.data;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.util.Comparator;
import java.util.List;

/**
 * How a data directory was generated, and the names its population uses: users {@code u0} to
 * {@code u<users-1>}, employees as listed, documents {@code d0} to {@code d<documents-1>}.
 *
 * @param corpus the corpus specification, e.g. {@code europarl} or {@code synthetic:1GB}
 * @param documents documents in the conduit store
 * @param documentBytes bytes of document text (titles and bodies, UTF-8)
 * @param users simulated users
 * @param friendsPerUser friends each user was given (symmetric)
 * @param mix percentages of private/public/friends documents, e.g. {@code 30/50/20}
 * @param malProtected whether every non-public document also admits employees under MAL ({@code +mal})
 * @param censoredFraction fraction of documents blocked in some region
 * @param regions the regions clients may be in
 * @param blacklistRegion the region whose blacklist holds {@code blacklist} items
 * @param blacklist items blacklisted in {@code blacklistRegion}
 * @param employees the employees' principal names, always kept in {@link #EMPLOYEE_ORDER} (the constructor sorts
 *        them): the list's order carries nothing, so an employee who leaves and comes back (a disguise and its
 *        reveal) returns to the one place the order gives, whoever else left or came back meanwhile
 * @param malAccesses MAL entries appended for employees at generation
 * @param seed the random seed; the same parameters and seed give the same data
 * @param policyStoreCommits batches generation committed to {@code policy.db}: a store that opens
 *        with fewer was cut back to an older version. 0 when unknown (a manifest written before Maat
 *        recorded it)
 */
public record Manifest(String corpus, long documents, long documentBytes, int users, int friendsPerUser,
        String mix, boolean malProtected, double censoredFraction, List<String> regions, String blacklistRegion,
        int blacklist, List<String> employees, int malAccesses, long seed, long policyStoreCommits) {

    private static final ObjectMapper JSON = new ObjectMapper()
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    /**
     * The one order of {@link #employees}: ids compared run by run, a run of ASCII digits by its number ({@code e2}
     * before {@code e10}), any other run by its characters; ids equal so ({@code e1}, {@code e01}) by their characters.
     */
    public static final Comparator<String> EMPLOYEE_ORDER = Manifest::compareIds;

    public Manifest {
        regions = List.copyOf(regions);
        employees = employees.stream().sorted(EMPLOYEE_ORDER).toList();
    }

    /** This manifest with {@code employees} as its list of employees (put in {@link #EMPLOYEE_ORDER}). */
    public Manifest withEmployees(List<String> employees) {
        return new Manifest(corpus, documents, documentBytes, users, friendsPerUser, mix, malProtected,
                censoredFraction, regions, blacklistRegion, blacklist, employees, malAccesses, seed, policyStoreCommits);
    }

    /** A manifest that does not know its policy store's commit count. */
    public Manifest(String corpus, long documents, long documentBytes, int users, int friendsPerUser, String mix,
            boolean malProtected, double censoredFraction, List<String> regions, String blacklistRegion, int blacklist,
            List<String> employees, int malAccesses, long seed) {
        this(corpus, documents, documentBytes, users, friendsPerUser, mix, malProtected, censoredFraction, regions,
                blacklistRegion, blacklist, employees, malAccesses, seed, 0);
    }

    /** Whether {@code principal} is one of the population's: a user {@code u0 .. u<users-1>} or a listed employee. */
    public boolean hasPrincipal(String principal) {
        if (employees.contains(principal)) {
            return true;
        }
        if (principal.length() < 2 || principal.charAt(0) != 'u' || (principal.length() > 2 && principal.charAt(1) == '0')) {
            return false; // u007 is not u7
        }
        for (int i = 1; i < principal.length(); i++) {
            if (principal.charAt(i) < '0' || principal.charAt(i) > '9') {
                return false;
            }
        }
        return principal.length() <= 11 && Long.parseLong(principal.substring(1)) < users;
    }

    /** The name of user {@code i}. */
    public static String user(int i) {
        return "u" + i;
    }

    /** The conduit id of document {@code n}. */
    public static String documentId(long n) {
        return "d" + n;
    }

    private static int compareIds(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ei = run(a, i);
            int ej = run(b, j);
            boolean digits = digit(a.charAt(i));
            int c;
            if (digits && digit(b.charAt(j))) {
                String x = stripZeros(a.substring(i, ei));
                String y = stripZeros(b.substring(j, ej));
                c = x.length() != y.length() ? Integer.compare(x.length(), y.length()) : x.compareTo(y);
            } else {
                c = a.substring(i, ei).compareTo(b.substring(j, ej));
            }
            if (c != 0) {
                return c;
            }
            i = ei;
            j = ej;
        }
        int c = Integer.compare(a.length() - i, b.length() - j);
        return c != 0 ? c : a.compareTo(b);
    }

    /** The end of the run (all digits, or no digit) that starts at {@code from}. */
    private static int run(String s, int from) {
        boolean digits = digit(s.charAt(from));
        int end = from + 1;
        while (end < s.length() && digit(s.charAt(end)) == digits) {
            end++;
        }
        return end;
    }

    /** ASCII digits only: every other character is compared as it is, which keeps the order transitive. */
    private static boolean digit(char c) {
        return c >= '0' && c <= '9';
    }

    private static String stripZeros(String digits) {
        int k = 0;
        while (k < digits.length() - 1 && digits.charAt(k) == '0') {
            k++;
        }
        return digits.substring(k);
    }

    String toJson() {
        try {
            return JSON.writeValueAsString(this) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("manifest cannot be written as JSON", e);
        }
    }

    static Manifest read(String json) {
        try {
            return JSON.readValue(json, Manifest.class);
        } catch (JsonProcessingException e) {
            throw new DataDirException("manifest.json: malformed at line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr() + ": " + e.getOriginalMessage());
        }
    }
}
