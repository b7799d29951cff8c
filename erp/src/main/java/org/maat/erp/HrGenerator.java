package org.maat.erp;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.SplittableRandom;
import java.util.function.IntFunction;

/**
 * Generates the Oracle HR sample data at any size from a seed. Oracle's regions, countries,
 * locations and jobs are kept; departments scale with the number of employees (Oracle's 27 first,
 * then numbered copies such as "Sales 2"); employees get sequential ids from 100, names from lists,
 * unique emails, phone numbers in HR's formats, hire dates, a job with a salary inside the job's
 * range, a manager drawn from earlier employees (so inserting in id order satisfies the foreign key),
 * and a department that usually matches the job.
 *
 * <p>Every employee is a pure function of (seed, index), so rows stream without being held in
 * memory and any employee can be recomputed, e.g. to choose query parameters that exist in the data.
 */
public final class HrGenerator {

    /** Oracle's HR numbers employees from 100 (Steven King, the president). */
    public static final int FIRST_EMPLOYEE_ID = 100;

    static final LocalDate FIRST_HIRE = LocalDate.of(1987, 6, 17);
    static final LocalDate LAST_HIRE = LocalDate.of(2023, 12, 31);

    /** An employee has on average this many direct reports among later employees. */
    private static final int SPAN_OF_CONTROL = 10;

    private static final String[] US_AREA_CODES = {"515", "590", "603", "650"};

    private final long seed;
    private final int employees;
    private final int departmentCount;
    private final int totalJobWeight;

    public HrGenerator(long seed, int employees) {
        if (employees < 1) {
            throw new IllegalArgumentException("employees must be at least 1, got " + employees);
        }
        if (employees > 9_000_000) {
            throw new IllegalArgumentException("employees must be at most 9,000,000 (ids and emails fit HR's "
                    + "column sizes), got " + employees);
        }
        this.seed = seed;
        this.employees = employees;
        this.departmentCount = Math.max(HrReference.DEPARTMENT_KINDS.size(), Math.min(990, employees / 200));
        this.totalJobWeight = HrReference.JOBS.stream().mapToInt(HrReference.Job::weight).sum();
    }

    public long seed() {
        return seed;
    }

    public int employeeCount() {
        return employees;
    }

    public int departmentCount() {
        return departmentCount;
    }

    /** One generated employee. Dates are {@link LocalDate}, salary has two decimals, ids are ints. */
    public record Employee(int id, String firstName, String lastName, String email, String phoneNumber,
            LocalDate hireDate, String jobId, BigDecimal salary, BigDecimal commissionPct, Integer managerId,
            int departmentId) {

        /** The EMPLOYEES row, in the table's declared column order. */
        public Object[] row() {
            return new Object[] {id, firstName, lastName, email, phoneNumber, hireDate, jobId, salary, commissionPct,
                managerId, departmentId};
        }
    }

    /** The department a generated department id denotes. */
    public record Department(int id, String name, int locationId) {

        /** The DEPARTMENTS row with no manager yet (EMPLOYEES must exist first). */
        public Object[] row() {
            return new Object[] {id, name, null, locationId};
        }
    }

    // ---------------------------------------------------------------- reference tables

    public List<Object[]> regions() {
        return HrReference.REGIONS.stream().map(r -> new Object[] {r.id(), r.name()}).toList();
    }

    public List<Object[]> countries() {
        return HrReference.COUNTRIES.stream().map(c -> new Object[] {c.id(), c.name(), c.regionId()}).toList();
    }

    public List<Object[]> locations() {
        return HrReference.LOCATIONS.stream().map(l -> new Object[] {l.id(), l.street(), l.postalCode(), l.city(),
            l.stateProvince(), l.countryId()}).toList();
    }

    public List<Object[]> jobs() {
        return HrReference.JOBS.stream().map(j -> new Object[] {j.id(), j.title(), j.minSalary(), j.maxSalary()})
                .toList();
    }

    public List<Object[]> departments() {
        List<Object[]> rows = new ArrayList<>(departmentCount);
        for (int i = 0; i < departmentCount; i++) {
            rows.add(department(i).row());
        }
        return rows;
    }

    /** Department {@code index} (0-based): id {@code 10 * (index + 1)}. */
    public Department department(int index) {
        HrReference.DepartmentKind kind = HrReference.DEPARTMENT_KINDS.get(index % HrReference.DEPARTMENT_KINDS.size());
        int copy = index / HrReference.DEPARTMENT_KINDS.size();
        if (copy == 0) {
            return new Department(10 * (index + 1), kind.name(), kind.locationId());
        }
        SplittableRandom rnd = random(-1 - index);
        int location = HrReference.LOCATIONS.get(rnd.nextInt(HrReference.LOCATIONS.size())).id();
        return new Department(10 * (index + 1), kind.name() + " " + (copy + 1), location);
    }

    /** The department with the given id. */
    public Department departmentById(int departmentId) {
        int index = departmentId / 10 - 1;
        if (departmentId % 10 != 0 || index < 0 || index >= departmentCount) {
            throw new IllegalArgumentException("no generated department " + departmentId);
        }
        return department(index);
    }

    public static HrReference.Location location(int locationId) {
        return HrReference.LOCATIONS.stream().filter(l -> l.id() == locationId).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no HR location " + locationId));
    }

