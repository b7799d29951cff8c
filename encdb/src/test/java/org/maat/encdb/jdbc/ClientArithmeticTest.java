package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;

/**
 * Select-list arithmetic over several encrypted INTEGER, BIGINT and DOUBLE columns, computed on the
 * client after decryption: the same values as plain H2, and the same errors (22003 when an INTEGER
 * result overflows, 22012 on division by zero).
 */
class ClientArithmeticTest {

    @TempDir
    Path dir;

    @Test
    void expressionsOverEncryptedColumnsGiveWhatPlainH2Gives() throws SQLException {
        try (Connection plain = DriverManager.getConnection("jdbc:h2:mem:arith-plain-" + System.nanoTime());
                Connection enc = MaatDriver.connect("jdbc:h2:mem:arith-enc-" + System.nanoTime(),
                        KeyFile.createIfAbsent(dir.resolve("key")))) {
            for (String sql : List.of(
                    "CREATE TABLE t(pk INTEGER PRIMARY KEY, a INTEGER, b INTEGER, big BIGINT, d DOUBLE PRECISION, "
                            + "p INTEGER COMMENT 'maat:plaintext')",
                    "INSERT INTO t VALUES(1, 7, -3, 5000000000, 1.5, 2)",
                    "INSERT INTO t VALUES(2, -8, 3, -1, -0.25, NULL)",
                    "INSERT INTO t VALUES(3, NULL, 4, 7, 2.0, 5)",
                    "INSERT INTO t VALUES(4, 2147483647, 1, 1, 0.5, 1)")) {
                run(plain, sql);
                run(enc, sql);
            }
            for (String q : List.of(
                    "SELECT pk, a + b, a - b * 2, a * - b, a / b, - a / 2, (a + 1) * 0 FROM t WHERE pk < 4 ORDER BY pk",
                    "SELECT pk, big * a, big / b + 1, d * a, a / d, - d FROM t WHERE pk < 4 ORDER BY pk",
                    "SELECT pk, a + p, p * b - 1 FROM t WHERE pk < 4 ORDER BY pk",
                    "SELECT pk, a - b FROM t WHERE pk < 4 ORDER BY a - b DESC NULLS LAST")) {
                assertThat(JdbcRows.rows(enc, q)).as(q).isEqualTo(JdbcRows.rows(plain, q));
            }
            // Under DISTINCT the server compares the DET ciphertexts of the column, so only an expression
            // that maps distinct values to distinct values is computed on the client after H2's DISTINCT.
            for (String distinct : List.of("SELECT DISTINCT b + 1 FROM t ORDER BY 1", "SELECT DISTINCT b * -2 FROM t ORDER BY 1")) {
                assertThat(JdbcRows.rows(enc, distinct)).as(distinct)
                        .containsExactlyInAnyOrderElementsOf(JdbcRows.rows(plain, distinct));
            }
            // a * 0 is not one-to-one: H2 cannot deduplicate it on ciphertext, so the client H2 does
            assertThat(JdbcRows.rows(enc, "SELECT DISTINCT a * 0 FROM t ORDER BY 1"))
                    .isEqualTo(JdbcRows.rows(plain, "SELECT DISTINCT a * 0 FROM t ORDER BY 1"));
            for (String failing : List.of("SELECT a + b FROM t WHERE pk = 4", "SELECT a * 2 FROM t WHERE pk = 4",
                    "SELECT a / (b - 3) FROM t WHERE pk = 2", "SELECT d / (b - 4) FROM t WHERE pk = 3")) {
                SQLException h2 = (SQLException) catchThrowable(() -> JdbcRows.rows(plain, failing));
                SQLException driver = (SQLException) catchThrowable(() -> JdbcRows.rows(enc, failing));
                assertThat((Throwable) h2).as(failing).isNotNull();
                assertThat((Throwable) driver).as(failing).isNotNull();
                assertThat(driver.getSQLState()).as(failing).isEqualTo(h2.getSQLState());
            }
        }
    }

    private static void run(Connection c, String sql) throws SQLException {
        try (Statement st = c.createStatement()) {
            st.execute(sql);
        }
    }
}
