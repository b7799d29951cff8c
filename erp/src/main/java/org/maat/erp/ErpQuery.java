package org.maat.erp;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The ERP evaluation's queries Q7-Q18 and Q10R as concrete SQL on the HR schema. Each has named
 * parameters bound in order to its {@code ?} markers; {@link QueryParameters} chooses values that
 * exist in the data.
 *
 * <p>The evaluation describes Q7/Q11 and Q8/Q12 identically; here they differ in what they return:
 * Q7 lists the matching employees' contact details (a join of EMPLOYEES and DEPARTMENTS), Q11 their
 * job title and location through EMP_DETAILS_VIEW ordered by employee id; Q8 lists the matching
 * employees and salaries, Q12 aggregates them (head count, lowest and highest salary).
 */
public enum ErpQuery {

    /** Department name + job + manager: the employees' contact details. */
    Q7("department name, job and manager: the employees' contact details",
            "SELECT E.EMPLOYEE_ID, E.FIRST_NAME, E.LAST_NAME, E.EMAIL, E.PHONE_NUMBER, E.HIRE_DATE"
                    + " FROM EMPLOYEES E JOIN DEPARTMENTS D ON E.DEPARTMENT_ID = D.DEPARTMENT_ID"
                    + " WHERE D.DEPARTMENT_NAME = ? AND E.JOB_ID = ? AND E.MANAGER_ID = ?",
            false, Param.text("department_name"), Param.text("job_id"), Param.integer("manager_id")),

    /** Job + manager + salary range: the employees and their salaries. */
    Q8("job, manager and salary range: the employees and their salaries",
            "SELECT EMPLOYEE_ID, FIRST_NAME, LAST_NAME, SALARY FROM EMPLOYEES"
                    + " WHERE JOB_ID = ? AND MANAGER_ID = ? AND SALARY BETWEEN ? AND ?",
            false, Param.text("job_id"), Param.integer("manager_id"), Param.decimal("salary_low"),
            Param.decimal("salary_high")),

    /** City + job + manager: the employees with their department and city. */
    Q9("city, job and manager: the employees with their department and city",
            "SELECT E.EMPLOYEE_ID, E.FIRST_NAME, E.LAST_NAME, D.DEPARTMENT_NAME, L.CITY"
                    + " FROM EMPLOYEES E JOIN DEPARTMENTS D ON E.DEPARTMENT_ID = D.DEPARTMENT_ID"
                    + " JOIN LOCATIONS L ON D.LOCATION_ID = L.LOCATION_ID"
                    + " WHERE L.CITY = ? AND E.JOB_ID = ? AND E.MANAGER_ID = ?",
            false, Param.text("city"), Param.text("job_id"), Param.integer("manager_id")),

    /** Job + department name + salary range: the employees and their salaries. */
    Q10("job, department name and salary range: the employees and their salaries",
            "SELECT E.EMPLOYEE_ID, E.LAST_NAME, E.SALARY"
                    + " FROM EMPLOYEES E JOIN DEPARTMENTS D ON E.DEPARTMENT_ID = D.DEPARTMENT_ID"
                    + " WHERE E.JOB_ID = ? AND D.DEPARTMENT_NAME = ? AND E.SALARY BETWEEN ? AND ?",
            false, Param.text("job_id"), Param.text("department_name"), Param.decimal("salary_low"),
            Param.decimal("salary_high")),

    /** Q10's SQL with random salary bounds inside the job's range, new ones for every execution. */
    Q10R("Q10 with random salary bounds (new bounds for each execution)", Q10.sql, false,
            Q10.params.toArray(new Param[0])),

    /** Department name + job + manager, like Q7, but job title and location through EMP_DETAILS_VIEW, ordered. */
    Q11("department name, job and manager (as Q7): job title and location from EMP_DETAILS_VIEW, by employee id",
            "SELECT EMPLOYEE_ID, FIRST_NAME, LAST_NAME, JOB_TITLE, DEPARTMENT_NAME, CITY, COUNTRY_NAME"
                    + " FROM EMP_DETAILS_VIEW WHERE DEPARTMENT_NAME = ? AND JOB_ID = ? AND MANAGER_ID = ?"
                    + " ORDER BY EMPLOYEE_ID",
            true, Param.text("department_name"), Param.text("job_id"), Param.integer("manager_id")),

    /** Job + manager + salary range, like Q8, aggregated: head count, lowest and highest salary. */
    Q12("job, manager and salary range (as Q8): head count, lowest and highest salary",
            "SELECT COUNT(*) AS EMPLOYEES, MIN(SALARY) AS LOWEST_SALARY, MAX(SALARY) AS HIGHEST_SALARY"
                    + " FROM EMPLOYEES WHERE JOB_ID = ? AND MANAGER_ID = ? AND SALARY BETWEEN ? AND ?",
            false, Param.text("job_id"), Param.integer("manager_id"), Param.decimal("salary_low"),
            Param.decimal("salary_high")),

    /** First name + job + phone number containing a substring. */
    Q13("first name, job and a phone number substring",
            "SELECT EMPLOYEE_ID, FIRST_NAME, LAST_NAME, PHONE_NUMBER FROM EMPLOYEES"
                    + " WHERE FIRST_NAME = ? AND JOB_ID = ? AND PHONE_NUMBER LIKE ?",
            false, Param.text("first_name"), Param.text("job_id"), Param.text("phone_pattern")),

