package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Promise 2: no plaintext value of an encrypted column reaches the server H2, neither in the SQL the split
 * runs there nor in what it leaves in the database.
 */
class SplitPrivacyTest {

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE EMP (ID INTEGER PRIMARY KEY, NAME VARCHAR(30), SALARY NUMERIC(9,2), "
                + "NOTE VARCHAR(20) COMMENT 'maat:plaintext')");
        db.both("INSERT INTO EMP VALUES (1, 'Carla', 1234.5, 'n1'), (2, 'Bob', 99.0, 'n2')");
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    /** The SQL the server H2 ran while {@code queries} ran through the driver (errors of the driver ignored). */
    private static List<String> serverSqlOf(String... queries) throws SQLException {
        try (Connection server = db.server(); Statement st = server.createStatement()) {
            st.execute("SET QUERY_STATISTICS TRUE");
            for (String q : queries) {
                try (Statement app = db.enc.createStatement(); ResultSet rs = app.executeQuery(q)) {
                    while (rs.next()) {
                        rs.getObject(1);
                    }
                } catch (SQLException refusedOrFailed) {
                    // only what reached H2 matters here
                }
            }
            List<String> seen = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT SQL_STATEMENT FROM INFORMATION_SCHEMA.QUERY_STATISTICS")) {
                while (rs.next()) {
                    seen.add(rs.getString(1));
                }
            }
            st.execute("SET QUERY_STATISTICS FALSE");
            return seen;
        }
    }

    @Test
    void constantsUnderFunctionsCastsAndOrNeverReachH2() throws SQLException {
        List<String> seen = serverSqlOf(
                "SELECT ID FROM EMP WHERE NAME = LOWER('QUINTESSA') AND UPPER(NAME) <> 'X'",
                "SELECT ID FROM EMP WHERE NAME = CONCAT('Quin', 'tessa') AND UPPER(NAME) <> 'X'",
                "SELECT ID FROM EMP WHERE NAME = CAST('Quintessa' AS VARCHAR(20)) AND UPPER(NAME) <> 'X'",
                "SELECT ID FROM EMP WHERE NAME = 'Quin' || 'tessa' AND UPPER(NAME) <> 'X'",
                "SELECT ID FROM EMP WHERE COALESCE(NAME, 'Quintessa') = 'Quintessa' AND UPPER(NAME) <> 'X'",
                "SELECT ID FROM EMP WHERE (NOTE = 'n1' OR NAME = 'Quintessa') AND UPPER(NAME) <> 'X'",
                "SELECT ID FROM EMP WHERE NOT (NAME = 'Quintessa') AND UPPER(NAME) <> 'X'",
                "SELECT ID FROM EMP WHERE NAME IN ('Quintessa', 'Bob') AND UPPER(NAME) <> 'X'",
                "SELECT ID FROM EMP WHERE NAME > 'Quintessa' AND UPPER(NAME) <> 'X'",
                "SELECT ID FROM EMP WHERE NAME = NOTE AND UPPER(NAME) <> 'X'",
                "SELECT ID FROM EMP WHERE SALARY = 4321.5 + 0 AND UPPER(NAME) <> 'X'",
                "SELECT ID FROM EMP WHERE SALARY BETWEEN 4321.5 AND 4322 AND UPPER(NAME) <> 'X'",
                "SELECT ID FROM EMP WHERE CASE WHEN NAME = 'Quintessa' THEN 1 ELSE 0 END = 1",
                "SELECT ID FROM EMP WHERE NAME LIKE 'Quintessa%' AND LENGTH(NAME) > 1",
                "SELECT COUNT(*) FROM EMP WHERE NAME IS NOT DISTINCT FROM 'Quintessa'",
                "SELECT ID FROM EMP WHERE NAME = ANY (SELECT 'Quintessa' FROM EMP)");
        assertThat(seen).isNotEmpty();
        assertThat(seen).noneMatch(s -> s.toUpperCase().contains("QUIN") || s.contains("4321"));
    }

    @Test
    void nothingDecryptedIsLeftInTheServerDatabase() throws SQLException {
        serverSqlOf("SELECT NAME, COUNT(*) FROM EMP WHERE UPPER(NAME) <> 'X' GROUP BY NAME",
                "SELECT E.NAME FROM EMP E WHERE E.SALARY > (SELECT AVG(SALARY) FROM EMP)",
                "SELECT NAME FROM EMP UNION SELECT NOTE FROM EMP");
        StringBuilder script = new StringBuilder();
        try (Connection server = db.server(); Statement st = server.createStatement();
                ResultSet rs = st.executeQuery("SCRIPT")) {
            while (rs.next()) {
                script.append(rs.getString(1)).append('\n');
            }
        }
        assertThat(script.toString()).doesNotContain("Carla").doesNotContain("1234.5");
    }
}
