package org.maat.encdb.rewrite;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.maat.encdb.key.KeyDerivation;
import org.maat.keys.KeySource;
import org.maat.encdb.onion.Layer;
import org.maat.encdb.onion.Onion;
import org.maat.encdb.schema.CatalogSnapshot;
import org.maat.encdb.schema.EncryptedTable;
import org.maat.encdb.schema.TriggerDefinition;

/**
 * The rewriter on its own, without H2 or the driver: for representative statements, the kind of plan,
 * what runs where (on H2 or on the client), which onion and layer each operation uses, and which
 * statements are refused (0A000) or need a layer peeled first.
 */
class StatementRewriterTest {

    private static KeyRing keys;
    /** EMP as created, every onion at its outermost layer. */
    private static CatalogSnapshot fresh;
    /** EMP with NAME's EQ onion at DET and SALARY's ORD onion at OPE, as queries would have peeled them. */
    private static CatalogSnapshot peeled;

    @BeforeAll
    static void schema() throws Exception {
        KeySource source = new KeySource() {
            @Override
            public byte[] key() {
                byte[] k = new byte[32];
                Arrays.fill(k, (byte) 7);
                return k;
            }

            @Override
            public String describe() {
                return "test key";
            }
        };
        Map<String, byte[]> secrets = new HashMap<>();
        keys = new KeyRing(new KeyDerivation(source), new KeyRing.SecretStore() {
            @Override
            public byte[] get(String name) {
                return secrets.get(name);
            }

            @Override
            public byte[] putIfAbsent(String name, byte[] wrapped) {
                byte[] before = secrets.putIfAbsent(name, wrapped);
                return before == null ? wrapped : before;
            }
        });
        Map<String, EncryptedTable> tables = new LinkedHashMap<>();
        for (String ddl : List.of(
                "CREATE TABLE DEPT (ID INTEGER NOT NULL, TITLE VARCHAR(30), CONSTRAINT DEPT_PK PRIMARY KEY (ID))",
                "CREATE TABLE EMP (ID INTEGER NOT NULL, NAME VARCHAR(20), SALARY NUMERIC(8,2), DEPT_ID INTEGER, "
                        + "PHONE VARCHAR(20) COMMENT 'maat:search=substring(3,5)', CONSTRAINT EMP_PK PRIMARY KEY (ID))")) {
            Plan plan = StatementRewriter.plan(ddl, new CatalogSnapshot(0, tables, Map.of(), Map.of(), Map.of()),
                    keys, RewriteOptions.DEFAULT);
            assertThat(plan).isInstanceOf(DdlPlan.class);
            ((DdlPlan) plan).changed().forEach(t -> tables.put(t.name(), t));
        }
        fresh = new CatalogSnapshot(1, tables, Map.of(), Map.of(), Map.of());
        EncryptedTable emp = tables.get("EMP");
        emp = emp.with(emp.column("NAME").withLayer(Onion.EQ, Layer.DET));
        emp = emp.with(emp.column("SALARY").withLayer(Onion.ORD, Layer.OPE));
        Map<String, EncryptedTable> peeledTables = new HashMap<>(tables);
        peeledTables.put("EMP", emp);
        peeled = new CatalogSnapshot(2, peeledTables, Map.of(), Map.of(), Map.of());
    }

    @AfterAll
    static void close() {
        keys.close();
    }

    private static Plan plan(String sql, CatalogSnapshot catalog) throws SQLException, PeelRequired {
        return StatementRewriter.plan(sql, catalog, keys, RewriteOptions.DEFAULT);
    }

    private static QueryPlan query(String sql) throws SQLException, PeelRequired {
        Plan plan = plan(sql, peeled);
        assertThat(plan).isInstanceOf(QueryPlan.class);
        assertThat(plan.resultQuery()).containsSame((QueryPlan) plan);
        assertThat(plan.cacheable()).isTrue();
        return (QueryPlan) plan;
    }

    private static List<String> labels(QueryPlan q) {
        return q.columns().stream().map(ResultColumn::label).toList();
    }

