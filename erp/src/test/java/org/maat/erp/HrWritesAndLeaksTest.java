package org.maat.erp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.encdb.jdbc.JdbcRows;
import org.maat.encdb.jdbc.MaatConnection;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.LayerReport;

class HrWritesAndLeaksTest {

    @TempDir
    Path dir;

    private static final String[] WRITES = {
        "INSERT INTO EMPLOYEES (EMPLOYEE_ID, FIRST_NAME, LAST_NAME, EMAIL, PHONE_NUMBER, HIRE_DATE, JOB_ID, SALARY, "
            + "MANAGER_ID, DEPARTMENT_ID) VALUES (900, 'Ada', 'Lovelace', 'ALOVELACE', '515.999.1234', "
            + "DATE '2020-02-02', 'IT_PROG', 7777.50, 101, 20)",
        "UPDATE EMPLOYEES SET SALARY = SALARY + 100 WHERE JOB_ID = 'IT_PROG' AND SALARY < 6000",
        "UPDATE EMPLOYEES SET PHONE_NUMBER = '515.000.0000', SALARY = 3000 WHERE EMPLOYEE_ID = 105",
        "UPDATE EMPLOYEES SET JOB_ID = 'AD_VP', DEPARTMENT_ID = 30 WHERE EMPLOYEE_ID = 110",
        "DELETE FROM JOB_HISTORY WHERE EMPLOYEE_ID = 900",
        "DELETE FROM EMPLOYEES WHERE EMPLOYEE_ID = 900",
        "DELETE FROM EMPLOYEES WHERE PHONE_NUMBER LIKE '515.000.%' AND MANAGER_ID IS NOT NULL",
        "CALL ADD_JOB_HISTORY(101, DATE '2010-01-01', DATE '2011-01-01', 'ST_CLERK', 40)",
    };

    @Test
    void insertsUpdatesDeletesTriggerAndProcedureMatchPlainH2() throws Exception {
        HrFixture data = new HrFixture(40, 11);
        try (Connection plain = HrFixture.plain(dir); Connection enc = HrFixture.encrypted(dir)) {
            data.load(plain);
            data.load(enc);
            for (String w : WRITES) {
                try (Statement a = plain.createStatement(); Statement b = enc.createStatement()) {
                    assertThat(b.executeUpdate(w)).as(w).isEqualTo(a.executeUpdate(w));
                }
            }
            for (String table : List.of("EMPLOYEES", "JOB_HISTORY", "DEPARTMENTS")) {
                String q = "SELECT * FROM " + table + " ORDER BY 1, 2";
                List<List<Object>> expected = JdbcRows.rows(plain, q);
                List<List<Object>> actual = JdbcRows.rows(enc, q);
                if (table.equals("JOB_HISTORY")) {
                    assertThat(actual).isNotEmpty(); // the trigger fired for employee 110
                }
                assertThat(actual).as(table).isEqualTo(expected);
            }
        }
    }

