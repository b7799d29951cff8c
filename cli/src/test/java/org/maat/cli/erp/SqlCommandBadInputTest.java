package org.maat.cli.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.util.StringJoiner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.erp.ErpDatabase;

/** Bad SQL given to {@code maat erp sql} is one short line on standard error and exit 1, never a stack trace. */
class SqlCommandBadInputTest {

    @TempDir
    Path dir;

    @Test
    void badStatementsAreOneShortLine() throws Exception {
        ErpDatabase db = ErpDatabase.create(dir.resolve("enc"), ErpDatabase.Kind.ENCRYPTED, 1, 2);
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE T (ID INTEGER PRIMARY KEY, NAME VARCHAR(20))");
        }
        db.markComplete();
        StringJoiner in = new StringJoiner(", ", "SELECT NAME FROM T WHERE ID IN (", ")");
        for (int i = 0; i < 100_000; i++) {
            in.add(Integer.toString(i));
        }
        for (String sql : new String[] {
            "SELECT " + "(".repeat(5_000) + "1" + ")".repeat(5_000) + " FROM T",
            in.toString(),
            "SELECT 1; DROP TABLE T",
            "SELECT NAME FROM T WHERE NAME = 'unterminated",
        }) {
            SqlAndLayersCommandTest.Run r = SqlAndLayersCommandTest.run(new SqlCommand(), "--db", db.dir().toString(), sql);
            assertThat(r.exit()).isEqualTo(1);
            assertThat(r.err().strip().lines().count()).as(r.err()).isEqualTo(1);
            assertThat(r.err().length()).isLessThan(1_100);
            assertThat(r.err()).startsWith("maat erp sql: ").doesNotContain("\tat ").doesNotContain("Exception");
        }
    }
}
