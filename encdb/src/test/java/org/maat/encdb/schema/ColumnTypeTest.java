package org.maat.encdb.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.BigRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;

class ColumnTypeTest {

    @Property(tries = 300)
    void decimalsRoundTripAndEqualValuesEncodeEqually(
            @ForAll @BigRange(min = "-999999.99", max = "999999.99") @Scale(2) BigDecimal v) throws SQLException {
        ColumnType t = ColumnType.of("NUMERIC", List.of(8, 2));
        Object stored = t.toStored(v, "T.C");
        assertThat(t.decode(t.encode(stored))).isEqualTo(stored);
        Object sameValueOtherScale = t.toStored(v.setScale(4), "T.C");
        assertThat(t.encode(sameValueOtherScale)).isEqualTo(t.encode(stored));
    }

    @Property(tries = 300)
    void integersRoundTrip(@ForAll int v) throws SQLException {
        ColumnType t = ColumnType.of("INTEGER", List.of());
        assertThat(t.decode(t.encode(t.toStored(v, "T.C")))).isEqualTo(v);
    }

    @Test
    void storesAsH2Does() throws SQLException {
        ColumnType dec = ColumnType.of("NUMERIC", List.of(4, 2));
        assertThat(dec.toStored(new BigDecimal("12.345"), "T.C")).isEqualTo(new BigDecimal("12.35"));
        assertThatThrownBy(() -> dec.toStored(new BigDecimal("123.456"), "T.C")).hasMessageContaining("too long");
        ColumnType ch = ColumnType.of("CHAR", List.of(3));
        assertThat(ch.toStored("a", "T.C")).isEqualTo("a  ");
        assertThat(ch.decode(ch.encode("a  "))).isEqualTo("a  ");
        ColumnType vc = ColumnType.of("VARCHAR", List.of(3));
        assertThatThrownBy(() -> vc.toStored("abcd", "T.C")).isInstanceOf(SQLException.class)
                .hasMessageContaining("T.C");
        assertThat(ColumnType.of("DATE", List.of()).toStored("2020-02-03", "T.C"))
                .isEqualTo(java.sql.Date.valueOf("2020-02-03"));
    }

    @Test
    void aConstantNoStoredValueEqualsHasNoExactForm() throws SQLException {
        ColumnType dec = ColumnType.of("NUMERIC", List.of(8, 2));
        assertThat(dec.exactStored(new BigDecimal("1.005"), "T.C")).isNull();
        assertThat(dec.exactStored(new BigDecimal("1.50"), "T.C")).isEqualTo(new BigDecimal("1.50"));
        assertThat(ColumnType.of("INTEGER", List.of()).exactStored(new BigDecimal("1e12"), "T.C")).isNull();
    }

    @Test
    void unknownTypesAreRefusedByName() {
        assertThatThrownBy(() -> ColumnType.of("GEOMETRY", List.of()))
                .isInstanceOf(SQLFeatureNotSupportedException.class).hasMessageContaining("GEOMETRY")
                .hasMessageContaining("maat:plaintext");
    }
}