    @Test
    void databaseFileHoldsNoPlaintextAfterLoadingAndQuerying() throws Exception {
        // Seed 5 holds the three-letter first name in 8 rows, each five-letter name in 2 or more: enough to stand
        // out from chance (checked below); a department is one row, so none has a name shorter than six letters.
        HrFixture data = new HrFixture(50, 5);
        try (Connection enc = HrFixture.encrypted(dir)) {
            data.load(enc);
            JdbcRows.rows(enc, "SELECT * FROM EMP_DETAILS_VIEW WHERE CITY = ? AND SALARY > ?", "Oxford", 3000);
            JdbcRows.rows(enc, "SELECT LAST_NAME, SUM(SALARY) FROM EMPLOYEES GROUP BY LAST_NAME");
            JdbcRows.rows(enc, "SELECT EMPLOYEE_ID FROM EMPLOYEES WHERE PHONE_NUMBER LIKE '%.5%'"
                    .replace("%.5%", "515.%"));
        }
        byte[] file = Files.readAllBytes(dir.resolve("enc.mv.db"));
        // A short needle is in about a megabyte of ciphertext by chance ("Lex", three bytes, six runs in a
        // hundred): each needle fails the scan when it is found as often as chance reaches only once in a hundred
        // million files of this size (ChanceOccurrences), and the data holds each short one in enough rows for
        // a leak of its column to reach that count.
        List<String> found = new ArrayList<>();
        List<String> tooRare = new ArrayList<>();
        for (String s : new java.util.TreeSet<>(data.plaintexts)) {
            for (java.nio.charset.Charset cs : List.of(StandardCharsets.UTF_8, StandardCharsets.UTF_16BE)) {
                scan(file, s + " (" + cs + ")", s.getBytes(cs), data.rows.getOrDefault(s, 0), found, tooRare);
            }
        }
        for (BigDecimal salary : new java.util.TreeSet<>(data.salaries)) {
            scan(file, salary.toPlainString(), salary.toPlainString().getBytes(StandardCharsets.UTF_8),
                    java.util.Collections.frequency(data.salaries, salary), found, tooRare);
        }
        assertThat(found).as("plaintext found in the H2 file (%d bytes)", file.length).isEmpty();
        assertThat(tooRare).as("short plaintexts held in too few rows for a leak to stand out from chance")
                .isEmpty();
        // Binary forms of small numbers are short byte strings that random ciphertext and H2's page
        // structure also contain by chance; so compare with the same forms of values NOT in the data:
        // a leak shows up as far more hits for the real salaries than for these controls.
        int real = binaryHits(file, data.salaries, BigDecimal.ZERO);
        int control = binaryHits(file, data.salaries, new BigDecimal("0.01"));
        assertThat(real).as("binary salary forms in the H2 file (controls: " + control + ")")
                .isLessThanOrEqualTo(control + 3);
    }

    /**
     * Adds {@code what} to {@code found} when {@code needle} is in {@code file} as often as chance reaches only
     * with probability {@link ChanceOccurrences#FALSE_ALARM}, and to {@code tooRare} when the data holds it in
     * fewer rows than that count (a leak of it could not be told from chance).
     */
    private static void scan(byte[] file, String what, byte[] needle, int rows, List<String> found,
            List<String> tooRare) {
        int ceiling = ChanceOccurrences.ceiling(file.length, needle.length);
        int hits = ChanceOccurrences.count(file, needle);
        if (hits >= ceiling) {
            found.add(what + ": " + hits + " times, chance reaches " + ceiling);
        }
        if (rows > 0 && rows < ceiling) {
            tooRare.add(what + ": " + rows + " rows, chance reaches " + ceiling);
        }
    }

    /** How many salaries (shifted by {@code delta}) occur as 4- or 8-byte big-endian cents or units. */
    private static int binaryHits(byte[] file, List<BigDecimal> salaries, BigDecimal delta) {
        int hits = 0;
        for (BigDecimal s : new java.util.TreeSet<>(salaries)) {
            BigDecimal v = s.add(delta);
            long cents = v.movePointRight(2).longValueExact();
            long units = v.setScale(0, java.math.RoundingMode.DOWN).longValueExact();
            for (byte[] n : List.of(ByteBuffer.allocate(8).putLong(cents).array(),
                    ByteBuffer.allocate(4).putInt((int) cents).array(), ByteBuffer.allocate(8).putLong(units).array(),
                    ByteBuffer.allocate(4).putInt((int) units).array())) {
                if (indexOf(file, n) >= 0) {
                    hits++;
                }
            }
        }
        return hits;
    }

