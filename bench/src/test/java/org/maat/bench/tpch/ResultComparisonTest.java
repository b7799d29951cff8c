package org.maat.bench.tpch;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Types;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResultComparisonTest {

    private static ResultRows rows(Object[]... rows) {
        return new ResultRows(List.of(Types.VARCHAR, Types.DECIMAL), List.of(0, 2), new ArrayList<>(List.of(rows)));
    }

    @Test
    void rowsTiedUnderTheOrderByMayComeInAnyOrder() {
        ResultRows plain = rows(new Object[] {"a", new BigDecimal("1.00")}, new Object[] {"b", new BigDecimal("1.00")},
                new Object[] {"c", new BigDecimal("2.00")});
        ResultRows driver = rows(new Object[] {"b", new BigDecimal("1.00")}, new Object[] {"a", new BigDecimal("1.0")},
                new Object[] {"c", new BigDecimal("2")});
        assertThat(ResultComparison.difference(plain, driver, List.of(2))).isNull();
    }

    @Test
    void rowsOutOfTheOrderByOrderDiffer() {
        ResultRows plain = rows(new Object[] {"a", new BigDecimal("1.00")}, new Object[] {"c", new BigDecimal("2.00")});
        ResultRows driver = rows(new Object[] {"c", new BigDecimal("2.00")}, new Object[] {"a", new BigDecimal("1.00")});
        assertThat(ResultComparison.difference(plain, driver, List.of(2))).contains("row 1");
        // Without an ORDER BY the same rows in another order are the same answer.
        assertThat(ResultComparison.difference(plain, driver, List.of())).isNull();
    }

    @Test
    void numbersDifferingAtTheColumnsScaleDiffer() {
        ResultRows plain = rows(new Object[] {"a", new BigDecimal("1.00")});
        assertThat(ResultComparison.difference(plain, rows(new Object[] {"a", new BigDecimal("1.01")}), List.of()))
                .contains("1.01");
        assertThat(ResultComparison.difference(plain, rows(new Object[] {"a", null}), List.of())).contains("NULL");
        assertThat(ResultComparison.difference(plain, rows(), List.of())).contains("0 rows instead of 1");
    }
}
