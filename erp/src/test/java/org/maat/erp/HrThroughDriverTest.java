package org.maat.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.encdb.jdbc.JdbcRows;
import org.maat.encdb.jdbc.MaatConnection;

class HrThroughDriverTest {

    @TempDir
    Path dir;

    @Test
    void hrQueriesGiveTheSameRowsAsPlainH2() throws Exception {
        HrFixture data = new HrFixture(60, 7);
        try (Connection plain = HrFixture.plain(dir); Connection enc = HrFixture.encrypted(dir)) {
            data.load(plain);
            data.load(enc);
            String[][] queries = {
                {"SELECT E.EMPLOYEE_ID, E.FIRST_NAME, E.LAST_NAME FROM EMPLOYEES E JOIN DEPARTMENTS D "
                    + "ON E.DEPARTMENT_ID = D.DEPARTMENT_ID WHERE D.DEPARTMENT_NAME = ? AND E.JOB_ID = ? "
                    + "AND E.MANAGER_ID = ? ORDER BY E.EMPLOYEE_ID", "Marketing", "SA_REP", "101"},
                {"SELECT EMPLOYEE_ID, SALARY FROM EMPLOYEES WHERE JOB_ID = ? AND MANAGER_ID = ? "
                    + "AND SALARY BETWEEN ? AND ? ORDER BY SALARY, EMPLOYEE_ID", "IT_PROG", "100", "3000", "9000"},
                {"SELECT E.EMPLOYEE_ID, L.CITY FROM EMPLOYEES E, DEPARTMENTS D, LOCATIONS L WHERE "
                    + "E.DEPARTMENT_ID = D.DEPARTMENT_ID AND D.LOCATION_ID = L.LOCATION_ID AND L.CITY = ? "
                    + "AND E.JOB_ID = ? ORDER BY 1", "Toronto", "ST_CLERK"},
                {"SELECT FIRST_NAME, LAST_NAME, SALARY FROM EMP_DETAILS_VIEW WHERE JOB_ID = ? AND "
                    + "DEPARTMENT_NAME = ? AND SALARY > ? ORDER BY LAST_NAME, FIRST_NAME, SALARY", "SA_REP", "Sales", "4000"},
                {"SELECT EMPLOYEE_ID, PHONE_NUMBER FROM EMPLOYEES WHERE PHONE_NUMBER LIKE ? ORDER BY EMPLOYEE_ID",
                    "515.1%"},
                {"SELECT EMPLOYEE_ID, SALARY, SALARY + ? FROM EMPLOYEES WHERE JOB_ID = ? AND SALARY >= ? "
                    + "ORDER BY EMPLOYEE_ID", "250", "AD_VP", "5000"},
                {"SELECT JOB_ID, COUNT(*), SUM(SALARY), MIN(SALARY), MAX(HIRE_DATE) FROM EMPLOYEES GROUP BY JOB_ID "
                    + "ORDER BY JOB_ID"},
                {"SELECT DISTINCT LAST_NAME FROM EMPLOYEES WHERE SALARY < ? ORDER BY LAST_NAME", "5000"},
                {"SELECT COUNT(*) FROM EMPLOYEES WHERE FIRST_NAME IS NULL OR COMMISSION_PCT IN (?, ?)", "0.1", "0.2"},
                {"SELECT EMPLOYEE_ID, LAST_NAME FROM EMPLOYEES WHERE LAST_NAME <> ? AND EMPLOYEE_ID <= ? "
                    + "ORDER BY LAST_NAME DESC, EMPLOYEE_ID LIMIT 5", "King", "130"},
                {"SELECT E.LAST_NAME, M.LAST_NAME FROM EMPLOYEES E JOIN EMPLOYEES M ON E.MANAGER_ID = M.EMPLOYEE_ID "
                    + "WHERE E.EMPLOYEE_ID < ? ORDER BY E.EMPLOYEE_ID", "120"},
                {"SELECT AVG(SALARY), COUNT(COMMISSION_PCT), COUNT(DISTINCT JOB_ID) FROM EMPLOYEES"},
            };
            for (String[] q : queries) {
                Object[] params = java.util.Arrays.copyOfRange(q, 1, q.length);
                assertThat(JdbcRows.rows(enc, q[0], params)).as(q[0]).isEqualTo(JdbcRows.rows(plain, q[0], params));
            }
            System.out.println(enc.unwrap(MaatConnection.class).layers().format());
        }
    }
}
