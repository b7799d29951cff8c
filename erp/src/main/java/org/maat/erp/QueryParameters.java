package org.maat.erp;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Chooses parameter values for the ERP queries from the generated data, so results are non-empty
 * on a freshly loaded database: a seeded "anchor" employee supplies the department name, job,
 * manager, city, names and a phone number substring, and the salary range brackets its salary.
 * Q16 inserts employee {@code 100 + employees} (the first free id) and Q18 deletes that same id, so
 * Q16 then Q18 leaves the database as it was. Values can be overridden by name.
 */
public final class QueryParameters {

    /** Length of the phone number substring searched by Q13 and Q14 (pattern {@code %ssss%}). */
    public static final int PHONE_SUBSTRING_LENGTH = 4;

    private final HrGenerator generator;
    private final long seed;

    /**
     * @param seed chooses the anchor employee; the same seed gives the same values
     */
    public QueryParameters(HrGenerator generator, long seed) {
        this.generator = generator;
        this.seed = seed;
    }

    /** Every parameter of {@code query}, by name, in SQL order, with {@code overrides} applied. */
    public Map<String, Object> values(ErpQuery query, Map<String, String> overrides) {
        Map<String, Object> all = defaults(query, new SplittableRandom(seed));
        Map<String, Object> out = new LinkedHashMap<>();
        for (ErpQuery.Param p : query.params()) {
            out.put(p.name(), all.get(p.name()));
        }
        overrides.forEach((name, text) -> out.put(name, query.param(name).parse(text)));
        return out;
    }

    /** Q10R's values for one execution: Q10's with fresh random salary bounds inside the job's range. */
    public Map<String, Object> randomized(Map<String, Object> q10Values, SplittableRandom rnd) {
        HrReference.Job job = HrGenerator.job((String) q10Values.get("job_id"));
        long a = rnd.nextLong(job.minSalary() * 100L, job.maxSalary() * 100L + 1);
        long b = rnd.nextLong(job.minSalary() * 100L, job.maxSalary() * 100L + 1);
        Map<String, Object> out = new LinkedHashMap<>(q10Values);
        out.put("salary_low", BigDecimal.valueOf(Math.min(a, b), 2));
        out.put("salary_high", BigDecimal.valueOf(Math.max(a, b), 2));
        return out;
    }

    /** The values as a positional list for the query's {@code ?} markers. */
    public static List<Object> positional(ErpQuery query, Map<String, Object> values) {
        List<Object> out = new ArrayList<>();
        for (ErpQuery.Param p : query.params()) {
            out.add(values.get(p.name()));
        }
        return out;
    }

    /** The id Q16 inserts and Q18 deletes by default: the first id after the generated employees. */
    public int newEmployeeId() {
        return HrGenerator.FIRST_EMPLOYEE_ID + generator.employeeCount();
    }

    private Map<String, Object> defaults(ErpQuery query, SplittableRandom rnd) {
        int n = generator.employeeCount();
        HrGenerator.Employee anchor = generator.employee(n == 1 ? 0 : 1 + rnd.nextInt(n - 1));
        HrGenerator.Department dept = generator.departmentById(anchor.departmentId());
        HrReference.Job job = HrGenerator.job(anchor.jobId());
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("department_name", dept.name());
        v.put("job_id", anchor.jobId());
        v.put("manager_id", anchor.managerId());
        v.put("city", HrGenerator.location(dept.locationId()).city());
        v.put("first_name", anchor.firstName());
        v.put("last_name", anchor.lastName());
        String phone = anchor.phoneNumber();
        int at = rnd.nextInt(phone.length() - PHONE_SUBSTRING_LENGTH + 1);
        v.put("phone_pattern", "%" + phone.substring(at, at + PHONE_SUBSTRING_LENGTH) + "%");
        // A bracket of 30 % of the job's salary range around the anchor's salary.
        BigDecimal halfWidth = BigDecimal.valueOf((job.maxSalary() - job.minSalary()) * 15L, 2);
        v.put("salary_low", anchor.salary().subtract(halfWidth).max(BigDecimal.valueOf(job.minSalary()))
                .setScale(2, RoundingMode.UNNECESSARY));
        v.put("salary_high", anchor.salary().add(halfWidth).min(BigDecimal.valueOf(job.maxSalary()))
                .setScale(2, RoundingMode.UNNECESSARY));
        v.put("raise", BigDecimal.valueOf(50L * (1 + rnd.nextInt(20)), 0).setScale(2, RoundingMode.UNNECESSARY));
        if (query == ErpQuery.Q16) {
            // A new employee shaped like a generated one, with the first free id and its own email.
            HrGenerator.Employee like = generator.employee(rnd.nextInt(n));
            int id = newEmployeeId();
            v.put("employee_id", id);
            v.put("first_name", like.firstName());
            v.put("last_name", like.lastName());
            v.put("email", HrGenerator.email(like.firstName(), like.lastName(), id));
            v.put("phone_number", like.phoneNumber());
            v.put("hire_date", LocalDate.of(2024, 1, 2));
            v.put("job_id", like.jobId());
            v.put("salary", like.salary());
            v.put("commission_pct", like.commissionPct());
            v.put("manager_id", like.managerId() == null ? HrGenerator.FIRST_EMPLOYEE_ID : like.managerId());
            v.put("department_id", like.departmentId());
        } else if (query == ErpQuery.Q17) {
            v.put("employee_id", anchor.id());
            v.put("salary", BigDecimal.valueOf(rnd.nextLong(job.minSalary() * 100L, job.maxSalary() * 100L + 1), 2));
            v.put("phone_number", phone.substring(0, phone.length() - 4) + String.format("%04d", rnd.nextInt(10000)));
        } else if (query == ErpQuery.Q18) {
            v.put("employee_id", newEmployeeId());
        }
        return v;
    }
}