    @Test
    void detEqualityRunsOnH2OverTheEqOnion() throws Exception {
        QueryPlan q = query("SELECT ID, NAME FROM EMP WHERE NAME = ?");
        assertThat(q.sql()).isEqualTo("SELECT \"EMP\".\"C0_EQ\", \"EMP\".\"C1_EQ\" FROM \"EMP\" \"EMP\" "
                + "WHERE \"EMP\".\"C1_EQ\" = ?1");
        assertThat(q.parameters()).isEqualTo(1);
        assertThat(labels(q)).containsExactly("ID", "NAME");
        assertThat(q.visible()).isEqualTo(2);
        assertThat(q.clientSide()).isFalse();
        assertThat(q.physicalSql()).isEqualTo(q.sql());
    }

    @Test
    void equalityOnAColumnStillAtRndAsksForItsPeelToDet() {
        assertThatThrownBy(() -> plan("SELECT ID FROM EMP WHERE NAME = 'x'", fresh))
                .isInstanceOfSatisfying(PeelRequired.class, p -> {
                    assertThat(p.column().qualifiedName()).isEqualTo("EMP.NAME");
                    assertThat(p.onion()).isEqualTo(Onion.EQ);
                    assertThat(p.target()).isEqualTo(Layer.DET);
                });
    }

    @Test
    void opeRangeAndOrderRunOnH2OverTheOrdOnion() throws Exception {
        QueryPlan q = query("SELECT ID FROM EMP WHERE SALARY BETWEEN 1000 AND 2000 ORDER BY SALARY");
        assertThat(q.sql()).contains("WHERE (\"EMP\".\"C2_ORD\" >= ?1 AND \"EMP\".\"C2_ORD\" <= ?2)")
                .endsWith("ORDER BY \"EMP\".\"C2_ORD\"");
        assertThat(q.parameters()).isZero(); // the bounds are literals, encrypted into the binders
        assertThat(q.binders()).hasSize(2);
        assertThat(q.clientSort()).isEmpty();
        assertThat(q.clientSide()).isFalse();
    }

    @Test
    void homSumAddsCiphertextsOnH2() throws Exception {
        QueryPlan q = query("SELECT SUM(SALARY) FROM EMP");
        assertThat(q.sql()).startsWith("SELECT MAAT_HOM_SUM(\"EMP\".\"C2_ADD\", ").doesNotContain("C2_EQ");
        assertThat(labels(q)).containsExactly("SUM(SALARY)");
        assertThat(q.clientSide()).isFalse();
    }

    @Test
    void searchLikeMatchesTokensOnH2AndRechecksThePatternOnTheClient() throws Exception {
        QueryPlan q = query("SELECT ID FROM EMP WHERE PHONE LIKE '%4007%'");
        assertThat(q.sql()).contains("WHERE MAAT_SWP_MATCH(\"EMP\".\"C4_SRCH\", ?1)");
        assertThat(labels(q)).containsExactly("ID", "PHONE"); // PHONE decrypted for the re-check only
        assertThat(q.visible()).isEqualTo(1);
        assertThat(q.filters()).singleElement().satisfies(f -> {
            assertThat(f.column()).isEqualTo(1);
            assertThat(f.matches("515.123.4007", new Object[0])).isTrue();
            assertThat(f.matches("515.124.0070", new Object[0])).isFalse();
        });
        assertThat(q.clientSide()).isTrue();
    }

    @Test
    void orderByTextAndTheLimitAfterItRunOnTheClient() throws Exception {
        QueryPlan q = query("SELECT ID, NAME FROM EMP ORDER BY NAME LIMIT 3");
        assertThat(q.sql()).doesNotContain("ORDER BY").doesNotContain("LIMIT");
        assertThat(q.clientSort()).containsExactly(new QueryPlan.SortKey(1, true, true));
        assertThat(q.limit().value(new Object[0])).isEqualTo(java.math.BigDecimal.valueOf(3));
        assertThat(q.offset()).isNull();
    }

