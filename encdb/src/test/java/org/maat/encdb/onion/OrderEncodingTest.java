package org.maat.encdb.onion;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;

class OrderEncodingTest {

    @Property
    void intsKeepTheirOrderAndDecode(@ForAll int a, @ForAll int b) {
        assertThat(Long.compare(OrderEncoding.ofInt(a), OrderEncoding.ofInt(b))).isEqualTo(Integer.compare(a, b));
        assertThat(OrderEncoding.ofInt(a)).isBetween(0L, (1L << 32) - 1);
        assertThat(OrderEncoding.toInt(OrderEncoding.ofInt(a))).isEqualTo(a);
    }

    @Property
    void longsKeepTheirOrderAndDecode(@ForAll @LongRange(min = -(1L << 47), max = (1L << 47) - 1) long a,
                                      @ForAll @LongRange(min = -(1L << 47), max = (1L << 47) - 1) long b) {
        assertThat(Long.compare(OrderEncoding.ofLong(a), OrderEncoding.ofLong(b))).isEqualTo(Long.compare(a, b));
        assertThat(OrderEncoding.toLong(OrderEncoding.ofLong(a))).isEqualTo(a);
    }

    @Property
    void datesKeepTheirOrderAndDecode(@ForAll @LongRange(min = -400_000, max = 2_900_000) long dayA,
                                      @ForAll @LongRange(min = -400_000, max = 2_900_000) long dayB) {
        LocalDate a = LocalDate.ofEpochDay(dayA);
        LocalDate b = LocalDate.ofEpochDay(dayB);
        assertThat(Long.signum(OrderEncoding.ofDate(a) - OrderEncoding.ofDate(b))).isEqualTo(Integer.signum(a.compareTo(b)));
        assertThat(OrderEncoding.toDate(OrderEncoding.ofDate(a))).isEqualTo(a);
    }

    @Property
    void decimalsAtAScaleKeepTheirOrderAndDecode(@ForAll @LongRange(min = -99_999_999, max = 99_999_999) long a,
                                                 @ForAll @LongRange(min = -99_999_999, max = 99_999_999) long b) {
        BigDecimal x = BigDecimal.valueOf(a, 2);
        BigDecimal y = BigDecimal.valueOf(b, 2);
        long ex = OrderEncoding.ofDecimal(x, 2, RoundingMode.UNNECESSARY);
        long ey = OrderEncoding.ofDecimal(y, 2, RoundingMode.UNNECESSARY);
        assertThat(Long.signum(ex - ey)).isEqualTo(x.compareTo(y));
        assertThat(OrderEncoding.toDecimal(ex, 2)).isEqualTo(x);
    }

    @Test
    void decimalRangeBoundsRoundOutwardOnRequestAndExactnessIsEnforced() {
        BigDecimal bound = new BigDecimal("5000.125");
        assertThat(OrderEncoding.toDecimal(OrderEncoding.ofDecimal(bound, 2, RoundingMode.FLOOR), 2))
                .isEqualTo(new BigDecimal("5000.12"));
        assertThat(OrderEncoding.toDecimal(OrderEncoding.ofDecimal(bound, 2, RoundingMode.CEILING), 2))
                .isEqualTo(new BigDecimal("5000.13"));
        assertThatThrownBy(() -> OrderEncoding.ofDecimal(bound, 2, RoundingMode.UNNECESSARY))
                .isInstanceOf(ArithmeticException.class);
    }

    @Test
    void longsOutsideTheDomainAreRejected() {
        assertThatThrownBy(() -> OrderEncoding.ofLong(1L << 47)).hasMessageContaining("outside the order-preserving range");
    }

    @Property
    void stringPrefixesAreMonotoneButNotExact(@ForAll String a, @ForAll String b) {
        if (a.compareTo(b) < 0) {
            assertThat(OrderEncoding.stringPrefix(a)).isLessThanOrEqualTo(OrderEncoding.stringPrefix(b));
        }
        assertThat(OrderEncoding.stringPrefix(a)).isBetween(0L, (1L << 48) - 1);
    }

    @Test
    void stringPrefixesCollideBeyondThreeCharacters() {
        assertThat(OrderEncoding.stringPrefix("Kingston")).isEqualTo(OrderEncoding.stringPrefix("Kinnear"));
        assertThat(OrderEncoding.stringPrefix("Abel")).isLessThan(OrderEncoding.stringPrefix("Ande"));
    }
}