    /** Last name + department name + phone number containing a substring. */
    Q14("last name, department name and a phone number substring",
            "SELECT E.EMPLOYEE_ID, E.FIRST_NAME, E.LAST_NAME, E.PHONE_NUMBER, D.DEPARTMENT_NAME"
                    + " FROM EMPLOYEES E JOIN DEPARTMENTS D ON E.DEPARTMENT_ID = D.DEPARTMENT_ID"
                    + " WHERE E.LAST_NAME = ? AND D.DEPARTMENT_NAME = ? AND E.PHONE_NUMBER LIKE ?",
            false, Param.text("last_name"), Param.text("department_name"), Param.text("phone_pattern")),

    /** Salary plus a raise for job + manager + salary range. */
    Q15("salary and salary plus a raise for a job, manager and salary range",
            "SELECT EMPLOYEE_ID, SALARY, SALARY + ? AS RAISED_SALARY FROM EMPLOYEES"
                    + " WHERE JOB_ID = ? AND MANAGER_ID = ? AND SALARY BETWEEN ? AND ?",
            false, Param.decimal("raise"), Param.text("job_id"), Param.integer("manager_id"),
            Param.decimal("salary_low"), Param.decimal("salary_high")),

    /** Insert an employee. */
    Q16("insert an employee",
            "INSERT INTO EMPLOYEES (EMPLOYEE_ID, FIRST_NAME, LAST_NAME, EMAIL, PHONE_NUMBER, HIRE_DATE, JOB_ID,"
                    + " SALARY, COMMISSION_PCT, MANAGER_ID, DEPARTMENT_ID) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            false, Param.integer("employee_id"), Param.text("first_name"), Param.text("last_name"),
            Param.text("email"), Param.text("phone_number"), Param.date("hire_date"), Param.text("job_id"),
            Param.decimal("salary"), Param.decimal("commission_pct"), Param.integer("manager_id"),
            Param.integer("department_id")),

    /** Update an employee: a new salary and phone number. */
    Q17("update an employee's salary and phone number",
            "UPDATE EMPLOYEES SET SALARY = ?, PHONE_NUMBER = ? WHERE EMPLOYEE_ID = ?",
            false, Param.decimal("salary"), Param.text("phone_number"), Param.integer("employee_id")),

    /** Delete an employee. */
    Q18("delete an employee (by default the one Q16 inserts)",
            "DELETE FROM EMPLOYEES WHERE EMPLOYEE_ID = ?",
            false, Param.integer("employee_id"));

    /** A named, typed parameter. */
    public record Param(String name, Type type) {

        static Param text(String name) {
            return new Param(name, Type.TEXT);
        }

        static Param integer(String name) {
            return new Param(name, Type.INTEGER);
        }

        static Param decimal(String name) {
            return new Param(name, Type.DECIMAL);
        }

        static Param date(String name) {
            return new Param(name, Type.DATE);
        }

        /**
         * The value {@code text} denotes; {@code null} (any case) is SQL NULL.
         *
         * @throws IllegalArgumentException naming the parameter if {@code text} is not of its type
         */
        public Object parse(String text) {
            if (text.equalsIgnoreCase("null")) {
                return null;
            }
            try {
                return switch (type) {
                    case TEXT -> text;
                    case INTEGER -> Integer.parseInt(text.strip());
                    case DECIMAL -> new BigDecimal(text.strip());
                    case DATE -> LocalDate.parse(text.strip());
                };
            } catch (NumberFormatException | DateTimeParseException e) {
                throw new IllegalArgumentException("parameter " + name + " must be " + type.description + ", got '"
                        + text + "'");
            }
        }
    }

    /** Parameter types and how they are written on the command line. */
    public enum Type {
        TEXT("text"), INTEGER("an integer"), DECIMAL("a decimal number such as 5000.00"),
        DATE("a date such as 2005-06-30");

        private final String description;

        Type(String description) {
            this.description = description;
        }
    }

    private final String description;
    private final String sql;
    private final boolean ordered;
    private final List<Param> params;

    ErpQuery(String description, String sql, boolean ordered, Param... params) {
        this.description = description;
        this.sql = sql;
        this.ordered = ordered;
        this.params = List.of(params);
    }

    public String description() {
        return description;
    }

    public String sql() {
        return sql;
    }

    /** Whether the SQL fixes the row order (else results compare as multisets). */
    public boolean ordered() {
        return ordered;
    }

    public List<Param> params() {
        return params;
    }

    /** Whether the query changes data (Q16-Q18) rather than reading it. */
    public boolean modifies() {
        return this == Q16 || this == Q17 || this == Q18;
    }

    /** The parameter called {@code name}. */
    public Param param(String name) {
        return params.stream().filter(p -> p.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(name() + " has no parameter '" + name
                        + "' (it has " + params.stream().map(Param::name).collect(Collectors.joining(", ")) + ")"));
    }

    /**
     * The query named {@code name}, case-insensitively.
     *
     * @throws IllegalArgumentException listing the known names
     */
    public static ErpQuery named(String name) {
        for (ErpQuery q : values()) {
            if (q.name().equalsIgnoreCase(name.strip())) {
                return q;
            }
        }
        throw new IllegalArgumentException("unknown query '" + name + "' (known: "
                + Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", ")) + ")");
    }
}
