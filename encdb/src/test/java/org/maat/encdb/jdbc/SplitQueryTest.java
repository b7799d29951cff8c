package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;

/**
 * Queries H2 cannot run whole over the onions run split between H2 and the driver's client H2, with
 * exactly plain H2's answers: the same rows in the same order, the same column labels and types.
 */
class SplitQueryTest {

    @TempDir
    static Path dir;

    private static Connection plain;
    private static Connection enc;

    private static final String[] DDL = {
        "CREATE TABLE DEPT (ID INTEGER PRIMARY KEY, DNAME VARCHAR(20), BUDGET INTEGER)",
        "CREATE TABLE EMP (ID INTEGER PRIMARY KEY, NAME VARCHAR(30), DEPT INTEGER REFERENCES DEPT (ID), "
            + "SALARY NUMERIC(9,2), BONUS NUMERIC(9,2) COMMENT 'maat:onions=eq,ord', HIRED DATE, MGR INTEGER, "
            + "NOTE VARCHAR(20) COMMENT 'maat:plaintext')",
        "CREATE VIEW STAFF AS SELECT E.ID, E.NAME, D.DNAME FROM EMP E JOIN DEPT D ON E.DEPT = D.ID",
    };

    @BeforeAll
    static void load() throws Exception {
        plain = DriverManager.getConnection("jdbc:h2:" + dir.resolve("plain"));
        enc = MaatDriver.connect("jdbc:h2:" + dir.resolve("enc"), KeyFile.createIfAbsent(dir.resolve("key")));
        String[] names = {"Ann", "bob", "Carla", null, "Dan", "Anton", "Eve", "Zed", "Ana Maria", "Bo"};
        for (Connection c : List.of(plain, enc)) {
            try (Statement st = c.createStatement()) {
                for (String d : DDL) {
                    st.execute(d);
                }
            }
            for (int d = 1; d <= 4; d++) {
                JdbcRows.exec(c, "INSERT INTO DEPT VALUES (?, ?, ?)", d, d == 3 ? null : "dept" + d,
                        d == 4 ? null : d * 1000);
            }
            for (int i = 1; i <= 10; i++) {
                JdbcRows.exec(c, "INSERT INTO EMP VALUES (?, ?, ?, ?, ?, ?, ?, ?)", i, names[i - 1],
                        i % 5 == 0 ? null : 1 + i % 3, i == 4 ? null : new BigDecimal(1000 * i + 50).movePointLeft(1),
                        i % 3 == 0 ? null : BigDecimal.valueOf(700 * (i % 4) + 25, 1),
                        Date.valueOf("2021-0" + (1 + i % 9) + "-1" + i % 10), i == 1 ? null : 1 + (i * 7) % 10,
                        "n" + i % 3);
            }
        }
    }

    @AfterAll
    static void close() throws SQLException {
        plain.close();
        enc.close();
    }

