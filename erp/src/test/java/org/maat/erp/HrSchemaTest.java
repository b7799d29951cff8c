package org.maat.erp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HrSchemaTest {

    @TempDir
    Path dir;

    Connection conn;

    @BeforeEach
    void createSchema() throws SQLException {
        conn = DriverManager.getConnection("jdbc:h2:" + dir.resolve("hr").toAbsolutePath());
        HrSchema.load().create(conn);
        try (Statement st = conn.createStatement()) {
            st.execute("INSERT INTO REGIONS VALUES (1, 'Europe')");
            st.execute("INSERT INTO COUNTRIES VALUES ('UK', 'United Kingdom', 1)");
            st.execute("INSERT INTO LOCATIONS VALUES (2500, 'Magdalen Centre, The Oxford Science Park', 'OX9 9ZB',"
                    + " 'Oxford', 'Oxford', 'UK')");
            st.execute("INSERT INTO DEPARTMENTS VALUES (80, 'Sales', NULL, 2500)");
            st.execute("INSERT INTO DEPARTMENTS VALUES (90, 'Executive', NULL, 2500)");
            st.execute("INSERT INTO JOBS VALUES ('SA_REP', 'Sales Representative', 6000, 12008)");
            st.execute("INSERT INTO JOBS VALUES ('SA_MAN', 'Sales Manager', 10000, 20080)");
            st.execute("INSERT INTO EMPLOYEES VALUES (145, 'John', 'Russell', 'JRUSSEL', '011.44.1344.429268',"
                    + " DATE '2004-10-01', 'SA_MAN', 14000, 0.4, NULL, 80)");
            st.execute("INSERT INTO EMPLOYEES VALUES (150, 'Peter', 'Tucker', 'PTUCKER', '011.44.1344.129268',"
                    + " DATE '2005-01-30', 'SA_REP', 10000, 0.3, 145, 80)");
            st.execute("UPDATE DEPARTMENTS SET MANAGER_ID = 145 WHERE DEPARTMENT_ID = 80");
        }
    }

    @AfterEach
    void close() throws SQLException {
        conn.close();
    }

    @Test
    void schemaHasTheSevenHrTablesAndTheDetailsView() throws SQLException {
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT FIRST_NAME, DEPARTMENT_NAME, JOB_TITLE, CITY, COUNTRY_NAME,"
                        + " REGION_NAME FROM EMP_DETAILS_VIEW WHERE EMPLOYEE_ID = 150")) {
            assertThat(rs.next()).isTrue();
            assertThat(List.of(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4), rs.getString(5),
                    rs.getString(6)))
                    .containsExactly("Peter", "Sales", "Sales Representative", "Oxford", "United Kingdom", "Europe");
        }
        assertThat(HrSchema.TABLES).hasSize(7);
    }

    @Test
    void jobChangeRecordsTheOldJobFromHireDateToToday() throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("UPDATE EMPLOYEES SET JOB_ID = 'SA_MAN' WHERE EMPLOYEE_ID = 150");
        }
        assertThat(jobHistory()).containsExactly(
                "150|2005-01-30|" + LocalDate.now() + "|SA_REP|80");
    }

    @Test
    void departmentChangeRecordsTheOldDepartment() throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("UPDATE EMPLOYEES SET DEPARTMENT_ID = 90 WHERE EMPLOYEE_ID = 145");
        }
        assertThat(jobHistory()).containsExactly(
                "145|2004-10-01|" + LocalDate.now() + "|SA_MAN|80");
    }

    @Test
    void salaryChangeRecordsNothing() throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.executeUpdate("UPDATE EMPLOYEES SET SALARY = SALARY + 500 WHERE DEPARTMENT_ID = 80");
        }
        assertThat(jobHistory()).isEmpty();
    }

    @Test
    void procedureInsertsOneJobHistoryRow() throws SQLException {
        try (Statement st = conn.createStatement()) {
            st.execute("CALL ADD_JOB_HISTORY(150, DATE '2001-03-04', DATE '2004-12-31', 'SA_MAN', NULL)");
        }
        assertThat(jobHistory()).containsExactly("150|2001-03-04|2004-12-31|SA_MAN|null");
    }

    @Test
    void duplicateEmailIsRejected() {
        assertThatThrownBy(() -> {
            try (Statement st = conn.createStatement()) {
                st.execute("INSERT INTO EMPLOYEES VALUES (151, 'Pete', 'Tuck', 'PTUCKER', NULL,"
                        + " DATE '2006-01-30', 'SA_REP', 9000, NULL, 145, 80)");
            }
        }).isInstanceOf(SQLException.class).hasMessageContaining("EMP_EMAIL_UK");
    }

    @Test
    void splitterDropsCommentsAndKeepsStatementOrder() {
        assertThat(HrSchema.split("-- c\nCREATE TABLE A (X INT);\n\nCREATE TABLE B (\n Y INT\n);\n"))
                .containsExactly("CREATE TABLE A (X INT)", "CREATE TABLE B (\n Y INT\n)");
    }

    private List<String> jobHistory() throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Statement st = conn.createStatement();
                ResultSet rs = st.executeQuery("SELECT * FROM JOB_HISTORY ORDER BY EMPLOYEE_ID, START_DATE")) {
            while (rs.next()) {
                rows.add(rs.getInt(1) + "|" + rs.getObject(2) + "|" + rs.getObject(3) + "|" + rs.getString(4) + "|"
                        + rs.getObject(5));
            }
        }
        return rows;
    }
}