    public static HrReference.Job job(String jobId) {
        return HrReference.JOBS.stream().filter(j -> j.id().equals(jobId)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no HR job " + jobId));
    }

    // ---------------------------------------------------------------- employees

    /** Employee number {@code index} (0-based; its id is {@code FIRST_EMPLOYEE_ID + index}). */
    public Employee employee(int index) {
        if (index < 0 || index >= employees) {
            throw new IndexOutOfBoundsException("employee index " + index + " of " + employees);
        }
        SplittableRandom rnd = random(index);
        int id = FIRST_EMPLOYEE_ID + index;
        HrReference.Job job = index == 0 ? HrReference.JOBS.get(0) : weightedJob(rnd);
        String first = pick(rnd, HrReference.FIRST_NAMES);
        String last = pick(rnd, HrReference.LAST_NAMES);
        Department dept = department(departmentIndexFor(job, rnd, index));
        String phone = phoneNumber(rnd, location(dept.locationId()).countryId());
        LocalDate hired = index == 0 ? FIRST_HIRE
                : FIRST_HIRE.plusDays(rnd.nextLong(LAST_HIRE.toEpochDay() - FIRST_HIRE.toEpochDay() + 1));
        BigDecimal salary = BigDecimal.valueOf(rnd.nextLong(job.minSalary() * 100L, job.maxSalary() * 100L + 1), 2);
        BigDecimal commission = job.id().startsWith("SA_") ? BigDecimal.valueOf(5L * rnd.nextInt(2, 9), 2) : null;
        // A manager among the first index/SPAN employees: a tree whose managers precede their reports.
        Integer manager = index == 0 ? null
                : FIRST_EMPLOYEE_ID + rnd.nextInt((index + SPAN_OF_CONTROL - 1) / SPAN_OF_CONTROL);
        return new Employee(id, first, last, email(first, last, id), phone, hired, job.id(), salary, commission,
                manager, dept.id());
    }

    /** EMPLOYEES rows in id order, generated one at a time. */
    public Iterator<Object[]> employees() {
        return indexed(employees, i -> employee(i).row());
    }

    /**
     * JOB_HISTORY rows: one earlier job for every tenth employee, ending the day before the hire date
     * (so it never collides with the rows the UPDATE_JOB_HISTORY trigger adds from the hire date).
     */
    public Iterator<Object[]> jobHistory() {
        int rows = (employees + 6) / 10; // indices 3, 13, 23, ...
        return indexed(rows, r -> jobHistoryRow(10 * r + 3));
    }

    public int jobHistoryCount() {
        return (employees + 6) / 10;
    }

    private Object[] jobHistoryRow(int index) {
        Employee e = employee(index);
        SplittableRandom rnd = random(Integer.MAX_VALUE - index);
        HrReference.Job previous = weightedJob(rnd);
        LocalDate end = e.hireDate().minusDays(1);
        LocalDate start = end.minusDays(rnd.nextInt(180, 3000));
        int department = department(departmentIndexFor(previous, rnd, index)).id();
        return new Object[] {e.id(), start, end, previous.id(), department};
    }

    // ---------------------------------------------------------------- pieces

    private int departmentIndexFor(HrReference.Job job, SplittableRandom rnd, int index) {
        if (index == 0) {
            return 8; // Executive
        }
        int kinds = HrReference.DEPARTMENT_KINDS.size();
        if (rnd.nextInt(10) == 0) {
            return rnd.nextInt(departmentCount);
        }
        int copies = (departmentCount - job.departmentKind() + kinds - 1) / kinds;
        return job.departmentKind() + kinds * rnd.nextInt(copies);
    }

    private HrReference.Job weightedJob(SplittableRandom rnd) {
        int r = rnd.nextInt(totalJobWeight);
        for (HrReference.Job job : HrReference.JOBS) {
            r -= job.weight();
            if (r < 0) {
                return job;
            }
        }
        throw new AssertionError("job weights");
    }

    /** HR's formats: 515.123.4567 in North America, 011.44.1344.429268 elsewhere. */
    private static String phoneNumber(SplittableRandom rnd, String countryId) {
        if (countryId.equals("US") || countryId.equals("CA")) {
            return US_AREA_CODES[rnd.nextInt(US_AREA_CODES.length)] + "." + digits(rnd, 3) + "." + digits(rnd, 4);
        }
        String dial = HrReference.COUNTRIES.stream().filter(c -> c.id().equals(countryId)).findFirst()
                .orElseThrow().dialCode();
        return "011." + dial + "." + digits(rnd, 4) + "." + digits(rnd, 6);
    }

    private static String digits(SplittableRandom rnd, int n) {
        StringBuilder b = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            b.append((char) ('0' + rnd.nextInt(10)));
        }
        return b.toString();
    }

    /** HR's style (first initial + last name, upper case) made unique by the employee id. */
    static String email(String first, String last, int id) {
        String letters = (first.charAt(0) + last).replaceAll("[^A-Za-z]", "").toUpperCase(Locale.ROOT);
        return letters.substring(0, Math.min(15, letters.length())) + id;
    }

    private static <T> T pick(SplittableRandom rnd, List<T> list) {
        return list.get(rnd.nextInt(list.size()));
    }

    /** An independent stream per (seed, key): SplittableRandom seeded with a mix of both. */
    private SplittableRandom random(long key) {
        return new SplittableRandom(mix(seed ^ mix(key + 0x632BE59BD9B4E019L)));
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        z = (z ^ (z >>> 33)) * 0xc4ceb9fe1a85ec53L;
        return z ^ (z >>> 33);
    }

    private static Iterator<Object[]> indexed(int count, IntFunction<Object[]> row) {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < count;
            }

            @Override
            public Object[] next() {
                if (next >= count) {
                    throw new NoSuchElementException();
                }
                return row.apply(next++);
            }
        };
    }
}
