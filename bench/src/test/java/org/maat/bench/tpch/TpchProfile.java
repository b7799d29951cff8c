package org.maat.bench.tpch;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.maat.core.progress.Progress;
import org.maat.encdb.advise.AnnotatedSchema;
import org.maat.encdb.advise.OnionAdvisor;
import org.maat.encdb.jdbc.MaatConnection;
import org.maat.encdb.jdbc.ShippingStats;

/**
 * A profiling tool, not a test: loads TPC-H at a small scale factor into in-memory plain H2 and the driver,
 * then for each query given prints the driver's EXPLAIN, and a breakdown of where the driver's time goes:
 * each scan's physical SQL run directly on the driver's H2 (time, rows, bytes per ciphertext column), the
 * driver's whole time, and what is left (decryption, client load, client query). It also prints both
 * databases' indexes, and each query's plain time with H2's result reuse on (the benchmark turns it off).
 *
 * <p>Run: {@code java -cp <bench test classpath> org.maat.bench.tpch.TpchProfile 0.01 4,17,19}.
 */
public final class TpchProfile {

    private static final Pattern SCAN = Pattern.compile("^H2 scan \\d+: (\\S+) cols .*");
    private static final Pattern PHYSICAL = Pattern.compile("^  physical: (.*)$");

    private TpchProfile() {
    }

