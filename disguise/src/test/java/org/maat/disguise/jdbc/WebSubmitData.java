package org.maat.disguise.jdbc;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.maat.erp.HrSchema;

/** The WebSubmit sample schema with a small population, and whole-database dumps to compare states. */
final class WebSubmitData {

    static final int LECTURES = 4;
    static final int QUESTIONS = 5;

    private WebSubmitData() {
    }

    static String email(int user) {
        return "user" + user + "@example.org";
    }

    static String answer(int user, int lec, int q) {
        return "answer of user " + user + " to " + lec + "." + q + " zq" + (user * 7919 + lec * 31 + q);
    }

    /** Creates the schema and {@code users} users, each answering every question. */
    static void load(Connection conn, int users) throws SQLException {
        runScript(conn, "/org/maat/disguise/websubmit/schema.sql");
        boolean auto = conn.getAutoCommit();
        conn.setAutoCommit(false);
        try (PreparedStatement u = conn.prepareStatement("INSERT INTO USERS (EMAIL, APIKEY, IS_ADMIN, IS_ANON) VALUES (?, ?, ?, ?)");
             PreparedStatement l = conn.prepareStatement("INSERT INTO LECTURES (ID, LABEL) VALUES (?, ?)");
             PreparedStatement q = conn.prepareStatement("INSERT INTO QUESTIONS (LEC, Q, QUESTION) VALUES (?, ?, ?)");
             PreparedStatement a = conn.prepareStatement(
                     "INSERT INTO ANSWERS (EMAIL, LEC, Q, ANSWER, SUBMITTED_AT) VALUES (?, ?, ?, ?, ?)")) {
            for (int lec = 1; lec <= LECTURES; lec++) {
                l.setInt(1, lec);
                l.setString(2, "lecture " + lec);
                l.executeUpdate();
                for (int qq = 1; qq <= QUESTIONS; qq++) {
                    q.setInt(1, lec);
                    q.setInt(2, qq);
                    q.setString(3, "question " + lec + "." + qq);
                    q.executeUpdate();
                }
            }
            for (int user = 1; user <= users; user++) {
                u.setString(1, email(user));
                u.setString(2, "key" + user);
                u.setInt(3, user == 1 ? 1 : 0);
                u.setInt(4, 0);
                u.addBatch();
                for (int lec = 1; lec <= LECTURES; lec++) {
                    for (int qq = 1; qq <= QUESTIONS; qq++) {
                        a.setString(1, email(user));
                        a.setInt(2, lec);
                        a.setInt(3, qq);
                        a.setString(4, answer(user, lec, qq));
                        a.setTimestamp(5, Timestamp.valueOf(LocalDateTime.of(2026, 3, lec, qq, user % 60, 7, 123456789)));
                        a.addBatch();
                    }
                }
            }
            u.executeBatch();
            a.executeBatch();
            conn.commit();
        } finally {
            conn.setAutoCommit(auto);
        }
    }

    static void runScript(Connection conn, String resource) throws SQLException {
        String text;
        try (InputStream in = WebSubmitData.class.getResourceAsStream(resource)) {
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

    /** Every row of every table, as sorted text lines per table: two equal dumps are equal databases. */
    static Map<String, List<String>> dump(Connection conn, String... tables) throws SQLException {
        Map<String, List<String>> dump = new TreeMap<>();
        try (Statement st = conn.createStatement()) {
            for (String t : tables) {
                List<String> rows = new ArrayList<>();
                try (ResultSet rs = st.executeQuery("SELECT * FROM " + t)) {
                    ResultSetMetaData md = rs.getMetaData();
                    while (rs.next()) {
                        StringBuilder b = new StringBuilder();
                        for (int i = 1; i <= md.getColumnCount(); i++) {
                            Object v = rs.getObject(i);
                            b.append(md.getColumnLabel(i)).append('=')
                                    .append(v instanceof byte[] bytes ? java.util.HexFormat.of().formatHex(bytes) : v)
                                    .append('|');
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

    static Map<String, List<String>> dumpAll(Connection conn) throws SQLException {
        return dump(conn, "USERS", "LECTURES", "QUESTIONS", "ANSWERS", "MAAT_DISGUISE_BAGS", "MAAT_DISGUISE_PRINCIPALS");
    }
}
