package org.maat.erp;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.util.Objects;
import org.h2.api.Trigger;

/**
 * Oracle HR's {@code update_job_history} trigger: after an update of an employee that changes
 * JOB_ID or DEPARTMENT_ID, records the old job with {@link JobHistory#addJobHistory} from the old
 * hire date to today, through the connection it is given. Updates that change neither column
 * record nothing (Oracle declares the trigger {@code AFTER UPDATE OF job_id, department_id}; H2
 * triggers have no column list, so the check is here).
 *
 * <p>Rows are in EMPLOYEES' declared column order (hr-schema.sql), which both H2 and the encrypted
 * layer's driver hand to {@link #fire}.
 */
public final class UpdateJobHistoryTrigger implements Trigger {

    static final int EMPLOYEE_ID = 0;
    static final int HIRE_DATE = 5;
    static final int JOB_ID = 6;
    static final int DEPARTMENT_ID = 10;

    @Override
    public void fire(Connection conn, Object[] oldRow, Object[] newRow) throws SQLException {
        if (oldRow == null || newRow == null) {
            return; // not an update
        }
        boolean jobChanged = !Objects.equals(oldRow[JOB_ID], newRow[JOB_ID]);
        boolean departmentChanged = !Objects.equals(number(oldRow[DEPARTMENT_ID]),
                number(newRow[DEPARTMENT_ID]));
        if (!jobChanged && !departmentChanged) {
            return;
        }
        JobHistory.addJobHistory(conn, number(oldRow[EMPLOYEE_ID]), date(oldRow[HIRE_DATE]), LocalDate.now(),
                (String) oldRow[JOB_ID], number(oldRow[DEPARTMENT_ID]));
    }

    private static Integer number(Object value) {
        return value == null ? null : ((Number) value).intValue();
    }

    /** H2 hands DATE columns to triggers as java.sql.Date or java.time values depending on settings. */
    private static LocalDate date(Object value) throws SQLException {
        if (value instanceof LocalDate d) {
            return d;
        }
        if (value instanceof java.sql.Date d) {
            return d.toLocalDate();
        }
        if (value instanceof LocalDateTime t) {
            return t.toLocalDate();
        }
        if (value instanceof OffsetDateTime t) {
            return t.toLocalDate();
        }
        throw new SQLException("UPDATE_JOB_HISTORY: HIRE_DATE is not a date: "
                + (value == null ? "null" : value.getClass().getName()));
    }
}