    @Test
    void freshDatabaseExposesOnlyOutermostLayersAndARangeQueryPeelsOnlySalaryOrd() throws Exception {
        HrFixture data = new HrFixture(20, 5);
        try (Connection enc = HrFixture.encrypted(dir)) {
            data.load(enc);
            LayerReport fresh = enc.unwrap(MaatConnection.class).layers();
            // Only key columns sit below RND: H2 enforces their constraints on deterministic ciphertext.
            assertThat(fresh.exposedBelowOutermost()).allSatisfy(e -> assertThat(e.pinned()).isNotNull());
            assertThat(fresh.entry("EMPLOYEES", "SALARY", Onion.ORD).layer()).isEqualTo(Layer.RND);
            JdbcRows.rows(enc, "SELECT EMPLOYEE_ID FROM EMPLOYEES WHERE JOB_ID = ? AND MANAGER_ID = ? "
                    + "AND SALARY BETWEEN ? AND ?", "SA_REP", 100, 3000, 8000);
            LayerReport after = enc.unwrap(MaatConnection.class).layers();
            List<LayerReport.Entry> changed = new ArrayList<>(after.exposedBelowOutermost());
            changed.removeAll(fresh.exposedBelowOutermost());
            assertThat(changed).extracting(e -> e.table() + "." + e.column() + " " + e.onion() + "=" + e.layer())
                    .containsExactly("EMPLOYEES.SALARY ORD=OPE");
            assertThat(after.format()).contains("EMPLOYEES.SALARY").contains("ORD=OPE");
        }
        // the layer survives reopening: it is recorded in the database
        try (Connection enc = HrFixture.encrypted(dir)) {
            assertThat(enc.unwrap(MaatConnection.class).layers().entry("EMPLOYEES", "SALARY", Onion.ORD).layer())
                    .isEqualTo(Layer.OPE);
        }
    }

    @Test
    void sqlH2CannotRunWholeRunsSplitWithoutPeelingAndMalformedSqlGivesThePosition() throws Exception {
        HrFixture data = new HrFixture(5, 1);
        try (Connection plain = HrFixture.plain(dir); Connection enc = HrFixture.encrypted(dir);
                Statement st = enc.createStatement()) {
            data.load(plain);
            data.load(enc);
            // Once refused (no Search onion on a number, no Ord onion on text, UNION, IN (subquery)): now H2
            // ships the rows and the driver's client H2 finishes the query, with plain H2's answer.
            for (String sql : List.of("SELECT EMPLOYEE_ID FROM EMPLOYEES WHERE SALARY LIKE '5%' ORDER BY 1",
                    "SELECT UPPER(LAST_NAME) FROM EMPLOYEES ORDER BY 1",
                    "SELECT EMPLOYEE_ID FROM EMPLOYEES WHERE LAST_NAME < 'M' ORDER BY 1",
                    "SELECT LAST_NAME FROM EMPLOYEES UNION SELECT CITY FROM LOCATIONS ORDER BY 1",
                    "SELECT EMPLOYEE_ID FROM EMPLOYEES WHERE EMPLOYEE_ID IN (SELECT MANAGER_ID FROM DEPARTMENTS) "
                            + "ORDER BY 1")) {
                assertThat(JdbcRows.rows(enc, sql)).as(sql).isEqualTo(JdbcRows.rows(plain, sql));
            }
            // The client compared the names: H2 learned no order of LAST_NAME.
            assertThat(enc.unwrap(MaatConnection.class).layers().entry("EMPLOYEES", "LAST_NAME", Onion.EQ).layer())
                    .isEqualTo(Layer.RND);
            assertThatThrownBy(() -> st.executeQuery("SELECT SESSION_ID(), LAST_NAME FROM EMPLOYEES WHERE LAST_NAME < 'M'"))
                    .isInstanceOf(SQLFeatureNotSupportedException.class).hasMessageContaining("SESSION_ID");
            assertThatThrownBy(() -> st.executeQuery("SELECT LAST_NAME FROM EMPLOYEES\nWHERE SALARY = = 3"))
                    .isInstanceOf(SQLSyntaxErrorException.class).hasMessageContaining("line 2, column");
            // A view with constants runs: its text is sealed in the catalog, so the constant never reaches the server.
            String rich = "CREATE VIEW RICH AS SELECT LAST_NAME FROM EMPLOYEES WHERE SALARY > 9000";
            st.execute(rich);
            try (Statement plainSt = plain.createStatement()) {
                plainSt.execute(rich);
            }
            assertThat(JdbcRows.rows(enc, "SELECT * FROM RICH ORDER BY 1"))
                    .isEqualTo(JdbcRows.rows(plain, "SELECT * FROM RICH ORDER BY 1"));
            assertThatThrownBy(() -> st.executeQuery("SELECT * FROM NOWHERE"))
                    .isInstanceOf(SQLException.class).hasMessageContaining("NOWHERE");
        }
    }

    private static int indexOf(byte[] hay, byte[] needle) {
        outer:
        for (int i = 0; i + needle.length <= hay.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (hay[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }
}
