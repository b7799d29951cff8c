package org.maat.erp;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;

/**
 * Oracle HR's {@code add_job_history} procedure, registered in H2 as {@code ADD_JOB_HISTORY} by
 * {@code hr-schema.sql}. It inserts one JOB_HISTORY row with plain SQL through the connection it is
 * given, so the same method serves plain H2 (H2 passes its own connection) and the encrypted layer
 * (the driver passes its plaintext-view connection, which encrypts the row).
 */
public final class JobHistory {

    static final String INSERT = "INSERT INTO JOB_HISTORY (EMPLOYEE_ID, START_DATE, END_DATE, JOB_ID, DEPARTMENT_ID) "
            + "VALUES (?, ?, ?, ?, ?)";

    private JobHistory() {
    }

    /**
     * Records that an employee held a job in a department from {@code startDate} to {@code endDate}.
     *
     * @param departmentId null when the employee had no department
     * @throws SQLException as the insert does, e.g. a duplicate (employee, start date) key
     */
    public static void addJobHistory(Connection conn, int employeeId, LocalDate startDate, LocalDate endDate,
            String jobId, Integer departmentId) throws SQLException {
        try (PreparedStatement insert = conn.prepareStatement(INSERT)) {
            insert.setInt(1, employeeId);
            insert.setObject(2, startDate);
            insert.setObject(3, endDate);
            insert.setString(4, jobId);
            if (departmentId == null) {
                insert.setNull(5, Types.INTEGER);
            } else {
                insert.setInt(5, departmentId);
            }
            insert.executeUpdate();
        }
    }
}
