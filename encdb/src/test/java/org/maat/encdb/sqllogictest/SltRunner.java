package org.maat.encdb.sqllogictest;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a {@link SltScript} through plain H2 and through the encrypted layer, record by record. Plain H2
 * is checked against the script's expected results (a disagreement is H2's, counted apart); the
 * encrypted layer is checked against plain H2: it must return the same rendered values, or fail where
 * H2 fails with the same SQLState, or refuse the SQL with SQLState 0A000. A refused or mismatched
 * statement that changes data leaves the two databases different, so the rest of that script is not
 * compared (counted as such).
 */
public final class SltRunner {

    /** What the encrypted layer did with one record, compared with plain H2. */
    enum Verdict { AGREES, REFUSED, MISMATCH }

    /** One mismatch: where, what, and both sides. */
    public record Mismatch(String where, String sql, String h2, String driver) {
        @Override
        public String toString() {
            return where + ": " + sql + "\n  H2:     " + h2 + "\n  driver: " + driver;
        }
    }

    private static final Pattern REFUSAL = Pattern.compile("unsupported (?:on encrypted column \\S+|SQL on the "
            + "encrypted layer): (.*)", Pattern.DOTALL);

    private final Connection h2;
    private final Connection driver;
    private final SltTally tally;

    SltRunner(Connection h2, Connection driver, SltTally tally) {
        this.h2 = h2;
        this.driver = driver;
        this.tally = tally;
    }

    /** Runs at most {@code limit} records of {@code script}. */
    void run(SltScript script, int limit) {
        int hashThreshold = 8; // sqllogictest's default until a hash-threshold record
        int run = 0;
        for (int i = 0; i < script.records().size(); i++) {
            SltScript.Record r = script.records().get(i);
            String where = script.name() + ":" + r.line();
            if (r instanceof SltScript.Halt) {
                return;
            }
            if (r instanceof SltScript.HashThreshold h) {
                hashThreshold = h.threshold();
                continue;
            }
            if (run++ >= limit) {
                return;
            }
            boolean diverged = r instanceof SltScript.Statement s ? statement(where, s) : query(where,
                    (SltScript.Query) r, hashThreshold);
            if (diverged) {
                tally.notRunAfterDivergence(countRecords(script.records().subList(i + 1, script.records().size()),
                        limit - run));
                return;
            }
        }
    }

    private static int countRecords(List<SltScript.Record> rest, int budget) {
        int n = (int) rest.stream().filter(r -> r instanceof SltScript.Statement || r instanceof SltScript.Query).count();
        return Math.max(0, Math.min(n, budget));
    }

    /** Runs a statement on both; true when the databases may now differ. */
    private boolean statement(String where, SltScript.Statement s) {
        SQLException h2Error = execute(h2, s.sql());
        SQLException driverError = execute(driver, s.sql());
        tally.h2Passes(h2Error == null == s.expectOk());
        if (isRefusal(driverError)) {
            tally.refused(kind(driverError), driverError.getMessage());
            // An index that is not created changes no answer; anything else leaves the databases apart.
            return h2Error == null && !s.sql().trim().toUpperCase(Locale.ROOT).matches("(?s)CREATE\\s+INDEX.*");
        }
        if ((h2Error == null) == (driverError == null) && sameState(h2Error, driverError)) {
            tally.agrees();
            return false;
        }
        tally.mismatch(new Mismatch(where, s.sql(), describe(h2Error), describe(driverError)));
        return true;
    }

    private boolean query(String where, SltScript.Query q, int hashThreshold) {
        List<String> h2Values;
        SQLException h2Error = null;
        try {
            h2Values = values(h2, q);
        } catch (SQLException e) {
            h2Values = null;
            h2Error = e;
        }
        tally.h2Passes(h2Values != null && rendered(h2Values, q, hashThreshold).equals(q.expected()));
        List<String> driverValues;
        try {
            driverValues = values(driver, q);
        } catch (SQLException e) {
            if (isRefusal(e)) {
                tally.refused(kind(e), e.getMessage());
            } else if (h2Error != null && sameState(h2Error, e)) {
                tally.agrees();
            } else {
                tally.mismatch(new Mismatch(where, q.sql(), h2Error != null ? describe(h2Error) : shorten(h2Values),
                        describe(e)));
            }
            return false;
        }
        if (h2Values != null && h2Values.equals(driverValues)) {
            tally.agrees();
        } else {
            tally.mismatch(new Mismatch(where, q.sql(), h2Values == null ? describe(h2Error) : shorten(h2Values),
                    shorten(driverValues)));
        }
        return false;
    }

    /** Error for error: where both fail, with the same SQLState (both succeeding counts as the same). */
    private static boolean sameState(SQLException h2Error, SQLException driverError) {
        return h2Error == null || driverError == null
                || java.util.Objects.equals(h2Error.getSQLState(), driverError.getSQLState());
    }

