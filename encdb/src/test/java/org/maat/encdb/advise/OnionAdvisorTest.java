package org.maat.encdb.advise;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLSyntaxErrorException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.maat.encdb.jdbc.MaatConnection;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.EncryptedColumn;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OnionAdvisorTest {

    private static final List<String> SCHEMA = List.of(
            "CREATE TABLE DEPT (ID INTEGER PRIMARY KEY, NAME VARCHAR(40), BUDGET NUMERIC(12,2))",
            "CREATE TABLE EMP (ID INTEGER NOT NULL, DEPT INTEGER, SALARY NUMERIC(10,2), BONUS NUMERIC(10,2), "
                    + "HIRED DATE, LEFT_ON DATE, NAME VARCHAR(40), PHONE CHAR(12), TITLE VARCHAR(30), "
                    + "NOTE VARCHAR(100) COMMENT 'maat:plaintext', "
                    + "CONSTRAINT EMP_PK PRIMARY KEY (ID), CONSTRAINT EMP_DEPT FOREIGN KEY (DEPT) REFERENCES DEPT (ID))");

    private static AnnotatedSchema advise(String... queries) throws Exception {
        Map<String, String> workload = new LinkedHashMap<>();
        for (int i = 0; i < queries.length; i++) {
            workload.put("Q" + (i + 1), queries[i]);
        }
        return OnionAdvisor.advise(SCHEMA, workload);
    }

    @Test
    void aColumnNoQueryFiltersGetsOnlyTheEqOnion() throws Exception {
        AnnotatedSchema s = advise("SELECT ID, SALARY, HIRED, NAME FROM EMP WHERE DEPT = 3");
        assertThat(s.column("EMP", "SALARY").onions()).containsExactly(Onion.EQ);
        assertThat(s.column("EMP", "HIRED").annotation()).isEqualTo("maat:onions=eq");
        assertThat(s.column("EMP", "NAME").annotation()).isEqualTo("maat:onions=eq;search=none");
        assertThat(s.column("EMP", "ID").onions()).containsExactly(Onion.EQ);
    }

    @Test
    void rangesAgainstConstantsOrderByAndMinMaxChooseOrd() throws Exception {
        AnnotatedSchema s = advise(
                "SELECT NAME FROM EMP WHERE HIRED >= DATE '2020-01-01' ORDER BY NAME",
                "SELECT ID FROM EMP WHERE SALARY BETWEEN 1000 AND 2000",
                "SELECT MAX(BONUS) FROM EMP",
                "SELECT ID FROM DEPT ORDER BY BUDGET DESC");
        assertThat(s.column("EMP", "HIRED").onions()).containsExactlyInAnyOrder(Onion.EQ, Onion.ORD);
        assertThat(s.column("EMP", "SALARY").onions()).containsExactlyInAnyOrder(Onion.EQ, Onion.ORD);
        assertThat(s.column("EMP", "BONUS").onions()).containsExactlyInAnyOrder(Onion.EQ, Onion.ORD);
        assertThat(s.column("DEPT", "BUDGET").onions()).containsExactlyInAnyOrder(Onion.EQ, Onion.ORD);
        // Text has no order-preserving encoding: sorted by the client, no Ord onion.
        assertThat(s.column("EMP", "NAME").onions()).containsExactly(Onion.EQ);
        assertThat(String.join(" ", s.column("EMP", "NAME").reasons())).contains("ORDER BY text");
    }

    @Test
    void aRangeBetweenTwoColumnsOrAgainstACorrelatedSubqueryIsLeftToTheClient() throws Exception {
        AnnotatedSchema s = advise(
                "SELECT ID FROM EMP WHERE HIRED < LEFT_ON",
                "SELECT D.ID FROM DEPT D WHERE D.BUDGET > (SELECT SUM(E.SALARY) FROM EMP E WHERE E.DEPT = D.ID)");
        assertThat(s.column("EMP", "HIRED").onions()).containsExactly(Onion.EQ);
        assertThat(s.column("EMP", "LEFT_ON").onions()).containsExactly(Onion.EQ);
        assertThat(s.column("DEPT", "BUDGET").onions()).containsExactly(Onion.EQ);
        assertThat(String.join(" ", s.column("DEPT", "BUDGET").reasons())).contains("client");
    }

    @Test
    void columnsInsideExistsSubqueriesAreAdvisedToo() throws Exception {
        AnnotatedSchema s = advise("SELECT d.ID FROM DEPT d WHERE NOT EXISTS (SELECT * FROM EMP e WHERE e.DEPT = d.ID "
                + "AND e.HIRED > DATE '2024-01-01' AND e.TITLE LIKE 'Chief %')");
        assertThat(s.column("EMP", "HIRED").onions()).contains(Onion.ORD);
        assertThat(s.column("EMP", "TITLE").search()).isEqualTo("keyword");
    }

    @Test
    void anUncorrelatedScalarSubqueryCountsAsAConstant() throws Exception {
        AnnotatedSchema s = advise("SELECT ID FROM EMP WHERE SALARY > (SELECT AVG(SALARY) FROM EMP WHERE DEPT = 2)");
        assertThat(s.column("EMP", "SALARY").onions()).contains(Onion.ORD);
    }

    @Test
    void addOnlyForABareSumInABlockH2CanOtherwiseRun() throws Exception {
        AnnotatedSchema s = advise(
                "SELECT DEPT, SUM(SALARY) FROM EMP WHERE DEPT IN (1, 2) GROUP BY DEPT",
                "SELECT SUM(BONUS * 2) FROM EMP",
                "SELECT DEPT, AVG(BONUS) FROM EMP WHERE TITLE LIKE 'Senior %' GROUP BY DEPT",
                "SELECT SUM(BUDGET) FROM DEPT WHERE ID IN (SELECT DEPT FROM EMP)");
        assertThat(s.column("EMP", "SALARY").onions()).containsExactlyInAnyOrder(Onion.EQ, Onion.ADD);
        assertThat(s.column("EMP", "BONUS").onions()).containsExactly(Onion.EQ);
        assertThat(String.join(" ", s.column("EMP", "BONUS").reasons())).contains("LIKE together with aggregates");
        assertThat(s.column("DEPT", "BUDGET").onions()).containsExactly(Onion.EQ);
        assertThat(String.join(" ", s.column("DEPT", "BUDGET").reasons())).contains("subquery");
    }

    @Test
    void searchModeFollowsThePatterns() throws Exception {
        AnnotatedSchema s = advise(
                "SELECT ID FROM EMP WHERE TITLE LIKE 'Senior %' AND NAME LIKE '%son%'",
                "SELECT ID FROM EMP WHERE PHONE LIKE '%555%'",
                "SELECT ID FROM DEPT WHERE NAME NOT LIKE '%sales%'");
        assertThat(s.column("EMP", "TITLE").annotation()).isEqualTo("maat:onions=eq,search;search=keyword");
        assertThat(s.column("EMP", "NAME").search()).isEqualTo("substring(3,3)");
        assertThat(s.column("EMP", "PHONE").search()).isEqualTo("substring(3,3)");
        // NOT LIKE cannot be narrowed by a Search onion.
        assertThat(s.column("DEPT", "NAME").onions()).containsExactly(Onion.EQ);
    }

    @Test
    void aliasesAndAnnotatedColumnsAreRespected() throws Exception {
        AnnotatedSchema s = advise("SELECT e.ID FROM EMP e, DEPT d WHERE e.DEPT = d.ID AND d.BUDGET < 10 "
                + "AND e.NOTE LIKE '%x%'");
        assertThat(s.column("DEPT", "BUDGET").onions()).contains(Onion.ORD);
        assertThat(s.column("EMP", "NOTE").annotation()).isNull();
        assertThat(s.ddl().get(1)).contains("COMMENT 'maat:plaintext'").doesNotContain("NOTE VARCHAR (100) COMMENT 'maat:onions");
    }

    @Test
    void theDriverCreatesExactlyTheAdvisedOnions(@TempDir Path dir) throws Exception {
        AnnotatedSchema s = advise(
                "SELECT DEPT, SUM(SALARY) FROM EMP WHERE HIRED > DATE '2020-01-01' GROUP BY DEPT",
                "SELECT ID FROM EMP WHERE PHONE LIKE '%555%'");
        Properties p = new Properties();
        p.setProperty("maat.keyFile", dir.resolve("k").toString());
        p.setProperty("maat.createKey", "true");
        try (Connection c = DriverManager.getConnection("jdbc:maat:h2:" + dir.resolve("db"), p);
                Statement st = c.createStatement()) {
            for (String ddl : s.ddl()) {
                st.execute(ddl);
            }
            var catalog = c.unwrap(MaatConnection.class).catalog();
            for (ColumnAdvice a : s.columns()) {
                EncryptedColumn col = catalog.table(a.table()).column(a.column());
                if (a.annotation() != null) {
                    assertThat(col.onions()).as(a.qualifiedName()).isEqualTo(a.onions());
                }
            }
            assertThat(catalog.table("EMP").column("NOTE").plaintext()).isTrue();
        }
    }

    @Test
    void aStatementThatIsNoQueryIsRefusedWithItsLabel() {
        assertThatThrownBy(() -> OnionAdvisor.advise(SCHEMA, Map.of("W1", "DELETE FROM EMP")))
                .isInstanceOf(SQLSyntaxErrorException.class).hasMessageContaining("W1");
        assertThatThrownBy(() -> OnionAdvisor.advise(SCHEMA, Map.of("W2", "SELECT FROM WHERE")))
                .isInstanceOf(SQLSyntaxErrorException.class);
    }
}
