package org.maat.erp;

import static org.maat.encdb.jdbc.JdbcRows.exec;

import java.math.BigDecimal;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Date;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.maat.encdb.jdbc.MaatDriver;
import org.maat.keys.KeyFile;

/**
 * A small HR database, the same rows loaded into plain H2 and through the Maat driver, for
 * equivalence and leak tests. Values are drawn from a seeded random source.
 */
final class HrFixture {

    static final String[] FIRST = {"Steven", "Neena", "Lex", "Alexander", "Bruce", "David", "Valli", "Diana", "Nancy",
        "Daniel"};
    static final String[] LAST = {"King", "Kochhar", "De Haan", "Hunold", "Ernst", "Austin", "Pataballa", "Lorentz",
        "Greenberg", "Faviet"};
    static final String[] CITIES = {"Seattle", "Toronto", "Oxford", "Munich", "Sydney"};
    static final String[] DEPARTMENTS = {"Administration", "Marketing", "Purchasing", "Shipping", "Finance",
        "Sales and Service"};
    static final String[] JOBS = {"AD_PRES", "AD_VP", "IT_PROG", "FI_ACCOUNT", "SA_REP", "ST_CLERK"};

    final List<String> plaintexts = new ArrayList<>();
    final List<BigDecimal> salaries = new ArrayList<>();
    /** How many stored values (rows of any table) each text of {@link #plaintexts} is. */
    final Map<String, Integer> rows = new HashMap<>();
    final int employees;
    final long seed;

    HrFixture(int employees, long seed) {
        this.employees = employees;
        this.seed = seed;
    }

    static Connection plain(Path dir) throws SQLException {
        return DriverManager.getConnection("jdbc:h2:" + dir.resolve("plain"));
    }

    static Connection encrypted(Path dir) throws SQLException {
        return MaatDriver.connect("jdbc:h2:" + dir.resolve("enc"), KeyFile.createIfAbsent(dir.resolve("master.key")));
    }

    /** Creates the HR schema and loads the same rows through {@code conn}. */
    void load(Connection conn) throws SQLException {
        HrSchema.load().create(conn);
        Random r = new Random(seed);
        plaintexts.clear();
        salaries.clear();
        rows.clear();
        conn.setAutoCommit(false);
        exec(conn, "INSERT INTO REGIONS VALUES (?, ?)", 1, "Europe");
        exec(conn, "INSERT INTO REGIONS VALUES (?, ?)", 2, "Americas");
        exec(conn, "INSERT INTO COUNTRIES VALUES (?, ?, ?)", "UK", "United Kingdom", 1);
        exec(conn, "INSERT INTO COUNTRIES VALUES (?, ?, ?)", "US", "United States of America", 2);
        for (int i = 0; i < CITIES.length; i++) {
            exec(conn, "INSERT INTO LOCATIONS VALUES (?, ?, ?, ?, ?, ?)", 1000 + i, (100 + i) + " Main Street",
                    "9" + i + "000", CITIES[i], i % 2 == 0 ? "Washington" : null, i % 2 == 0 ? "US" : "UK");
            plaintexts.add(CITIES[i]);
            rows.merge(CITIES[i], 1, Integer::sum);
        }
        for (int i = 0; i < DEPARTMENTS.length; i++) {
            exec(conn, "INSERT INTO DEPARTMENTS (DEPARTMENT_ID, DEPARTMENT_NAME, LOCATION_ID) VALUES (?, ?, ?)",
                    10 * (i + 1), DEPARTMENTS[i], 1000 + i % CITIES.length);
            plaintexts.add(DEPARTMENTS[i]);
            rows.merge(DEPARTMENTS[i], 1, Integer::sum);
        }
        for (int i = 0; i < JOBS.length; i++) {
            exec(conn, "INSERT INTO JOBS VALUES (?, ?, ?, ?)", JOBS[i], "Title of " + JOBS[i], 2000 + i * 1000,
                    9000 + i * 1000);
        }
        try (PreparedStatement ins = conn.prepareStatement("INSERT INTO EMPLOYEES (EMPLOYEE_ID, FIRST_NAME, "
                + "LAST_NAME, EMAIL, PHONE_NUMBER, HIRE_DATE, JOB_ID, SALARY, COMMISSION_PCT, MANAGER_ID, "
                + "DEPARTMENT_ID) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            for (int id = 100; id < 100 + employees; id++) {
                String first = FIRST[r.nextInt(FIRST.length)];
                String last = LAST[r.nextInt(LAST.length)];
                String email = (first.charAt(0) + last.replace(" ", "")).toUpperCase() + id;
                String phone = "515." + (100 + r.nextInt(900)) + "." + (1000 + r.nextInt(9000));
                BigDecimal salary = BigDecimal.valueOf(2500 + r.nextInt(200) * 50, 0).setScale(2);
                ins.setInt(1, id);
                String storedFirst = r.nextInt(10) == 0 ? null : first;
                ins.setString(2, storedFirst);
                ins.setString(3, last);
                ins.setString(4, email);
                ins.setString(5, phone);
                ins.setDate(6, Date.valueOf(LocalDate.of(2000, 1, 1).plusDays(r.nextInt(8000))));
                ins.setString(7, JOBS[r.nextInt(JOBS.length)]);
                ins.setBigDecimal(8, salary);
                ins.setObject(9, r.nextBoolean() ? null : BigDecimal.valueOf(r.nextInt(40), 2));
                ins.setObject(10, id < 103 ? null : 100 + r.nextInt(3));
                ins.setObject(11, r.nextInt(20) == 0 ? null : 10 * (1 + r.nextInt(DEPARTMENTS.length)));
                ins.addBatch();
                plaintexts.add(email);
                plaintexts.add(phone);
                salaries.add(salary);
                for (String text : new String[] {storedFirst, last, email, phone}) {
                    if (text != null) {
                        rows.merge(text, 1, Integer::sum);
                    }
                }
            }
            ins.executeBatch();
        }
        exec(conn, "UPDATE DEPARTMENTS SET MANAGER_ID = ? WHERE DEPARTMENT_ID = ?", 100, 10);
        conn.commit();
        conn.setAutoCommit(true);
        for (String f : FIRST) {
            plaintexts.add(f);
        }
        for (String l : LAST) {
            if (!l.contains(" ")) {
                plaintexts.add(l);
            }
        }
    }
}
