package org.maat.bench.erp;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.maat.erp.ErpQuery;

/**
 * One query's plan on each side of the ERP comparison, as the databases themselves show it: plain
 * H2's {@code EXPLAIN} of the query; the driver's {@code EXPLAIN} (strategy, physical SQL, client
 * steps such as a LIKE re-checked on decrypted values); and H2's {@code EXPLAIN} of each physical
 * statement on the encrypted database's own H2 (bound to NULLs: H2 chooses its plan when it prepares
 * a statement, before it knows the values). {@link #summary()} names what differs: the indexes H2
 * walks on each side and the work the driver moves out of H2.
 */
public record QueryPlans(ErpQuery query, List<String> plain, List<String> driver, List<String> server) {

    private static final Pattern INDEX = Pattern.compile("/\\* PUBLIC\\.([A-Z0-9_]+)(?::| \\*/)");
    private static final String PHYSICAL = "physical: ";

    /**
     * Explains {@code query} with {@code values} on the plaintext connection, through the driver's
     * connection {@code encrypted}, and each physical statement on {@code server} (a plain H2 connection
     * to the encrypted database's file). A side that cannot explain the statement says why in its lines.
     */
    public static QueryPlans explain(ErpQuery query, List<Object> values, Connection plain, Connection encrypted,
            Connection server) {
        List<String> plainPlan = explain(plain, query.sql(), values);
        List<String> driverPlan = explain(encrypted, query.sql(), values);
        List<String> serverPlan = new ArrayList<>();
        for (String line : driverPlan) {
            int at = line.indexOf(PHYSICAL);
            if (at >= 0) {
                serverPlan.addAll(explain(server, line.substring(at + PHYSICAL.length()), null));
            }
        }
        return new QueryPlans(query, plainPlan, driverPlan, serverPlan);
    }

    /** EXPLAIN's lines, with {@code values} bound (null: every parameter bound to NULL). */
    private static List<String> explain(Connection conn, String sql, List<Object> values) {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = conn.prepareStatement("EXPLAIN " + sql)) {
            int n = values == null ? ps.getParameterMetaData().getParameterCount() : values.size();
            for (int i = 0; i < n; i++) {
                if (values == null) {
                    ps.setNull(i + 1, Types.NULL);
                } else {
                    ps.setObject(i + 1, values.get(i));
                }
            }
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    out.addAll(List.of(rs.getString(1).split("\\R")));
                }
            }
        } catch (SQLException e) {
            out.add("(no plan: " + e.getMessage() + ")");
        }
        return out;
    }

    /** The indexes plain H2 walks, in plan order. */
    public List<String> plainIndexes() {
        return indexes(plain);
    }

    /** The indexes H2 walks for the encrypted side's physical statements, in plan order. */
    public List<String> serverIndexes() {
        return indexes(server);
    }

    private static List<String> indexes(List<String> plan) {
        Set<String> out = new LinkedHashSet<>();
        for (String line : plan) {
            Matcher m = INDEX.matcher(line);
            while (m.find()) {
                out.add(m.group(1));
            }
        }
        return List.copyOf(out);
    }

    /** The driver's strategy line ({@code H2} or {@code split ...}). */
    public String strategy() {
        return driver.stream().filter(l -> l.startsWith("strategy: ")).map(l -> l.substring("strategy: ".length()))
                .findFirst().orElse("?");
    }

    /** Work the driver does on decrypted rows instead of in H2 (its client steps and split parts). */
    public List<String> clientWork() {
        return driver.stream().map(String::strip).filter(l -> l.startsWith("client")).toList();
    }

    /**
     * One line: whether H2 walks the same indexes on both sides, and what the driver does outside H2
     * (e.g. {@code same indexes (EMP_JOB_FK_INDEX_4); encrypted: H2, client step: LIKE re-checked on
     * decrypted values (1)}).
     */
    public String summary() {
        if (driver.stream().noneMatch(l -> l.startsWith("strategy: "))) {
            // the driver explains queries only (writes: INSERT, and UPDATE/DELETE it may run row by row)
            return "plain indexes " + plainIndexes() + "; encrypted: " + String.join(" ", driver);
        }
        List<String> p = plainIndexes();
        List<String> s = serverIndexes();
        String indexes = p.equals(s) ? "same indexes " + p
                : "indexes differ: plain " + p + ", encrypted " + s;
        List<String> client = clientWork();
        boolean like = client.stream().anyMatch(l -> l.contains("LIKE"));
        return indexes + "; encrypted strategy " + abbreviate(strategy())
                + (client.isEmpty() ? "" : "; " + String.join("; ", client))
                + (like ? " (predicate placement differs: plain H2 evaluates the LIKE on every row its index yields, "
                        + "the driver only on the rows left after H2's other conditions)" : "");
    }

    private static String abbreviate(String s) {
        return s.length() <= 60 ? s : s.substring(0, 57) + "...";
    }
}
