package org.maat.encdb.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.sql.SQLSyntaxErrorException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.ColumnType;

class RewritePiecesTest {

    private static byte[] key(int b) {
        byte[] k = new byte[32];
        Arrays.fill(k, (byte) b);
        return k;
    }

    @Test
    void malformedSqlReportsLineAndColumn() {
        assertThatThrownBy(() -> StatementParser.parse("SELECT A FROM T\nWHERE B = = 3"))
                .isInstanceOf(SQLSyntaxErrorException.class).hasMessageStartingWith("syntax error at line 2, column 11");
    }

    @Test
    void keywordSearchNeedsAWholeWordAndSubstringSearchALongEnoughRun() throws SQLException {
        SearchCipher keyword = new SearchCipher("keyword", key(1));
        assertThat(keyword.token("% Smith %", '\\', "T.C")).isNotEmpty();
        assertThat(keyword.token("515.%", '\\', "T.C")).isNotEmpty();
        assertThat(keyword.token("Smith", '\\', "T.C")).isEqualTo(keyword.token("% smith", '\\', "T.C"));
        assertThatThrownBy(() -> keyword.token("%Smith%", '\\', "T.C"))
                .isInstanceOf(SQLFeatureNotSupportedException.class).hasMessageContaining("whole word");
        SearchCipher substring = new SearchCipher("substring(3,5)", key(2));
        assertThat(substring.token("%23.4%", '\\', "T.C")).isNotEmpty();
        assertThatThrownBy(() -> substring.token("%2%3%", '\\', "T.C"))
                .isInstanceOf(SQLFeatureNotSupportedException.class).hasMessageContaining("at least 3");
    }

    @Test
    void likeMatchesAsH2() {
        assertThat(LikeMatcher.matches("515.123.4567", "%123.4%", '\\')).isTrue();
        assertThat(LikeMatcher.matches("515.123.4567", "%123_4%", '\\')).isTrue();
        assertThat(LikeMatcher.matches("515.123.4567", "%124%", '\\')).isFalse();
        assertThat(LikeMatcher.matches("100%", "100\\%", '\\')).isTrue();
        assertThat(LikeMatcher.matches("1000", "100\\%", '\\')).isFalse();
        assertThat(LikeMatcher.matches("Smith", "smith", '\\')).isFalse();
    }

    @Test
    void rangeBoundsMoveConstantsToTheNearestStoredValueOnTheRightSide() throws SQLException {
        ColumnType t = ColumnType.of("NUMERIC", List.of(8, 2));
        OrderCipher ope = new OrderCipher("T.C", t, key(3));
        byte[] cents501 = ByteBuffer.allocate(8).putLong(ope.encrypt(new BigDecimal("5.01"))).array();
        byte[] cents500 = ByteBuffer.allocate(8).putLong(ope.encrypt(new BigDecimal("5.00"))).array();
        assertThat(ope.bound(new BigDecimal("5.005"), true, false, "T.C")).isEqualTo(cents501);  // >= 5.005
        assertThat(ope.bound(new BigDecimal("5.00"), true, true, "T.C")).isEqualTo(cents501);    // > 5
        assertThat(ope.bound(new BigDecimal("5.009"), false, false, "T.C")).isEqualTo(cents500); // <= 5.009
        assertThat(ope.bound(new BigDecimal("5.01"), false, true, "T.C")).isEqualTo(cents500);   // < 5.01
        assertThat(ope.bound(new BigDecimal("1e9"), true, false, "T.C")).isEqualTo(OrderCipher.ABOVE_ALL);
        assertThat(ope.bound(new BigDecimal("-1e9"), false, false, "T.C")).isEqualTo(OrderCipher.BELOW_ALL);
    }

    @Test
    void annotationsChooseOnionsAndRejectTypos() throws SQLException {
        ColumnAnnotation a = ColumnAnnotation.parse("'maat:onions=eq,ord search=substring(3, 5)'", "T.C");
        assertThat(a.onions()).containsExactlyInAnyOrder(Onion.EQ, Onion.ORD);
        assertThat(a.search()).isEqualTo("substring(3,5)");
        assertThat(ColumnAnnotation.parse("'maat:plaintext'", "T.C").plaintext()).isTrue();
        assertThat(ColumnAnnotation.parse("'a comment'", "T.C")).isEqualTo(ColumnAnnotation.NONE);
        assertThatThrownBy(() -> ColumnAnnotation.parse("'maat:plaintxt'", "T.C")).hasMessageContaining("plaintxt");
    }
}