    private static SQLException execute(Connection c, String sql) {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
            return null;
        } catch (SQLException e) {
            return e;
        }
    }

    /** The query's values as the format renders them, sorted as its sort mode says. */
    private static List<String> values(Connection c, SltScript.Query q) throws SQLException {
        List<String[]> rows = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(q.sql())) {
            int n = rs.getMetaData().getColumnCount();
            if (n != q.types().length()) {
                throw new SQLException("query returned " + n + " columns, the script says " + q.types().length(), "SLT01");
            }
            while (rs.next()) {
                String[] row = new String[n];
                for (int i = 0; i < n; i++) {
                    row[i] = render(rs.getObject(i + 1), q.types().charAt(i));
                }
                rows.add(row);
            }
        }
        if (q.sort().equals("rowsort")) {
            rows.sort(SltRunner::compareRows);
        }
        List<String> flat = new ArrayList<>();
        rows.forEach(r -> flat.addAll(Arrays.asList(r)));
        if (q.sort().equals("valuesort")) {
            flat.sort(String::compareTo);
        }
        return flat;
    }

    private static int compareRows(String[] a, String[] b) {
        for (int i = 0; i < a.length; i++) {
            int c = a[i].compareTo(b[i]); // strcmp on the rendered ASCII text, as the format says
            if (c != 0) {
                return c;
            }
        }
        return 0;
    }

    /** As sqllogictest prints a value: I as an integer, R with three decimals, T as text; NULL, (empty), @. */
    public static String render(Object v, char type) {
        if (v == null) {
            return "NULL";
        }
        if (v instanceof Boolean b) {
            v = b ? 1 : 0;
        }
        switch (type) {
            case 'I': {
                BigDecimal d = number(v);
                return d == null ? "0" : d.toBigInteger().toString(); // C's conversion truncates
            }
            case 'R': {
                BigDecimal d = number(v);
                return String.format(Locale.ROOT, "%.3f", d == null ? 0.0 : d.doubleValue());
            }
            default: {
                String s = v instanceof Number ? number(v).stripTrailingZeros().toPlainString() : v.toString();
                if (s.isEmpty()) {
                    return "(empty)";
                }
                StringBuilder out = new StringBuilder(s.length());
                for (char ch : s.toCharArray()) {
                    out.append(ch < 0x20 || ch > 0x7e ? '@' : ch);
                }
                return out.toString();
            }
        }
    }

    private static BigDecimal number(Object v) {
        if (v instanceof BigDecimal d) {
            return d;
        }
        if (v instanceof Double d) {
            return d.isNaN() || d.isInfinite() ? null : BigDecimal.valueOf(d);
        }
        if (v instanceof Float f) {
            return BigDecimal.valueOf(f.doubleValue());
        }
        try {
            return new BigDecimal(v.toString().trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** The lines a result is written as in a script: the values, or {@code N values hashing to MD5} beyond the threshold. */
    static List<String> rendered(List<String> values, SltScript.Query q, int hashThreshold) {
        if (hashThreshold > 0 && values.size() > hashThreshold) {
            return List.of(values.size() + " values hashing to " + md5(values));
        }
        return values;
    }

    /** MD5 of every value followed by a newline, as sqllogictest hashes results. */
    static String md5(List<String> values) {
        try {
            MessageDigest md = MessageDigest.getInstance("MD5");
            for (String v : values) {
                md.update(v.getBytes(StandardCharsets.UTF_8));
                md.update((byte) '\n');
            }
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static boolean isRefusal(SQLException e) {
        return e != null && "0A000".equals(e.getSQLState());
    }

    /**
     * The kind of a refusal: the construct its message names, without the column and SQL text (its
     * leading lower-case words, e.g. {@code comparison with parenthesed select}).
     */
    static String kind(SQLException e) {
        Matcher m = REFUSAL.matcher(String.valueOf(e.getMessage()));
        String what = m.find() ? m.group(1) : String.valueOf(e.getMessage());
        List<String> words = new ArrayList<>();
        for (String w : what.split("\\s+")) {
            if (!w.matches("[a-z]{2,}") || words.size() == 4) { // words, not a column (b) or SQL (col0, +)
                break;
            }
            words.add(w);
        }
        if (words.isEmpty()) {
            String[] w = what.split("\\s+");
            return String.join(" ", Arrays.copyOf(w, Math.min(2, w.length))).replaceAll("[(:].*", "");
        }
        return String.join(" ", words);
    }

    private static String describe(SQLException e) {
        return e == null ? "ok" : e.getSQLState() + " " + e.getMessage().lines().findFirst().orElse("");
    }

    private static String shorten(List<String> values) {
        String s = values.toString();
        return s.length() > 300 ? s.substring(0, 300) + "... (" + values.size() + " values)" : s;
    }
}
