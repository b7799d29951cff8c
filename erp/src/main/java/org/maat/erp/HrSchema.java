package org.maat.erp;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Oracle HR schema of {@code hr-schema.sql} as a list of SQL statements, in the order they must
 * run (tables in foreign-key order, then indexes, the view, the procedure and the trigger). The same
 * statements create the plaintext database through H2's JDBC driver and the encrypted one through
 * Maat's.
 */
public final class HrSchema {

    /** Classpath location of the DDL. */
    public static final String RESOURCE = "/org/maat/erp/hr-schema.sql";

    /** The HR tables, parents before children. */
    public static final List<String> TABLES = List.of(
            "REGIONS", "COUNTRIES", "LOCATIONS", "DEPARTMENTS", "JOBS", "EMPLOYEES", "JOB_HISTORY");

    /** Each table's columns in declared order (the order generated rows and trigger rows use). */
    public static final Map<String, List<String>> COLUMNS = columns();

    private final List<String> statements;

    private HrSchema(List<String> statements) {
        this.statements = List.copyOf(statements);
    }

    /** Reads the DDL resource. */
    public static HrSchema load() {
        try (InputStream in = HrSchema.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("missing classpath resource " + RESOURCE);
            }
            return new HrSchema(split(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    /** The statements, without their terminating semicolons and comment lines. */
    public List<String> statements() {
        return statements;
    }

    /** Runs every statement on {@code conn}; an error names the statement that failed. */
    public void create(Connection conn) throws SQLException {
        try (Statement st = conn.createStatement()) {
            for (String sql : statements) {
                try {
                    st.execute(sql);
                } catch (SQLException e) {
                    throw new SQLException("hr-schema.sql: cannot run: " + firstLine(sql) + ": " + e.getMessage(),
                            e.getSQLState(), e.getErrorCode(), e);
                }
            }
        }
    }

    /**
     * The statements of an SQL script, without their semicolons: a statement ends with ';' at the end of a
     * line; lines starting with '--' are comments. The one splitter of Maat's SQL resources (this schema,
     * the WebSubmit sample's).
     */
    public static List<String> split(String text) {
        List<String> out = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : text.split("\\R")) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("--")) {
                continue;
            }
            if (trimmed.endsWith(";")) {
                current.append(line, 0, line.lastIndexOf(';'));
                out.add(current.toString().strip());
                current.setLength(0);
            } else {
                current.append(line).append('\n');
            }
        }
        if (!current.toString().isBlank()) {
            throw new IllegalStateException("the script's last statement has no terminating ';'");
        }
        return out;
    }

    private static Map<String, List<String>> columns() {
        Map<String, List<String>> m = new LinkedHashMap<>();
        m.put("REGIONS", List.of("REGION_ID", "REGION_NAME"));
        m.put("COUNTRIES", List.of("COUNTRY_ID", "COUNTRY_NAME", "REGION_ID"));
        m.put("LOCATIONS", List.of("LOCATION_ID", "STREET_ADDRESS", "POSTAL_CODE", "CITY", "STATE_PROVINCE",
                "COUNTRY_ID"));
        m.put("DEPARTMENTS", List.of("DEPARTMENT_ID", "DEPARTMENT_NAME", "MANAGER_ID", "LOCATION_ID"));
        m.put("JOBS", List.of("JOB_ID", "JOB_TITLE", "MIN_SALARY", "MAX_SALARY"));
        m.put("EMPLOYEES", List.of("EMPLOYEE_ID", "FIRST_NAME", "LAST_NAME", "EMAIL", "PHONE_NUMBER", "HIRE_DATE",
                "JOB_ID", "SALARY", "COMMISSION_PCT", "MANAGER_ID", "DEPARTMENT_ID"));
        m.put("JOB_HISTORY", List.of("EMPLOYEE_ID", "START_DATE", "END_DATE", "JOB_ID", "DEPARTMENT_ID"));
        return Collections.unmodifiableMap(m);
    }

    private static String firstLine(String sql) {
        int nl = sql.indexOf('\n');
        return nl < 0 ? sql : sql.substring(0, nl) + " ...";
    }
}
