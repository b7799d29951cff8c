package org.maat.frontend.erp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.maat.erp.ErpQuery;
import org.maat.erp.HrGenerator;
import org.maat.erp.QueryParameters;
import org.maat.frontend.app.RequestException;

class RequestValuesTest {

    private static final long SEED = 42;
    private final HrGenerator generator = new HrGenerator(SEED, 300);
    private final RequestValues values = new RequestValues(generator, SEED);
    private final SplittableRandom rnd = new SplittableRandom(7);

    private Map<String, Object> choose(ErpQuery q, Map<String, String> given) {
        return values.choose(q, given, rnd).orElseThrow();
    }

    @Test
    void bareRequestBindsTheSeededDefaultsOfEncdbEveryTime() {
        Map<String, Object> expected = new QueryParameters(generator, SEED).values(ErpQuery.Q7, Map.of());
        assertThat(choose(ErpQuery.Q7, Map.of())).isEqualTo(expected).containsOnlyKeys("department_name", "job_id",
                "manager_id");
        assertThat(choose(ErpQuery.Q7, Map.of())).isEqualTo(expected);
    }

    @Test
    void givenValuesWinAndAreParsedByTheirType() {
        Map<String, Object> v = choose(ErpQuery.Q8, Map.of("job_id", "SA_REP", "salary_low", "6000.50",
                "manager_id", "null"));
        assertThat(v.get("job_id")).isEqualTo("SA_REP");
        assertThat(v.get("salary_low")).isEqualTo(new BigDecimal("6000.50"));
        assertThat(v).containsEntry("manager_id", null);
        assertThat(List.copyOf(v.keySet())).containsExactly("job_id", "manager_id", "salary_low", "salary_high");
    }

    @Test
    void aParameterTheQueryDoesNotHaveIsABadRequestNamingIt() {
        assertThatThrownBy(() -> choose(ErpQuery.Q7, Map.of("salary", "1")))
                .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("'salary'").hasMessageContaining("department_name, job_id, manager_id");
    }

    @Test
    void aMalformedValueIsABadRequestNamingTheParameterAndItsType() {
        assertThatThrownBy(() -> choose(ErpQuery.Q8, Map.of("salary_high", "lots")))
                .isInstanceOfSatisfying(RequestException.class, e -> assertThat(e.status()).isEqualTo(400))
                .hasMessageContaining("salary_high must be a decimal number").hasMessageContaining("'lots'");
        assertThatThrownBy(() -> choose(ErpQuery.Q16, Map.of("hire_date", "yesterday")))
                .hasMessageContaining("hire_date must be a date");
    }

    @Test
    void q10rDrawsNewSalaryBoundsForEveryRequestUnlessGiven() {
        Set<Object> lows = new HashSet<>();
        Map<String, Object> q10 = choose(ErpQuery.Q10, Map.of());
        for (int i = 0; i < 20; i++) {
            Map<String, Object> v = choose(ErpQuery.Q10R, Map.of());
            assertThat(v.get("job_id")).isEqualTo(q10.get("job_id"));
            assertThat(v.get("department_name")).isEqualTo(q10.get("department_name"));
            assertThat((BigDecimal) v.get("salary_low")).isLessThanOrEqualTo((BigDecimal) v.get("salary_high"));
            lows.add(v.get("salary_low"));
        }
        assertThat(lows).hasSizeGreaterThan(10);
        Map<String, Object> fixed = choose(ErpQuery.Q10R, Map.of("salary_low", "1000", "salary_high", "2000"));
        assertThat(fixed).containsEntry("salary_low", new BigDecimal("1000"))
                .containsEntry("salary_high", new BigDecimal("2000"));
    }

    @Test
    void q16WithoutAnIdInsertsAFreshIdForEveryRequestEvenConcurrently() throws Exception {
        Set<Object> ids = ConcurrentHashMap.newKeySet();
        Set<Object> emails = ConcurrentHashMap.newKeySet();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new java.util.ArrayList<>();
            for (int t = 0; t < 4; t++) {
                done.add(pool.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        Map<String, Object> v = values.choose(ErpQuery.Q16, Map.of(), new SplittableRandom()).orElseThrow();
                        ids.add(v.get("employee_id"));
                        emails.add(v.get("email"));
                    }
                }));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        assertThat(ids).hasSize(200).allSatisfy(id -> assertThat((Integer) id)
                .isGreaterThanOrEqualTo(HrGenerator.FIRST_EMPLOYEE_ID + 300));
        assertThat(emails).hasSize(200);
    }

    @Test
    void q16WithAnIdUsesItAndLeavesTheFreshIdsAlone() {
        assertThat(choose(ErpQuery.Q16, Map.of("employee_id", "5000"))).containsEntry("employee_id", 5000);
        assertThat(choose(ErpQuery.Q16, Map.of())).containsEntry("employee_id", 400);
    }

    @Test
    void q18DeletesWhatQ16InsertedThenHasNothingLeft() {
        Object first = choose(ErpQuery.Q16, Map.of()).get("employee_id");
        Object second = choose(ErpQuery.Q16, Map.of()).get("employee_id");
        assertThat(choose(ErpQuery.Q18, Map.of())).containsExactly(Map.entry("employee_id", first));
        assertThat(choose(ErpQuery.Q18, Map.of())).containsExactly(Map.entry("employee_id", second));
        assertThat(values.choose(ErpQuery.Q18, Map.of(), rnd)).isEmpty();
        assertThat(choose(ErpQuery.Q18, Map.of("employee_id", "123"))).containsEntry("employee_id", 123);
    }

    @Test
    void q17WithoutAnIdUpdatesAnExistingGeneratedEmployee() {
        for (int i = 0; i < 20; i++) {
            int id = (Integer) choose(ErpQuery.Q17, Map.of()).get("employee_id");
            assertThat(id).isBetween(HrGenerator.FIRST_EMPLOYEE_ID, HrGenerator.FIRST_EMPLOYEE_ID + 299);
        }
    }

    @Test
    void freshIdsSkipPastTakenOnesByDoublingSteps() {
        int id = (Integer) choose(ErpQuery.Q16, Map.of()).get("employee_id");
        values.skipTaken(id + 1, 0);
        assertThat(choose(ErpQuery.Q16, Map.of())).containsEntry("employee_id", id + 2);
        values.skipTaken(id + 2, 3);
        assertThat(choose(ErpQuery.Q16, Map.of())).containsEntry("employee_id", id + 10);
    }

    @Test
    void defaultsAreWhatABareRequestBinds() {
        assertThat(values.defaults(ErpQuery.Q7)).isEqualTo(choose(ErpQuery.Q7, Map.of()));
    }
}
