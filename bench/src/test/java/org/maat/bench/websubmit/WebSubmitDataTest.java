package org.maat.bench.websubmit;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The WebSubmit generator and loader: Edna's counts, and the same rows for the same seed. */
class WebSubmitDataTest {

    private static final AtomicInteger DATABASES = new AtomicInteger();

    @Test
    void loadsOneAnswerPerUserAndQuestionInTheSampleSchema() throws SQLException {
        WebSubmitData data = new WebSubmitData(7, 30, 5, 4);
        try (Connection conn = memoryDatabase()) {
            long rows = new WebSubmitLoader(64).load(conn, data);
            assertThat(rows).isEqualTo(30 + 5 + 5 * 4 + 30 * 5 * 4);
            assertThat(count(conn, "SELECT COUNT(*) FROM USERS")).isEqualTo(30);
            assertThat(count(conn, "SELECT COUNT(*) FROM LECTURES")).isEqualTo(5);
            assertThat(count(conn, "SELECT COUNT(*) FROM QUESTIONS")).isEqualTo(20);
            assertThat(count(conn, "SELECT COUNT(*) FROM ANSWERS")).isEqualTo(600);
            assertThat(count(conn, "SELECT COUNT(DISTINCT EMAIL) FROM ANSWERS")).isEqualTo(30);
            assertThat(count(conn, "SELECT MAX(C) FROM (SELECT COUNT(*) C FROM ANSWERS GROUP BY EMAIL)"))
                    .isEqualTo(data.answersPerUser());
            assertThat(count(conn, "SELECT COUNT(*) FROM ANSWERS WHERE EMAIL = '" + data.email(29) + "'"))
                    .isEqualTo(20);
        }
    }

    @Test
    void ednasCourseHas160kAnswers() {
        WebSubmitData edna = new WebSubmitData(1, 2000, 20, 4);
        assertThat(edna.answerCount()).isEqualTo(160_000);
        assertThat(edna.answersPerUser()).isEqualTo(80);
    }

    @Test
    void theSameSeedLoadsTheSameDatabaseAndAnotherSeedAnotherOne() throws Exception {
        String first = loadedDigest(11);
        assertThat(loadedDigest(11)).isEqualTo(first);
        assertThat(loadedDigest(12)).isNotEqualTo(first);
    }

    @Test
    void aRowDependsOnlyOnItsCoordinatesNotOnGenerationOrder() {
        WebSubmitData data = new WebSubmitData(3, 10, 3, 2);
        List<Object[]> streamed = new ArrayList<>();
        data.answerRows().forEachRemaining(streamed::add);
        assertThat(streamed).hasSize(60);
        // user 7, lecture 2, question 1: row 7 * 6 + (2 - 1) * 2 + (1 - 1)
        assertThat(streamed.get(7 * 6 + 2)).containsExactly(data.answer(7, 2, 1));
        assertThat(new WebSubmitData(3, 10, 3, 2).user(4)).containsExactly(data.user(4));
        assertThat(Arrays.asList(data.user(4))).isNotEqualTo(Arrays.asList(data.user(5)));
    }

    private static String loadedDigest(long seed) throws Exception {
        try (Connection conn = memoryDatabase()) {
            new WebSubmitLoader(50).load(conn, new WebSubmitData(seed, 12, 3, 3));
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (String sql : List.of("SELECT * FROM USERS ORDER BY EMAIL", "SELECT * FROM QUESTIONS ORDER BY LEC, Q",
                    "SELECT * FROM ANSWERS ORDER BY EMAIL, LEC, Q")) {
                try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql)) {
                    int columns = rs.getMetaData().getColumnCount();
                    while (rs.next()) {
                        for (int c = 1; c <= columns; c++) {
                            md.update(String.valueOf(rs.getObject(c)).getBytes(java.nio.charset.StandardCharsets.UTF_8));
                            md.update((byte) 0);
                        }
                    }
                }
            }
            return HexFormat.of().formatHex(md.digest());
        }
    }

    private static Connection memoryDatabase() throws SQLException {
        return DriverManager.getConnection("jdbc:h2:mem:websubmit-" + DATABASES.incrementAndGet());
    }

    private static long count(Connection conn, String sql) throws SQLException {
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }
}
