package org.maat.erp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class HrGeneratorTest {

    @Property(tries = 20)
    void employeesAreConsistentWithTheReferenceTables(@ForAll long seed, @ForAll @IntRange(min = 1, max = 3000) int n) {
        HrGenerator g = new HrGenerator(seed, n);
        Set<Integer> departments = new HashSet<>();
        g.departments().forEach(r -> departments.add((Integer) r[0]));
        Set<String> emails = new HashSet<>();
        Iterator<Object[]> rows = g.employees();
        int expectedId = HrGenerator.FIRST_EMPLOYEE_ID;
        while (rows.hasNext()) {
            Object[] r = rows.next();
            int id = (Integer) r[0];
            assertThat(id).isEqualTo(expectedId++);
            assertThat(emails.add((String) r[3])).as("unique email %s", r[3]).isTrue();
            assertThat((String) r[3]).hasSizeLessThanOrEqualTo(25);
            assertThat((String) r[4]).matches("\\d{3}\\.\\d{3}\\.\\d{4}|011\\.\\d{1,3}\\.\\d{4}\\.\\d{6}");
            HrReference.Job job = HrGenerator.job((String) r[6]);
            BigDecimal salary = (BigDecimal) r[7];
            assertThat(salary).isBetween(BigDecimal.valueOf(job.minSalary()), BigDecimal.valueOf(job.maxSalary()));
            assertThat(salary.scale()).isEqualTo(2);
            assertThat((LocalDate) r[5]).isBetween(HrGenerator.FIRST_HIRE, HrGenerator.LAST_HIRE);
            if (id == HrGenerator.FIRST_EMPLOYEE_ID) {
                assertThat(r[9]).isNull();
                assertThat(r[6]).isEqualTo("AD_PRES");
            } else {
                assertThat((Integer) r[9]).isBetween(HrGenerator.FIRST_EMPLOYEE_ID, id - 1);
            }
            assertThat(departments).contains((Integer) r[10]);
            assertThat(r[8] != null).isEqualTo(job.id().startsWith("SA_"));
        }
        assertThat(expectedId).isEqualTo(HrGenerator.FIRST_EMPLOYEE_ID + n);
    }

    @Test
    void sameSeedGivesTheSameDataAndAnotherSeedOtherData() {
        assertThat(rows(new HrGenerator(5, 200))).isEqualTo(rows(new HrGenerator(5, 200)));
        assertThat(rows(new HrGenerator(5, 200))).isNotEqualTo(rows(new HrGenerator(6, 200)));
    }

    @Test
    void jobHistoryEndsTheDayBeforeTheHireDate() {
        HrGenerator g = new HrGenerator(3, 1000);
        int count = 0;
        for (Iterator<Object[]> it = g.jobHistory(); it.hasNext(); count++) {
            Object[] r = it.next();
            HrGenerator.Employee e = g.employee((Integer) r[0] - HrGenerator.FIRST_EMPLOYEE_ID);
            assertThat((LocalDate) r[2]).isEqualTo(e.hireDate().minusDays(1));
            assertThat((LocalDate) r[1]).isBefore((LocalDate) r[2]);
        }
        assertThat(count).isEqualTo(g.jobHistoryCount()).isEqualTo(100);
    }

    @Test
    void departmentsScaleWithEmployeesAndKeepOraclesFirst27() {
        assertThat(new HrGenerator(1, 2000).departmentCount()).isEqualTo(27);
        HrGenerator big = new HrGenerator(1, 100_000);
        assertThat(big.departmentCount()).isEqualTo(500);
        assertThat(big.department(7).name()).isEqualTo("Sales");
        assertThat(big.department(7 + 27).name()).isEqualTo("Sales 2");
        assertThat(big.departmentById(80)).isEqualTo(big.department(7));
    }

    @Test
    void badSizesAreRejected() {
        assertThatThrownBy(() -> new HrGenerator(1, 0)).hasMessageContaining("at least 1");
        assertThatThrownBy(() -> new HrGenerator(1, 10_000_000)).hasMessageContaining("at most");
    }

    private static List<String> rows(HrGenerator g) {
        List<String> out = new ArrayList<>();
        g.employees().forEachRemaining(r -> out.add(java.util.Arrays.toString(r)));
        g.jobHistory().forEachRemaining(r -> out.add(java.util.Arrays.toString(r)));
        return out;
    }
}