    @Test
    void joinOnEncryptedColumnsAsksForTheirPeelThenComparesJoinCiphertexts() throws Exception {
        String sql = "SELECT E.NAME, D.TITLE FROM EMP E JOIN DEPT D ON E.DEPT_ID = D.ID";
        assertThatThrownBy(() -> plan(sql, peeled)).isInstanceOfSatisfying(PeelRequired.class, p -> {
            assertThat(p.column().qualifiedName()).isEqualTo("EMP.DEPT_ID");
            assertThat(p.onion()).isEqualTo(Onion.EQ);
        });
        Map<String, EncryptedTable> tables = new HashMap<>(peeled.tables());
        EncryptedTable emp = tables.get("EMP");
        EncryptedTable dept = tables.get("DEPT");
        tables.put("EMP", emp.with(emp.column("DEPT_ID").withLayer(Onion.EQ, Layer.JOIN).withJoinGroup("G")));
        tables.put("DEPT", dept.with(dept.column("ID").withLayer(Onion.EQ, Layer.JOIN).withJoinGroup("G")));
        Plan plan = plan(sql, new CatalogSnapshot(3, tables, Map.of(), Map.of(), Map.of()));
        assertThat(plan).isInstanceOfSatisfying(QueryPlan.class, q -> {
            assertThat(q.sql()).contains("\"E\".\"C3_EQ\" = \"D\".\"C0_EQ\"");
            assertThat(labels(q)).containsExactly("NAME", "TITLE");
        });
    }

    @Test
    void insertUpdateAndDeleteBecomeWritesOrRowByRowPlans() throws Exception {
        Plan insert = plan("INSERT INTO EMP (ID, NAME, SALARY) VALUES (?, ?, ?)", peeled);
        assertThat(insert).isInstanceOfSatisfying(WritePlan.class, w -> {
            assertThat(w.sql()).startsWith("INSERT INTO \"EMP\" (").contains("\"C2_ADD\"", "\"C4_SRCH\"");
            assertThat(w.parameters()).isEqualTo(3);
        });
        assertThat(insert.batchWrite()).containsSame((WritePlan) insert);

        Plan update = plan("UPDATE EMP SET SALARY = SALARY * 2 WHERE ID = 3", peeled);
        assertThat(update).isInstanceOfSatisfying(RowwisePlan.class, r -> {
            assertThat(r.isDelete()).isFalse();
            assertThat(r.assignments()).singleElement().extracting(RowwisePlan.Assignment::columnIndex).isEqualTo(2);
            assertThat(r.rows()).isInstanceOfSatisfying(RowSource.Rewritten.class,
                    q -> assertThat(q.plan().sql()).startsWith("SELECT \"EMP\"._ROWID_, "));
            assertThat(r.writeSql()).isEqualTo("UPDATE \"EMP\" SET \"C2_EQ\" = ?, \"C2_ORD\" = ?, \"C2_ADD\" = ?, "
                    + "\"C2_IV\" = ? WHERE _ROWID_ = ?");
        });
        assertThat(update.batchWrite()).isEmpty();
        assertThat(update.physicalSql()).isNull();

        Plan delete = plan("DELETE FROM EMP WHERE ID = ?", peeled);
        assertThat(delete).isInstanceOfSatisfying(WritePlan.class, w -> {
            assertThat(w.sql()).isEqualTo("DELETE FROM \"EMP\" \"EMP\" WHERE \"EMP\".\"C0_EQ\" = ?1");
            assertThat(w.parameters()).isEqualTo(1);
        });
    }

    @Test
    void schemaStatementsBecomeTheirPlans() throws Exception {
        assertThat(plan("CREATE TABLE T2 (A INTEGER, B VARCHAR(5) COMMENT 'maat:plaintext')", peeled))
                .isInstanceOfSatisfying(DdlPlan.class, d -> assertThat(d.changed()).singleElement().satisfies(t -> {
                    assertThat(t.name()).isEqualTo("T2");
                    assertThat(t.column("A").plaintext()).isFalse();
                    assertThat(t.column("B").plaintext()).isTrue();
                }));
        assertThat(plan("CREATE VIEW V AS SELECT ID, NAME FROM EMP", peeled)).isInstanceOfSatisfying(
                Plan.CreateView.class, v -> assertThat(v.view().name()).isEqualTo("V"));
        assertThat(plan("DROP TABLE IF EXISTS EMP", peeled)).isEqualTo(new Plan.Drop("TABLE", "EMP", true, false));
        assertThat(plan("CREATE ALIAS RAISE FOR \"org.example.Pay.raise\"", peeled)).isInstanceOfSatisfying(
                Plan.CreateRoutine.class, r -> assertThat(r.routine().javaMethod()).isEqualTo("org.example.Pay.raise"));
        assertThat(plan("CREATE TRIGGER AUDIT AFTER UPDATE ON EMP FOR EACH ROW CALL \"org.example.Audit\"", peeled))
                .isInstanceOfSatisfying(Plan.CreateTrigger.class, t -> assertThat(t.trigger()).isEqualTo(
                        new TriggerDefinition("AUDIT", "EMP", false, java.util.Set.of("UPDATE"), "org.example.Audit")));
        assertThat(plan("CALL RAISE(1, ?)", peeled)).isInstanceOfSatisfying(Plan.Call.class, c -> {
            assertThat(c.routine()).isEqualTo("RAISE");
            assertThat(c.arguments()).hasSize(2);
            assertThat(c.parameters()).isEqualTo(1);
        });
        Plan commit = plan("COMMIT", peeled);
        assertThat(commit).isEqualTo(new Plan.PassThrough("COMMIT"));
        assertThat(((Plan.PassThrough) commit).createsSchema()).isFalse();
        assertThat(plan("CREATE INDEX EMP_NAME ON EMP (NAME)", peeled)).isInstanceOfSatisfying(Plan.PassThrough.class,
                p -> assertThat(p.createsSchema()).isTrue());
        assertThat(commit.cacheable()).isFalse();
    }

