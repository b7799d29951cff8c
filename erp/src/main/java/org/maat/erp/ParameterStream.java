package org.maat.erp;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Parameter values for repeated executions of one query against one database, as the evaluation's
 * load generator sent them: the same values every time for Q7-Q15 (the evaluation's static JMeter
 * requests), fresh salary bounds for Q10R, fresh ids for Q16, a random employee's new salary for Q17,
 * and for Q18 the employees Q16 inserted on this database, until none are left. Thread-safe.
 */
public final class ParameterStream {

    private final ErpQuery query;
    private final QueryParameters chooser;
    private final HrGenerator generator;
    private final Map<String, Object> fixed;
    private final AtomicInteger nextNewId;
    private final AtomicInteger nextDeletedId;

    /**
     * @param inserted ids handed out to Q16 on this database so far (shared with the Q18 stream, which
     *     deletes ids below it)
     */
    public ParameterStream(ErpQuery query, QueryParameters chooser, HrGenerator generator, AtomicInteger inserted) {
        this.query = query;
        this.chooser = chooser;
        this.generator = generator;
        this.fixed = chooser.values(query, Map.of());
        this.nextNewId = inserted;
        this.nextDeletedId = new AtomicInteger(chooser.newEmployeeId());
    }

    /** Positional values for the next execution, or null when Q18 has nothing left to delete. */
    public List<Object> next(SplittableRandom rnd) {
        Map<String, Object> v;
        switch (query) {
            case Q10R -> v = chooser.randomized(fixed, rnd);
            case Q16 -> {
                int id = nextNewId.getAndIncrement();
                v = new LinkedHashMap<>(fixed);
                v.put("employee_id", id);
                v.put("email", HrGenerator.email((String) fixed.get("first_name"), (String) fixed.get("last_name"), id));
            }
            case Q17 -> {
                HrGenerator.Employee e = generator.employee(1 + rnd.nextInt(Math.max(1, generator.employeeCount() - 1)));
                HrReference.Job job = HrGenerator.job(e.jobId());
                v = new LinkedHashMap<>(fixed);
                v.put("employee_id", e.id());
                v.put("salary", BigDecimal.valueOf(rnd.nextLong(job.minSalary() * 100L, job.maxSalary() * 100L + 1), 2));
            }
            case Q18 -> {
                int id = nextDeletedId.getAndIncrement();
                if (id >= nextNewId.get()) {
                    return null;
                }
                v = Map.of("employee_id", id);
            }
            default -> v = fixed;
        }
        return QueryParameters.positional(query, v);
    }
}
