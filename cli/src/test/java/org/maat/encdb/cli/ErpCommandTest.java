package org.maat.encdb.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ErpCommandTest {

    @TempDir
    static Path dir;

    static Path plain;

    record Run(int exit, String out, String err) {
    }

    static Run erp(String... args) {
        return run(new CommandLine(new ErpCommand()), args);
    }

    static Run run(CommandLine cl, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int exit = cl.execute(args);
        return new Run(exit, out.toString(), err.toString());
    }

    @BeforeAll
    static void loadPlain() {
        plain = dir.resolve("plain");
        Run r = erp("load", "--db", plain.toString(), "--employees", "300", "--seed", "3");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("EMPLOYEES", "300", "total");
    }

    @Test
    void queryPrintsRowsAndTime() {
        Run r = erp("query", "--db", plain.toString(), "Q8");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("EMPLOYEE_ID | FIRST_NAME | LAST_NAME | SALARY").containsPattern("Q8: [1-9]\\d* row");
    }

    @Test
    void paramOverridesTheDefault() {
        Run r = erp("query", "--db", plain.toString(), "Q12", "--param", "salary_low=0", "--param",
                "salary_high=0.01");
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(r.out()).contains("salary_high=0.01").contains("0 | NULL | NULL");
    }

    @Test
    void sqlAndLayersAreErpSubcommands() {
        Run sql = erp("sql", "--db", plain.toString(), "SELECT COUNT(*) FROM EMPLOYEES");
        assertThat(sql.exit()).as(sql.err()).isZero();
        assertThat(sql.out()).contains("300");
        Run help = erp("--help");
        assertThat(help.out()).contains("load", "encrypt", "query", "sql", "layers");
    }

    @Test
    void missingDatabaseDirectoryExitsTwo() {
        Run r = erp("query", "--db", dir.resolve("nowhere").toString(), "Q7");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("nowhere: no such directory");
    }

    @Test
    void directoryWithoutDatabaseExitsTwo() {
        Run r = erp("query", "--db", dir.toString(), "Q7");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("not an ERP database");
    }

    @Test
    void unknownQueryExitsTwo() {
        Run r = erp("query", "--db", plain.toString(), "Q99");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("unknown query 'Q99'", "Q10R");
    }

    @Test
    void unknownParameterExitsTwo() {
        Run r = erp("query", "--db", plain.toString(), "Q7", "--param", "colour=blue");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("Q7 has no parameter 'colour'", "manager_id");
    }

    @Test
    void badParameterValueExitsTwo() {
        Run r = erp("query", "--db", plain.toString(), "Q8", "--param", "manager_id=boss");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("manager_id must be an integer, got 'boss'");
    }

    @Test
    void parameterWithoutValueExitsTwo() {
        Run r = erp("query", "--db", plain.toString(), "Q8", "--param", "manager_id");
        assertThat(r.exit()).isEqualTo(2);
    }

    @Test
    void loadingIntoAnExistingDatabaseExitsTwo() {
        Run r = erp("load", "--db", plain.toString(), "--employees", "10");
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("already holds an ERP database");
    }

    @Test
    void loadWithoutEmployeesExitsTwo() {
        Run r = erp("load", "--db", dir.resolve("x").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("--employees");
    }

    @Test
    void encryptingAMissingDatabaseExitsTwo() {
        Run r = erp("encrypt", "--from", dir.resolve("nowhere").toString(), "--to", dir.resolve("enc").toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("no such directory");
    }

    @Test
    void benchWithUnknownQueryExitsTwo() {
        Run r = run(new CommandLine(new BenchErpCommand()), "--queries", "Q7,Q42", "--work", dir.toString());
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("unknown query 'Q42'");
    }
}