    public static void main(String[] args) throws Exception {
        double sf = args.length > 0 ? Double.parseDouble(args[0]) : 0.01;
        List<Integer> numbers = new ArrayList<>();
        for (String n : (args.length > 1 ? args[1] : "1,4,8,17,19,21,22").split(",")) {
            numbers.add(Integer.valueOf(n.trim()));
        }
        List<String> extra = new ArrayList<>(); // further statements to EXPLAIN and time, e.g. a rewritten query
        for (int i = 3; i < args.length; i++) {
            extra.add(args[i]);
        }
        int runs = args.length > 2 ? Integer.parseInt(args[2]) : 3;
        List<TpchQuery> all = TpchQuery.all(sf);
        Map<String, String> workload = new LinkedHashMap<>();
        all.forEach(q -> workload.put(q.label(), q.sql()));
        AnnotatedSchema schema = OnionAdvisor.advise(TpchSchema.CREATE_TABLES, workload);
        Path work = Files.createTempDirectory("maat-tpch-profile");
        String name = "tpch-profile-" + ProcessHandle.current().pid();
        Properties key = new Properties();
        key.setProperty("maat.keyFile", work.resolve("tpch.key").toString());
        key.setProperty("maat.createKey", "true");
        String reuse = ";OPTIMIZE_REUSE_RESULTS=FALSE";
        try (Connection plain = DriverManager.getConnection("jdbc:h2:mem:" + name + "-plain" + reuse);
                Connection maat = DriverManager.getConnection("jdbc:maat:h2:mem:" + name + "-maat" + reuse, key);
                Connection physical = DriverManager.getConnection("jdbc:h2:mem:" + name + "-maat")) {
            TpchLoader loader = new TpchLoader(sf, 1000);
            loader.load(plain, TpchSchema.CREATE_TABLES, Progress.NONE);
            loader.load(maat, schema.ddl(), Progress.NONE);
            System.out.println("== plain H2 indexes: " + indexes(plain));
            System.out.println("== driver's H2 indexes: " + indexes(physical));
            ShippingStats stats = maat.unwrap(MaatConnection.class).shippingStats();
            stats.countBytes(true);
            List<TpchQuery> chosen = new ArrayList<>();
            numbers.forEach(n -> chosen.add(all.get(n - 1)));
            for (int i = 0; i < extra.size(); i++) {
                chosen.add(new TpchQuery(100 + i, extra.get(i), List.of(), ""));
            }
            for (TpchQuery q : chosen) {
                System.out.println();
                System.out.println("==== " + q.label());
                double plainMs = time(plain, q.sql(), runs);
                try (Statement st = plain.createStatement()) { // what H2's result reuse would make of it
                    st.execute("SET OPTIMIZE_REUSE_RESULTS TRUE");
                    System.out.printf(Locale.ROOT, "plain H2 with result reuse: %.2f ms, without: %.2f ms%n",
                            time(plain, q.sql(), runs), plainMs);
                    st.execute("SET OPTIMIZE_REUSE_RESULTS FALSE");
                }
                System.out.println("plain H2 plan: " + String.join(" ", lines(plain, "EXPLAIN " + q.sql())).replaceAll("\\s+", " "));
                List<String> explain = lines(maat, "EXPLAIN " + q.sql());
                explain.forEach(l -> System.out.println("| " + l));
                time(maat, q.sql(), 1); // warm-up: peels, plan cache
                stats.reset();
                double driverMs = time(maat, q.sql(), runs);
                double scanMs = 0;
                String table = null;
                for (String l : explain) {
                    Matcher s = SCAN.matcher(l);
                    if (s.matches()) {
                        table = s.group(1);
                    }
                    Matcher m = PHYSICAL.matcher(l);
                    if (m.matches()) {
                        scanMs += rawScan(physical, table, m.group(1), runs);
                    }
                }
                System.out.printf(Locale.ROOT, "time: plain %.1f ms; driver %.1f ms (%,d rows, %,d bytes shipped per run); "
                        + "raw H2 scans %.1f ms; rest (decrypt + client load + client query) %.1f ms%n", plainMs,
                        driverMs, stats.rows() / runs, stats.bytes() / runs, scanMs, driverMs - scanMs);
            }
        } finally {
            try (var files = Files.walk(work)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    /** Median time in ms of {@code runs} runs reading every value. */
    private static double time(Connection c, String sql, int runs) throws SQLException {
        double[] t = new double[runs];
        for (int i = 0; i < runs; i++) {
            long start = System.nanoTime();
            try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                int n = rs.getMetaData().getColumnCount();
                while (rs.next()) {
                    for (int j = 1; j <= n; j++) {
                        rs.getObject(j);
                    }
                }
            }
            t[i] = (System.nanoTime() - start) / 1e6;
        }
        return TpchBenchmark.median(t);
    }

    /** Runs a scan's physical SQL on the driver's H2 directly: its time, rows and bytes per column. */
    private static double rawScan(Connection physical, String table, String sql, int runs) throws SQLException {
        if (sql.contains("?")) {
            System.out.println("  raw " + table + ": not run (its constants are encrypted parameters)");
            return 0;
        }
        double ms = time(physical, sql, runs);
        try (Statement st = physical.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            ResultSetMetaData md = rs.getMetaData();
            int n = md.getColumnCount();
            long[] bytes = new long[n];
            long rows = 0;
            while (rs.next()) {
                rows++;
                for (int j = 1; j <= n; j++) {
                    Object o = rs.getObject(j);
                    bytes[j - 1] += o instanceof byte[] b ? b.length : o == null ? 0 : o.toString().length();
                }
            }
            long total = 0;
            List<String> per = new ArrayList<>();
            for (int j = 0; j < n; j++) {
                total += bytes[j];
                per.add(md.getColumnLabel(j + 1) + "=" + (rows == 0 ? 0 : bytes[j] / rows));
            }
            System.out.printf(Locale.ROOT, "  raw %s: %.1f ms, %,d rows, %,d bytes (%d B/row: %s)%n", table, ms, rows,
                    total, rows == 0 ? 0 : total / rows, String.join(" ", per));
            try (ResultSet plan = st.executeQuery("EXPLAIN " + sql)) {
                plan.next();
                System.out.println("  H2 plan: " + plan.getString(1).replaceAll("\\s+", " "));
            }
        }
        return ms;
    }

    private static List<String> lines(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                out.add(rs.getString(1));
            }
        }
        return out;
    }

    private static String indexes(Connection c) throws SQLException {
        List<String> out = new ArrayList<>();
        try (Statement st = c.createStatement(); ResultSet rs = st.executeQuery(
                "SELECT I.TABLE_NAME, I.INDEX_NAME, LISTAGG(C.COLUMN_NAME, ',') WITHIN GROUP (ORDER BY C.ORDINAL_POSITION) "
                        + "FROM INFORMATION_SCHEMA.INDEXES I JOIN INFORMATION_SCHEMA.INDEX_COLUMNS C "
                        + "ON I.TABLE_NAME = C.TABLE_NAME AND I.INDEX_NAME = C.INDEX_NAME AND I.TABLE_SCHEMA = C.TABLE_SCHEMA "
                        + "WHERE I.TABLE_SCHEMA = 'PUBLIC' GROUP BY I.TABLE_NAME, I.INDEX_NAME ORDER BY 1, 2")) {
            while (rs.next()) {
                out.add(rs.getString(1) + "(" + rs.getString(3) + ")");
            }
        }
        return out.size() + ": " + String.join(" ", out);
    }
}