    @Test
    void everyPlanGoesToItsOwnCase() throws Exception {
        Plan.Cases<String> names = new Plan.Cases<>() {
            public String query(QueryPlan p) { return "query"; }
            public String split(SplitPlan p) { return "split"; }
            public String explain(Plan.Explain p) { return "explain"; }
            public String write(WritePlan p) { return "write"; }
            public String insertSelect(InsertSelectPlan p) { return "insertSelect"; }
            public String rowwise(RowwisePlan p) { return "rowwise"; }
            public String call(Plan.Call p) { return "call"; }
            public String ddl(DdlPlan p) { return "ddl"; }
            public String createView(Plan.CreateView p) { return "createView"; }
            public String createRoutine(Plan.CreateRoutine p) { return "createRoutine"; }
            public String createTrigger(Plan.CreateTrigger p) { return "createTrigger"; }
            public String drop(Plan.Drop p) { return "drop"; }
            public String passThrough(Plan.PassThrough p) { return "passThrough"; }
        };
        Map<String, String> expected = new LinkedHashMap<>();
        expected.put("SELECT ID FROM EMP", "query");
        expected.put("SELECT ID FROM EMP UNION SELECT ID FROM DEPT", "split");
        expected.put("EXPLAIN SELECT ID FROM EMP", "explain");
        expected.put("INSERT INTO EMP (ID) VALUES (1)", "write");
        expected.put("INSERT INTO EMP (ID, NAME) SELECT ID, NAME FROM EMP", "insertSelect");
        expected.put("DELETE FROM EMP WHERE PHONE LIKE '%4007%'", "rowwise");
        expected.put("CALL RAISE(1)", "call");
        expected.put("CREATE TABLE T3 (A INTEGER)", "ddl");
        expected.put("DROP VIEW V", "drop");
        expected.put("SET MODE REGULAR", "passThrough");
        for (Map.Entry<String, String> e : expected.entrySet()) {
            assertThat(plan(e.getKey(), peeled).accept(names)).as(e.getKey()).isEqualTo(e.getValue());
        }
    }

    @Test
    void unsupportedStatementsAreRefusedWith0A000NamingTheConstruct() {
        Map<String, String> refused = Map.of(
                "SELECT ID FROM EMP UNION SELECT ID FROM DEPT FOR UPDATE", "FOR UPDATE",
                "SELECT ID, DATABASE_PATH() FROM EMP WHERE DEPT_ID IN (SELECT ID FROM DEPT)", "DATABASE_PATH",
                "SELECT ID FROM INFORMATION_SCHEMA.TABLES UNION SELECT ID FROM EMP", "INFORMATION_SCHEMA.TABLES",
                "CREATE TRIGGER T BEFORE UPDATE ON EMP FOR EACH ROW CALL \"x.Y\"", "AFTER triggers only",
                "DROP SCHEMA S", "DROP SCHEMA",
                "ALTER TABLE EMP ADD COLUMN X INTEGER", "ADD COLUMN");
        refused.forEach((sql, named) -> assertThatThrownBy(() -> plan(sql, peeled)).as(sql)
                .isInstanceOfSatisfying(SQLFeatureNotSupportedException.class,
                        e -> assertThat(e.getSQLState()).isEqualTo("0A000"))
                .hasMessageContaining(named));
    }
}