    /** Rows with their exact Java values, and the metadata a client sees. */
    private static List<Object> answer(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                ps.setObject(i + 1, params[i]);
            }
            List<Object> out = new ArrayList<>();
            try (ResultSet rs = ps.executeQuery()) {
                ResultSetMetaData md = rs.getMetaData();
                for (int i = 1; i <= md.getColumnCount(); i++) {
                    out.add(md.getColumnLabel(i) + ":" + md.getColumnTypeName(i) + "(" + md.getPrecision(i) + ","
                            + md.getScale(i) + ")");
                }
                while (rs.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= md.getColumnCount(); i++) {
                        row.add(rs.getObject(i));
                    }
                    out.add(row);
                }
            }
            return out;
        }
    }

    private static void same(String sql, Object... params) throws SQLException {
        assertThat(answer(enc, sql, params)).as(sql + " " + Arrays.toString(params))
                .isEqualTo(answer(plain, sql, params));
    }

    @Test
    void countWithLikeOnAnEncryptedColumn() throws SQLException {
        same("SELECT COUNT(*) FROM EMP WHERE NAME LIKE '%an%'");
        same("SELECT DEPT, COUNT(*) FROM EMP WHERE NAME LIKE ? GROUP BY DEPT ORDER BY DEPT", "%a%");
    }

    @Test
    void subqueriesScalarInAndExistsCorrelatedOrNot() throws SQLException {
        same("SELECT NAME FROM EMP WHERE SALARY > (SELECT AVG(SALARY) FROM EMP) ORDER BY NAME");
        same("SELECT NAME FROM EMP WHERE DEPT IN (SELECT ID FROM DEPT WHERE BUDGET > ?) ORDER BY ID", 1500);
        same("SELECT NAME FROM EMP WHERE DEPT NOT IN (SELECT ID FROM DEPT WHERE BUDGET > ?) ORDER BY ID", 1500);
        same("SELECT D.DNAME FROM DEPT D WHERE EXISTS (SELECT 1 FROM EMP E WHERE E.DEPT = D.ID AND E.SALARY > ?) "
                + "ORDER BY 1", new BigDecimal("500"));
        same("SELECT E.NAME, (SELECT COUNT(*) FROM EMP X WHERE X.DEPT = E.DEPT) AS PEERS FROM EMP E ORDER BY E.ID");
        same("SELECT E.ID FROM EMP E WHERE E.SALARY >= ALL (SELECT X.SALARY FROM EMP X WHERE X.DEPT = E.DEPT "
                + "AND X.SALARY IS NOT NULL) ORDER BY E.ID");
    }

    @Test
    void setOperationsAndWith() throws SQLException {
        same("SELECT DEPT FROM EMP UNION SELECT ID FROM DEPT ORDER BY 1");
        same("SELECT DEPT FROM EMP UNION ALL SELECT ID FROM DEPT ORDER BY 1");
        same("SELECT DEPT FROM EMP INTERSECT SELECT ID FROM DEPT ORDER BY 1");
        same("SELECT ID FROM DEPT EXCEPT SELECT DEPT FROM EMP ORDER BY 1");
        same("WITH HIGH AS (SELECT * FROM EMP WHERE SALARY > ?) SELECT DEPT, COUNT(*) FROM HIGH GROUP BY DEPT "
                + "ORDER BY DEPT", new BigDecimal("400"));
    }

    @Test
    void expressionsCaseArithmeticFunctionsAndHaving() throws SQLException {
        same("SELECT ID, CASE WHEN SALARY > 500 THEN 'high' WHEN SALARY IS NULL THEN 'none' ELSE 'low' END AS BAND "
                + "FROM EMP ORDER BY ID");
        same("SELECT ID FROM EMP WHERE SALARY * 12 > ? ORDER BY ID", 6000);
        same("SELECT UPPER(NAME), LENGTH(NAME) FROM EMP WHERE UPPER(NAME) LIKE 'A%' ORDER BY ID");
        same("SELECT DEPT, SUM(SALARY) FROM EMP GROUP BY DEPT HAVING SUM(SALARY) > ? ORDER BY DEPT", 1000);
        same("SELECT ID FROM EMP WHERE SALARY > BONUS * 5 OR BONUS IS NULL ORDER BY ID");
        same("SELECT E.ID FROM EMP E, EMP F WHERE E.SALARY < F.BONUS AND F.ID = 2 ORDER BY E.ID");
        same("SELECT AVG(BONUS), SUM(BONUS), COUNT(BONUS) FROM EMP");
        same("SELECT DEPT, AVG(BONUS) FROM EMP GROUP BY DEPT ORDER BY DEPT NULLS FIRST");
        same("SELECT NAME, SALARY * 2 FROM EMP WHERE LENGTH(NAME) > ? ORDER BY SALARY DESC NULLS LAST, ID LIMIT 3",
                2);
        same("SELECT NAME FROM EMP WHERE LENGTH(NAME) > 2 ORDER BY NAME LIMIT 2 OFFSET 1");
    }

    @Test
    void joinsOuterAndSelf() throws SQLException {
        same("SELECT D.ID, E.ID FROM DEPT D LEFT JOIN EMP E ON E.DEPT = D.ID AND E.SALARY > ? "
                + "WHERE E.NAME IS NULL OR UPPER(E.NAME) LIKE 'B%' ORDER BY D.ID, E.ID", new BigDecimal("300"));
        same("SELECT D.ID, E.ID FROM DEPT D LEFT JOIN EMP E ON E.DEPT = D.ID WHERE E.SALARY IS NULL "
                + "OR LENGTH(E.NAME) = 3 ORDER BY 1, 2");
        same("SELECT E.NAME, M.NAME FROM EMP E JOIN EMP M ON E.MGR = M.ID WHERE M.SALARY > E.SALARY ORDER BY E.ID");
        same("SELECT E.ID, D.DNAME FROM EMP E RIGHT JOIN DEPT D ON E.DEPT = D.ID WHERE UPPER(D.DNAME) <> 'X' "
                + "ORDER BY D.ID, E.ID");
        same("SELECT * FROM STAFF WHERE LOWER(NAME) LIKE '%a%' ORDER BY ID");
        same("SELECT D.ID, E.ID, M.NAME FROM DEPT D LEFT JOIN (EMP E JOIN EMP M ON E.MGR = M.ID) ON E.DEPT = D.ID "
                + "WHERE M.NAME IS NULL OR UPPER(M.NAME) <> 'X' ORDER BY 1, 2");
        same("SELECT ? + 1 AS X", 41);
        // TPC-H's shape: a reduced join, interval arithmetic, EXTRACT, SUBSTRING, grouped revenue, top rows.
        same("SELECT E.DEPT, SUM(E.SALARY * (1 - E.BONUS / 1000)) AS REV, EXTRACT(YEAR FROM E.HIRED) AS Y "
                + "FROM EMP E JOIN DEPT D ON E.DEPT = D.ID WHERE D.BUDGET < ? "
                + "AND E.HIRED < DATE '2021-09-01' - INTERVAL '10' DAY AND SUBSTRING(E.NAME FROM 1 FOR 1) <> 'Z' "
                + "GROUP BY E.DEPT, EXTRACT(YEAR FROM E.HIRED) ORDER BY REV DESC NULLS LAST, 1 LIMIT 3", 3000);
        same("VALUES (1, 'a'), (2, NULL)");
    }

    @Test
    void nullsAndParametersInBothParts() throws SQLException {
        same("SELECT ID, NAME FROM EMP WHERE DEPT = ? AND LENGTH(NAME) > ? ORDER BY ID", 2, 2);
        same("SELECT ID FROM EMP WHERE HIRED > ? AND COALESCE(SALARY, 0) + COALESCE(BONUS, 0) > ? ORDER BY ID",
                Date.valueOf("2021-03-01"), 300);
        same("SELECT COUNT(*), COUNT(SALARY), MIN(NAME), MAX(BONUS) FROM EMP WHERE NAME IS NULL OR SALARY IS NULL "
                + "OR UPPER(NAME) = 'EVE'");
        same("SELECT ID, NOTE FROM EMP WHERE NOTE = ? AND ABS(SALARY) > 100 ORDER BY ID", "n1");
    }

    @Test
    void pushedFilterShipsFewerRowsThanTheTable() throws SQLException {
        ShippingStats stats = enc.unwrap(MaatConnection.class).shippingStats();
        stats.reset();
        answer(enc, "SELECT ID FROM EMP WHERE UPPER(NAME) LIKE '%A%'");
        long whole = stats.rows();
        stats.reset();
        answer(enc, "SELECT ID FROM EMP WHERE UPPER(NAME) LIKE '%A%' AND DEPT = ?", 2);
        long pushed = stats.rows();
        assertThat(whole).isEqualTo(10);
        assertThat(pushed).isEqualTo(3).isLessThan(whole);
        same("SELECT ID FROM EMP WHERE UPPER(NAME) LIKE '%A%' AND DEPT = ? ORDER BY ID", 2);
    }

    @Test
    void aReducerJoinShipsOnlyTheRowsAnotherTablesConditionsKeep() throws SQLException {
        String sql = "SELECT E.NAME FROM EMP E JOIN DEPT D ON E.DEPT = D.ID WHERE D.DNAME = ? "
                + "AND UPPER(E.NAME) LIKE '%A%' ORDER BY E.ID";
        ShippingStats stats = enc.unwrap(MaatConnection.class).shippingStats();
        stats.reset();
        same(sql, "dept2");
        // DEPT ships its one row named dept2; EMP only its 3 rows in that department (of 10).
        assertThat(stats.rows()).isEqualTo(4);
        List<String> plan = new ArrayList<>();
        try (PreparedStatement ps = enc.prepareStatement("EXPLAIN " + sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                plan.add(rs.getString(1));
            }
        }
        assertThat(plan).anyMatch(l -> l.startsWith("H2 scan 1: EMP") && l.contains("est."));
        assertThat(plan).anyMatch(l -> l.contains("joined with DEPT on DEPT = DEPT.ID"));
    }

    @Test
    void noPlaintextConstantReachesH2AndTheClientKeepsNothing() throws SQLException {
        try (Connection server = DriverManager.getConnection("jdbc:h2:" + dir.resolve("enc"));
                Statement st = server.createStatement()) {
            st.execute("SET QUERY_STATISTICS TRUE");
            answer(enc, "SELECT ID FROM EMP WHERE NAME = 'Quintessa' AND SALARY = 4321.5 AND UPPER(NAME) LIKE 'Q%'");
            answer(enc, "SELECT ID FROM EMP WHERE NAME = ? AND LENGTH(NAME) > 1 UNION SELECT 1 FROM DEPT "
                    + "WHERE DNAME = 'Quintessa'", "Quintessa");
            List<String> seen = new ArrayList<>();
            try (ResultSet rs = st.executeQuery("SELECT SQL_STATEMENT FROM INFORMATION_SCHEMA.QUERY_STATISTICS")) {
                while (rs.next()) {
                    seen.add(rs.getString(1));
                }
            }
            st.execute("SET QUERY_STATISTICS FALSE");
            assertThat(seen).anyMatch(s -> s.contains("_EQ"));
            assertThat(seen).noneMatch(s -> s.contains("Quintessa") || s.contains("4321"));
        }
        assertThat(enc.unwrap(MaatConnection.class).executor().clientEngine().residue()).isEmpty();
    }

    @Test
    void existsWithStarShipsOnlyTheColumnsTheStatementNames() throws SQLException {
        String sql = "SELECT D.DNAME FROM DEPT D WHERE EXISTS (SELECT * FROM EMP E WHERE E.DEPT = D.ID "
                + "AND UPPER(E.NAME) LIKE '%A%') ORDER BY D.ID";
        same(sql);
        same("SELECT D.DNAME FROM DEPT D WHERE NOT EXISTS (SELECT * FROM EMP E WHERE E.DEPT = D.ID "
                + "AND E.SALARY * 2 > 900) ORDER BY D.ID");
        List<String> plan = new ArrayList<>();
        try (PreparedStatement ps = enc.prepareStatement("EXPLAIN " + sql); ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                plan.add(rs.getString(1));
            }
        }
        String empScan = plan.stream().filter(l -> l.contains(": EMP")).findFirst().orElseThrow();
        assertThat(empScan).contains("NAME").contains("DEPT").doesNotContain("SALARY").doesNotContain("HIRED");
    }

    @Test
    void anOrWhoseEveryBranchFiltersATableFiltersItsScan() throws SQLException {
        String sql = "SELECT E.ID FROM EMP E, DEPT D WHERE E.DEPT = D.ID AND ((E.MGR = ? AND D.BUDGET > ?) "
                + "OR (E.MGR = ? AND D.DNAME = ?)) AND UPPER(E.NAME) <> 'X' ORDER BY E.ID";
        Object[] params = {8, 500, 5, "dept2"};
        ShippingStats stats = enc.unwrap(MaatConnection.class).shippingStats();
        stats.reset();
        same(sql, params);
        // EMP ships only its rows with MGR 8 or 5 (the OR of each branch's own part), not all 10.
        long withOr = stats.rows();
        stats.reset();
        answer(enc, "SELECT E.ID FROM EMP E, DEPT D WHERE E.DEPT = D.ID AND UPPER(E.NAME) <> 'X'");
        assertThat(withOr).isLessThan(stats.rows());
        same(sql, 1, 0, 2, null);
    }

    @Test
    void rowIdOfAnEncryptedTableIsThePhysicalOneWhenAskedSoAndRefusedOtherwise() throws SQLException {
        String sql = "SELECT T._ROWID_, T.ID, UPPER(T.NAME) FROM EMP T WHERE LENGTH(T.NAME) > 3 ORDER BY T.ID";
        // EMP's row id in plain H2 is its integer key ID, which is encrypted here: refused, not answered otherwise.
        try (Statement st = enc.createStatement()) {
            assertThatThrownBy(() -> st.executeQuery(sql)).isInstanceOf(SQLFeatureNotSupportedException.class)
                    .hasMessageContaining("_ROWID_ of EMP");
        }
        List<Long> driver = new ArrayList<>();
        try (Statement st = enc.createStatement();
                ResultSet rs = st.executeQuery(org.maat.encdb.rewrite.RowSource.PHYSICAL_ROW_IDS + sql)) {
            while (rs.next()) {
                driver.add(rs.getLong(1));
            }
        }
        List<Long> physical = new ArrayList<>();
        try (Connection server = DriverManager.getConnection("jdbc:h2:" + dir.resolve("enc"));
                Statement st = server.createStatement();
                ResultSet rs = st.executeQuery("SELECT _ROWID_ FROM EMP ORDER BY _ROWID_")) {
            while (rs.next()) {
                physical.add(rs.getLong(1));
            }
        }
        assertThat(driver).hasSize(3).isSubsetOf(physical); // Carla, Anton, Ana Maria
    }

    @Test
    void explainShowsTheSplit() throws SQLException {
        List<String> lines = new ArrayList<>();
        try (PreparedStatement ps = enc.prepareStatement("EXPLAIN SELECT COUNT(*) FROM EMP WHERE NAME LIKE ? "
                + "AND DEPT = ?"); ResultSet rs = ps.executeQuery()) {
            assertThat(rs.getMetaData().getColumnLabel(1)).isEqualTo("PLAN");
            while (rs.next()) {
                lines.add(rs.getString(1));
            }
        }
        assertThat(lines.get(0)).startsWith("strategy: split").contains("LIKE together with GROUP BY or aggregates");
        assertThat(lines).anyMatch(l -> l.startsWith("H2 scan 1: EMP cols NAME, DEPT"));
        assertThat(lines).anyMatch(l -> l.contains("pushed: (NAME LIKE ?) AND (DEPT = ?)"));
        assertThat(lines).anyMatch(l -> l.startsWith("client: load 1 table, run: SELECT COUNT(*)"));
        List<String> whole = new ArrayList<>();
        try (Statement st = enc.createStatement(); ResultSet rs = st.executeQuery("EXPLAIN SELECT ID FROM EMP "
                + "WHERE SALARY > 10")) {
            while (rs.next()) {
                whole.add(rs.getString(1));
            }
        }
        assertThat(whole.get(0)).isEqualTo("strategy: H2");
        assertThat(whole).anyMatch(l -> l.contains("column EMP.SALARY: EQ="));
    }

    @Test
    void refusedOnlyWhereNoSplitIsCorrect() {
        assertThatThrownBy(() -> answer(enc, "SELECT ID FROM EMP WHERE UPPER(NAME) = 'ANN' FOR UPDATE"))
                .isInstanceOf(SQLFeatureNotSupportedException.class).hasMessageContaining("FOR UPDATE");
        assertThatThrownBy(() -> answer(enc, "SELECT ID, SESSION_ID() FROM EMP WHERE UPPER(NAME) = 'ANN'"))
                .isInstanceOf(SQLFeatureNotSupportedException.class).hasMessageContaining("SESSION_ID");
    }
}
