package org.maat.encdb.review;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Date;
import java.sql.SQLException;
import java.sql.Timestamp;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Promise 1 of the split: a query H2 cannot run whole over the onions answers exactly as plain H2 does.
 * Each query is forced into the split by a condition the onions cannot evaluate ({@code UPPER(NAME) <> 'X'}).
 */
class SplitAnswersTest {

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE DEPT (ID INTEGER PRIMARY KEY, DNAME VARCHAR(20), BUDGET INTEGER)",
                "CREATE TABLE EMP (ID INTEGER PRIMARY KEY, NAME VARCHAR(30), DEPT INTEGER, SALARY NUMERIC(9,2), "
                        + "HIRED DATE, MGR INTEGER, CODE CHAR(5), RATE DOUBLE, ACTIVE BOOLEAN, "
                        + "NOTE VARCHAR(20) COMMENT 'maat:plaintext')");
        for (int d = 1; d <= 3; d++) {
            db.bothWith("INSERT INTO DEPT VALUES (?, ?, ?)", d, "dept" + d, d == 3 ? null : d * 1000);
        }
        String[] names = {"Ann", "bob", "Carla", "Dan", "Anton", "Eve", "Zed", "Bo"};
        for (int i = 1; i <= names.length; i++) {
            db.bothWith("INSERT INTO EMP VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", i, names[i - 1],
                    i % 4 == 0 ? null : 1 + i % 3, new BigDecimal(100 * i + 5).movePointLeft(1),
                    Date.valueOf("2021-03-0" + (1 + i % 3)), i == 1 ? null : 1 + i % 3, "c" + i % 2,
                    i * 0.5, i % 2 == 0, "n" + i % 3);
        }
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    @Test
    void columnNamedOnlyInOrderByIsShipped() throws SQLException {
        db.same("SELECT ID FROM EMP WHERE UPPER(NAME) <> 'X' ORDER BY HIRED DESC, ID");
    }

    @Test
    void columnNamedOnlyInGroupByIsShipped() throws SQLException {
        db.same("SELECT COUNT(*) FROM EMP WHERE UPPER(NAME) <> 'X' GROUP BY MGR ORDER BY 1");
    }

    @Test
    void columnsNamedOnlyInAWindowAreShipped() throws SQLException {
        db.same("SELECT ID, ROW_NUMBER() OVER (PARTITION BY MGR ORDER BY HIRED DESC, ID) FROM EMP "
                + "WHERE UPPER(NAME) <> 'X' ORDER BY ID");
    }

    @Test
    void columnNamedOnlyInExtractIsShipped() throws SQLException {
        db.same("SELECT ID, EXTRACT(YEAR FROM HIRED) FROM EMP WHERE UPPER(NAME) <> 'X' ORDER BY ID");
    }

    @Test
    void columnNamedOnlyInTrimIsShipped() throws SQLException {
        db.same("SELECT ID, TRIM(BOTH 'c' FROM CODE) FROM EMP WHERE UPPER(NAME) <> 'X' ORDER BY ID");
    }

    @Test
    void columnNamedOnlyInSubstringFromIsShipped() throws SQLException {
        db.same("SELECT ID, SUBSTRING(NOTE FROM 2) FROM EMP WHERE UPPER(NAME) <> 'X' ORDER BY ID");
    }

    @Test
    void columnNamedOnlyInPositionOrCastIsShipped() throws SQLException {
        db.same("SELECT ID, POSITION('1' IN CODE), CAST(SALARY AS INTEGER) FROM EMP WHERE UPPER(NAME) <> 'X' ORDER BY ID");
    }

    @Test
    void columnNamedOnlyInAnIntervalOrDateArithmeticIsShipped() throws SQLException {
        db.same("SELECT ID, DATEADD(DAY, DEPT, HIRED), HIRED + INTERVAL '1' DAY FROM EMP WHERE UPPER(NAME) <> 'X' "
                + "ORDER BY ID");
    }

    @Test
    void columnNamedOnlyInAnAggregateFilterIsShipped() throws SQLException {
        db.same("SELECT COUNT(*) FILTER (WHERE ACTIVE), SUM(ID) FILTER (WHERE RATE > 1) FROM EMP WHERE UPPER(NAME) <> 'X'");
    }

    @Test
    void columnNamedOnlyInAnAggregateOrderIsShipped() throws SQLException {
        db.same("SELECT LISTAGG(NAME, ',') WITHIN GROUP (ORDER BY HIRED, ID) FROM EMP WHERE UPPER(NAME) <> 'X'");
    }

    @Test
    void charColumnKeepsItsPaddingOnTheClient() throws SQLException {
        db.same("SELECT ID, CODE, CODE || '|', LENGTH(CODE) FROM EMP WHERE UPPER(NAME) <> 'X' ORDER BY ID");
        db.same("SELECT ID FROM EMP WHERE CODE = 'c1' AND UPPER(NAME) <> 'X' ORDER BY ID");
    }

    @Test
    void doubleAndBooleanColumnsOnTheClient() throws SQLException {
        db.same("SELECT ID, RATE * 3, RATE / 0.1, ACTIVE, NOT ACTIVE FROM EMP WHERE UPPER(NAME) <> 'X' ORDER BY ID");
        db.same("SELECT ID FROM EMP WHERE ACTIVE AND UPPER(NAME) <> 'X' ORDER BY ID");
        db.same("SELECT ID FROM EMP WHERE RATE = ? AND UPPER(NAME) <> 'X' ORDER BY ID", new BigDecimal("1.5"));
    }

    @Test
    void dateColumnComparedWithATimestampBeforeNoonKeepsTheDay() throws SQLException {
        // H2 compares a DATE with a TIMESTAMP as timestamps: 2021-03-02 < 2021-03-02 12:00 is true.
        db.same("SELECT ID FROM EMP WHERE HIRED < TIMESTAMP '2021-03-02 12:00:00' AND UPPER(NAME) <> 'X' ORDER BY ID");
        db.same("SELECT ID FROM EMP WHERE HIRED < ? AND UPPER(NAME) <> 'X' ORDER BY ID",
                Timestamp.valueOf("2021-03-02 12:00:00"));
    }

    @Test
    void dateColumnComparedWithATimestampWholeInH2() throws SQLException {
        db.same("SELECT ID FROM EMP WHERE HIRED < TIMESTAMP '2021-03-02 12:00:00' ORDER BY ID");
    }

    @Test
    void dateColumnEqualToATimestampWithATimeMatchesNothing() throws SQLException {
        db.same("SELECT ID FROM EMP WHERE HIRED = TIMESTAMP '2021-03-02 12:00:00' AND UPPER(NAME) <> 'X' ORDER BY ID");
    }

    @Test
    void integerColumnEqualToAFractionMatchesNothing() throws SQLException {
        db.same("SELECT ID FROM EMP WHERE DEPT = 1.5 AND UPPER(NAME) <> 'X' ORDER BY ID");
        db.same("SELECT ID FROM EMP WHERE DEPT IN (?, ?) AND UPPER(NAME) <> 'X' ORDER BY ID", 1.5, 2);
    }

    @Test
    void numericColumnComparedWithMoreDecimalsThanItsScale() throws SQLException {
        db.same("SELECT ID FROM EMP WHERE SALARY < 30.54 AND UPPER(NAME) <> 'X' ORDER BY ID");
        db.same("SELECT ID FROM EMP WHERE SALARY >= ? AND UPPER(NAME) <> 'X' ORDER BY ID", new BigDecimal("30.501"));
    }

    @Test
    void parameterAfterALimitParameterIsBoundToItsOwnValue() throws SQLException {
        db.same("SELECT ID FROM EMP WHERE DEPT IN (SELECT ID FROM DEPT ORDER BY ID LIMIT ?) AND SALARY > ? ORDER BY ID",
                2, new BigDecimal("20"));
        db.same("SELECT ID FROM EMP WHERE DEPT IN (SELECT ID FROM DEPT ORDER BY ID OFFSET ? ROWS) AND SALARY > ? "
                + "ORDER BY ID", 1, new BigDecimal("20"));
    }

    @Test
    void questionMarkInACommentIsNoParameter() throws SQLException {
        db.same("SELECT ID FROM EMP WHERE UPPER(NAME) <> ? -- which names?\nORDER BY ID", "X");
        db.same("SELECT ID /* any? */ FROM EMP WHERE UPPER(NAME) <> ? ORDER BY ID", "X");
    }

    @Test
    void selfJoinUnderTwoAliasesWithDifferentFilters() throws SQLException {
        db.same("SELECT A.ID, B.ID FROM EMP A JOIN EMP B ON A.MGR = B.DEPT WHERE A.DEPT = ? AND B.ID = ? "
                + "AND UPPER(A.NAME) <> 'X' ORDER BY 1, 2", 2, 3);
    }

    @Test
    void whereConjunctOnTheNullableSideOfOuterJoinsIsNotPushed() throws SQLException {
        db.same("SELECT D.ID, E.ID FROM EMP E RIGHT JOIN DEPT D ON E.DEPT = D.ID AND E.SALARY > 30 "
                + "WHERE UPPER(D.DNAME) <> 'X' ORDER BY 1, 2");
        db.same("SELECT D.ID, E.ID FROM DEPT D LEFT JOIN EMP E ON E.DEPT = D.ID AND D.BUDGET = 1000 "
                + "WHERE UPPER(D.DNAME) <> 'X' ORDER BY 1, 2");
    }

    @Test
    void parenthesizedNestedJoin() throws SQLException {
        db.same("SELECT D.ID, E.ID, M.ID FROM DEPT D LEFT JOIN (EMP E JOIN EMP M ON E.MGR = M.ID) ON E.DEPT = D.ID "
                + "WHERE UPPER(D.DNAME) <> 'X' ORDER BY 1, 2, 3");
    }

    @Test
    void correlatedSubqueryWithAnInnerColumnOfTheOuterName() throws SQLException {
        db.same("SELECT D.ID FROM DEPT D WHERE EXISTS (SELECT 1 FROM EMP WHERE DEPT = D.ID AND ID = ? "
                + "AND UPPER(NAME) <> 'X') ORDER BY 1", 3);
        db.same("SELECT ID FROM DEPT WHERE 1 < (SELECT COUNT(*) FROM EMP E WHERE E.DEPT = DEPT.ID AND BUDGET > 1500 "
                + "AND UPPER(E.NAME) <> 'X') ORDER BY 1");
    }

    @Test
    void notInWithANullAmongTheValues() throws SQLException {
        db.same("SELECT ID FROM EMP WHERE DEPT NOT IN (1, NULL) AND UPPER(NAME) <> 'X' ORDER BY ID");
        db.same("SELECT ID FROM EMP WHERE DEPT NOT IN (?, ?) AND UPPER(NAME) <> 'X' ORDER BY ID", 1, null);
        db.same("SELECT ID FROM EMP WHERE DEPT NOT IN (SELECT BUDGET / 1000 FROM DEPT) ORDER BY ID");
    }

    @Test
    void aggregatesOverEmptyInput() throws SQLException {
        db.same("SELECT COUNT(*), SUM(SALARY), AVG(SALARY), MAX(NAME), SUM(RATE), BOOL_AND(ACTIVE) FROM EMP "
                + "WHERE UPPER(NAME) = 'NOBODY'");
    }

    @Test
    void distinctAndOrderWithTiesAndOffset() throws SQLException {
        db.same("SELECT DISTINCT DEPT, ACTIVE FROM EMP WHERE UPPER(NAME) <> 'X' ORDER BY DEPT NULLS LAST, ACTIVE");
        db.same("SELECT HIRED, ID FROM EMP WHERE UPPER(NAME) <> 'X' ORDER BY HIRED, ID LIMIT 3 OFFSET 2");
    }

    @Test
    void plaintextColumnBesideEncryptedOnes() throws SQLException {
        db.same("SELECT NOTE, COUNT(*), SUM(SALARY) FROM EMP WHERE NOTE LIKE 'n%' AND UPPER(NAME) <> 'X' "
                + "GROUP BY NOTE ORDER BY NOTE");
    }

    @Test
    void integerArithmeticOnTheClient() throws SQLException {
        db.same("SELECT ID, DEPT / 2, ID * 2147483647 / 2147483647 FROM EMP WHERE UPPER(NAME) <> 'X' AND ID = 1");
    }
}
