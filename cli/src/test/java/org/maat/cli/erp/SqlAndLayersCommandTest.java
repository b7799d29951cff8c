package org.maat.cli.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.erp.ErpDatabase;
import picocli.CommandLine;

class SqlAndLayersCommandTest {

    @TempDir
    Path dir;

    record Run(int exit, String out, String err) {
    }

    static Run run(Object command, String... args) {
        CommandLine cl = new CommandLine(command);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    private Path encryptedDatabase() throws Exception {
        ErpDatabase db = ErpDatabase.create(dir.resolve("enc"), ErpDatabase.Kind.ENCRYPTED, 1, 2);
        try (Connection c = db.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE T (ID INTEGER PRIMARY KEY, NAME VARCHAR(20), PAY NUMERIC(8,2))");
            st.execute("INSERT INTO T VALUES (1, 'Ada', 100.50), (2, 'Bob', 200.00)");
        }
        db.markComplete();
        return db.dir();
    }

    @Test
    void sqlPrintsDecryptedRowsAndLayersShowsThePeel() throws Exception {
        Path db = encryptedDatabase();
        Run before = run(new LayersCommand(), "--db", db.toString());
        assertThat(before.exit()).isZero();
        assertThat(before.out()).contains("T.PAY").contains("ORD=RND");

        Run sql = run(new SqlCommand(), "--db", db.toString(), "SELECT NAME, PAY FROM T WHERE PAY > 150");
        assertThat(sql.exit()).as(sql.err()).isZero();
        assertThat(sql.out()).contains("NAME\tPAY").contains("Bob\t200.00").contains("(1 row");

        Run after = run(new LayersCommand(), "--db", db.toString(), "--peeled");
        assertThat(after.out()).contains("T.PAY").contains("ORD=OPE").doesNotContain("T.NAME");
    }

    @Test
    void aQueryH2CannotRunWholeRunsSplitAndExplainShowsTheSplit() throws Exception {
        Path db = encryptedDatabase();
        Run sql = run(new SqlCommand(), "--db", db.toString(), "SELECT NAME FROM T WHERE NAME > 'B'");
        assertThat(sql.exit()).as(sql.err()).isZero();
        assertThat(sql.out()).contains("NAME\nBob\n").contains("(1 row");

        Run explain = run(new SqlCommand(), "--db", db.toString(), "--explain",
                "SELECT COUNT(*) FROM T WHERE NAME < 'M' AND PAY > 150");
        assertThat(explain.exit()).as(explain.err()).isZero();
        assertThat(explain.out()).startsWith("strategy: split").contains("range comparison <")
                .contains("H2 scan 1: T cols NAME, PAY").contains("pushed: (PAY > 150)")
                .contains("client: load 1 table, run: SELECT COUNT(*) FROM T WHERE NAME < 'M' AND PAY > 150")
                .doesNotContain("(1 row");
        Run whole = run(new SqlCommand(), "--db", db.toString(), "--explain", "SELECT NAME FROM T WHERE PAY > 150");
        assertThat(whole.out()).startsWith("strategy: H2").contains("physical: SELECT").contains("column T.PAY: EQ=");
    }

    @Test
    void unsupportedSqlExitsOneWithTheConstructAndABadFlagExitsTwo() throws Exception {
        Path db = encryptedDatabase();
        Run bad = run(new SqlCommand(), "--db", db.toString(), "SELECT NAME, SESSION_ID() FROM T WHERE NAME < 'M'");
        assertThat(bad.exit()).isEqualTo(1);
        assertThat(bad.err()).contains("SESSION_ID").contains("server's state");
        assertThat(run(new SqlCommand(), "--db", db.toString(), "--nope", "SELECT 1").exit()).isEqualTo(2);
        assertThat(run(new LayersCommand(), "--db", dir.resolve("missing").toString()).exit()).isEqualTo(2);
    }
}
