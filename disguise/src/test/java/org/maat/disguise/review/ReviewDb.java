package org.maat.disguise.review;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import org.maat.erp.HrSchema;

/**
 * The WebSubmit sample schema in a fresh in-memory H2, for the adversarial review tests: user {@code i}
 * answers {@code answers(i)} questions, and whole-database dumps compare states, disguise tables included.
 */
final class ReviewDb {

    static final String[] TABLES = {"USERS", "LECTURES", "QUESTIONS", "ANSWERS", "MAAT_DISGUISE_BAGS",
            "MAAT_DISGUISE_PRINCIPALS"};

    private ReviewDb() {
    }

    static String email(int user) {
        return "user" + user + "@example.org";
    }

    /** A new database with {@code users} users; user {@code i} answers {@code answersOf[i-1]} of the 20 questions. */
    static Connection open(int... answersOf) throws SQLException {
        Connection conn = DriverManager.getConnection("jdbc:h2:mem:review" + UUID.randomUUID());
        runSchema(conn);
        try (PreparedStatement l = conn.prepareStatement("INSERT INTO LECTURES (ID, LABEL) VALUES (?, ?)");
             PreparedStatement q = conn.prepareStatement("INSERT INTO QUESTIONS (LEC, Q, QUESTION) VALUES (?, ?, ?)");
             PreparedStatement u = conn.prepareStatement("INSERT INTO USERS (EMAIL, APIKEY, IS_ADMIN, IS_ANON) VALUES (?, ?, 0, 0)");
             PreparedStatement a = conn.prepareStatement(
                     "INSERT INTO ANSWERS (EMAIL, LEC, Q, ANSWER, SUBMITTED_AT) VALUES (?, ?, ?, ?, ?)")) {
            for (int lec = 1; lec <= 4; lec++) {
                l.setInt(1, lec);
                l.setString(2, "lecture " + lec);
                l.executeUpdate();
                for (int qq = 1; qq <= 5; qq++) {
                    q.setInt(1, lec);
                    q.setInt(2, qq);
                    q.setString(3, "question " + lec + "." + qq);
                    q.executeUpdate();
                }
            }
            for (int user = 1; user <= answersOf.length; user++) {
                u.setString(1, email(user));
                u.setString(2, "apikey-of-" + user);
                u.executeUpdate();
                for (int n = 0; n < answersOf[user - 1]; n++) {
                    a.setString(1, email(user));
                    a.setInt(2, 1 + n / 5);
                    a.setInt(3, 1 + n % 5);
                    a.setString(4, "answer " + n + " of user " + user);
                    a.setTimestamp(5, Timestamp.valueOf(LocalDateTime.of(2026, 3, 1 + n / 5, 1 + n % 5, user, 0)));
                    a.executeUpdate();
                }
            }
        }
        return conn;
    }

    private static void runSchema(Connection conn) throws SQLException {
        String text;
        try (InputStream in = ReviewDb.class.getResourceAsStream("/org/maat/disguise/websubmit/schema.sql")) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Statement st = conn.createStatement()) {
            for (String sql : HrSchema.split(text)) {
                st.execute(sql);
            }
        }
    }

    /** Every row of every table, sorted per table. */
    static Map<String, List<String>> dump(Connection conn) throws SQLException {
        Map<String, List<String>> dump = new TreeMap<>();
        try (Statement st = conn.createStatement()) {
            for (String t : TABLES) {
                List<String> rows = new ArrayList<>();
                try (ResultSet rs = st.executeQuery("SELECT * FROM " + t)) {
                    ResultSetMetaData md = rs.getMetaData();
                    while (rs.next()) {
                        StringBuilder b = new StringBuilder();
                        for (int i = 1; i <= md.getColumnCount(); i++) {
                            Object v = rs.getObject(i);
                            b.append(md.getColumnLabel(i)).append('=')
                                    .append(v instanceof byte[] bytes ? HexFormat.of().formatHex(bytes) : v).append('|');
                        }
                        rows.add(b.toString());
                    }
                }
                Collections.sort(rows);
                dump.put(t, rows);
            }
        }
        return dump;
    }

    static long count(Connection conn, String sql) throws SQLException {
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    static void exec(Connection conn, String sql) throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.execute(sql);
        }
    }

    static boolean tableExists(Connection conn, String table) throws SQLException {
        return count(conn, "SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_NAME = '" + table + "'") > 0;
    }
}
