package org.maat.encdb.review;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Promise 1, types and metadata: the split's client H2 holds the rows with the types plain H2 gives the
 * columns, and the application sees plain H2's ResultSetMetaData.
 */
class SplitTypesAndMetaDataTest {

    @TempDir
    static Path dir;
    private static Pair db;

    @BeforeAll
    static void load() throws Exception {
        db = new Pair(dir);
        db.both("CREATE TABLE T (ID INTEGER PRIMARY KEY, NAME VARCHAR(20) NOT NULL, TS TIMESTAMP(3), T0 TIMESTAMP(0), "
                        + "BODY TEXT, F FLOAT(10), PTS TIMESTAMP(3) COMMENT 'maat:plaintext', "
                        + "PNN INTEGER NOT NULL COMMENT 'maat:plaintext')",
                "CREATE TABLE K (ID INTEGER, KIND ENUM('small', 'large') COMMENT 'maat:plaintext', "
                        + "NAME VARCHAR(20))");
        Timestamp ts = Timestamp.valueOf("2021-05-06 07:08:09.123456789");
        for (int i = 1; i <= 3; i++) {
            db.bothWith("INSERT INTO T VALUES (?, ?, ?, ?, ?, ?, ?, ?)", i, "name" + i, ts, ts, "body" + i, 0.1 * i, ts, i);
            db.bothWith("INSERT INTO K VALUES (?, ?, ?)", i, i % 2 == 0 ? "small" : "large", "k" + i);
        }
    }

    @AfterAll
    static void close() throws SQLException {
        db.close();
    }

    private static List<String> nullability(Connection c, String sql) throws SQLException {
        List<String> out = new ArrayList<>();
        try (PreparedStatement ps = c.prepareStatement(sql); ResultSet rs = ps.executeQuery()) {
            ResultSetMetaData md = rs.getMetaData();
            for (int i = 1; i <= md.getColumnCount(); i++) {
                out.add(md.getColumnLabel(i) + " nullable=" + md.isNullable(i) + " class=" + md.getColumnClassName(i)
                        + " table=" + md.getTableName(i));
            }
        }
        return out;
    }

    @Test
    void notNullAndPrimaryKeyColumnsAreReportedNotNullable() throws SQLException {
        String sql = "SELECT ID, NAME, PNN FROM T WHERE UPPER(NAME) <> 'X' ORDER BY ID";
        assertThat(nullability(db.enc, sql)).isEqualTo(nullability(db.plain, sql));
    }

    @Test
    void timestampWithFractionalPrecisionIsRoundedAsH2Does() throws SQLException {
        db.same("SELECT ID, TS, T0 FROM T ORDER BY ID");
        db.same("SELECT ID, TS, T0 FROM T WHERE UPPER(NAME) <> 'X' ORDER BY ID");
    }

    @Test
    void plaintextTimestampPrecisionIsKeptOnTheClient() throws SQLException {
        db.same("SELECT ID, PTS FROM T WHERE UPPER(NAME) <> 'X' ORDER BY ID");
    }

    @Test
    void textColumnIsACharacterLargeObjectAsInH2() throws SQLException {
        db.same("SELECT ID, BODY FROM T WHERE ID = 1");
    }

    @Test
    void floatWithSmallPrecisionIsRealAsInH2() throws SQLException {
        db.same("SELECT ID, F FROM T WHERE ID = 1");
        db.same("SELECT ID, F FROM T WHERE UPPER(NAME) <> 'X' ORDER BY ID");
    }

    @Test
    void plaintextEnumColumnInASplitQuery() throws SQLException {
        db.same("SELECT ID, KIND FROM K WHERE UPPER(NAME) <> 'X' ORDER BY ID");
    }

    @Test
    void parameterSetWithATargetTypeIsConvertedAsH2Does() throws SQLException {
        String sql = "SELECT ID, ? FROM T WHERE UPPER(NAME) <> 'X' ORDER BY ID";
        List<List<Object>> answers = new ArrayList<>();
        for (Connection c : List.of(db.plain, db.enc)) {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setObject(1, "007", Types.INTEGER);
                try (ResultSet rs = ps.executeQuery()) {
                    answers.add(Pair.answer(rs));
                }
            }
        }
        assertThat(answers.get(1)).isEqualTo(answers.get(0));
    }

    @Test
    void typedNullParameter() throws SQLException {
        String sql = "SELECT ID, COALESCE(?, ID) + 1 FROM T WHERE UPPER(NAME) <> 'X' ORDER BY ID";
        List<List<Object>> answers = new ArrayList<>();
        for (Connection c : List.of(db.plain, db.enc)) {
            try (PreparedStatement ps = c.prepareStatement(sql)) {
                ps.setNull(1, Types.BIGINT);
                try (ResultSet rs = ps.executeQuery()) {
                    answers.add(Pair.answer(rs));
                }
            }
        }
        assertThat(answers.get(1)).isEqualTo(answers.get(0));
    }

    @Test
    void sumOfNumericHasH2sType() throws SQLException {
        db.same("SELECT ID, CAST(ID AS NUMERIC(5,2)) * 1.5 FROM T WHERE UPPER(NAME) <> 'X' ORDER BY ID");
        db.same("SELECT SUM(ID), AVG(ID), COUNT(*) FROM T WHERE UPPER(NAME) <> 'X'");
    }

    @Test
    void decimalParameterComparedWithAnInteger() throws SQLException {
        db.same("SELECT ID FROM T WHERE ID < ? AND UPPER(NAME) <> 'X' ORDER BY ID", new BigDecimal("2.5"));
    }
}
