package org.maat.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ErpDatabaseCompactionTest {

    @TempDir
    Path dir;

    @Test
    void compactionDropsObsoletePagesAndKeepsTheRows() throws Exception {
        ErpDatabase db = ErpDatabase.create(dir.resolve("plain"), ErpDatabase.Kind.PLAIN, 3, 1000);
        new ErpLoader(200, n -> { }).load(db);
        String before = salaries(db);
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            for (int i = 0; i < 5; i++) { // every pass rewrites every page of EMPLOYEES
                st.executeUpdate("UPDATE EMPLOYEES SET SALARY = SALARY + 1");
                st.executeUpdate("UPDATE EMPLOYEES SET SALARY = SALARY - 1");
            }
        }
        long bloated = Files.size(db.h2File());

        assertThat(db.compact()).isTrue();

        assertThat(Files.size(db.h2File())).isLessThan(bloated);
        assertThat(salaries(db)).isEqualTo(before);
    }

    @Test
    void compactionLeavesAnOpenSessionAlone() throws Exception {
        ErpDatabase db = ErpDatabase.create(dir.resolve("plain"), ErpDatabase.Kind.PLAIN, 3, 200);
        new ErpLoader(200, n -> { }).load(db);
        try (Connection open = db.connect()) {
            assertThat(db.compact()).isFalse();
            try (Statement st = open.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM EMPLOYEES")) {
                rs.next();
                assertThat(rs.getInt(1)).isEqualTo(200);
            }
        }
    }

    private static String salaries(ErpDatabase db) throws SQLException {
        StringBuilder sb = new StringBuilder();
        try (Connection c = db.connect(); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT EMPLOYEE_ID, SALARY FROM EMPLOYEES ORDER BY EMPLOYEE_ID")) {
            while (rs.next()) {
                sb.append(rs.getInt(1)).append('=').append(rs.getBigDecimal(2)).append(';');
            }
        }
        return sb.toString();
    }
}
