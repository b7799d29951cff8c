package org.maat.disguise.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.h2.api.Trigger;
import org.junit.jupiter.api.Test;
import org.maat.disguise.DisguiseException;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.RevealRefusedException;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;
import org.maat.disguise.spec.DisguiseSpec;
import org.maat.disguise.spec.SpecParser;

/**
 * Promise: with any triggers, a reveal brings the database back to exactly its state before the apply, and an
 * apply that removes the user leaves nothing of them. Random cases (fixed seeds) install a random set of triggers on
 * the WebSubmit schema: one that updates a row of another table (counters of several column types) when a user row
 * goes, one that inserts several rows into a table without a primary key when an answer is updated, and one on the
 * disguised table itself (a tombstone answer rewritten whenever an answer is deleted); then run a random sequence of
 * applies of three disguises to random users and reveals in random order (a refused reveal must change nothing), and
 * finally reveal the rest latest first. The whole database, every table, is compared with its dump before the first
 * apply. Each case runs twice: through an embedded H2 connection (changes read from H2's undo log) and through a
 * connection that does not say it is H2's (every table read).
 */
class TriggerDisguiseSequencesTest {

    private static final int USERS = 5;
    private static final int CASES = 6;
    private static final int ACTIONS = 8;
    private static final String TOMB = "tomb@system";

    private static final List<DisguiseSpec> SPECS = List.of(
            DisguiseSpecs.builtin("websubmit-delete-account"),
            DisguiseSpecs.builtin("websubmit-anonymize-account"),
            SpecParser.parse("websubmit-redact.json", """
                    {"disguise": "websubmit-redact", "applies-to": "jdbc",
                     "principal": {"table": "USERS", "id": "EMAIL"},
                     "steps": [{"modify": "ANSWERS", "owner": "EMAIL", "key": ["EMAIL", "LEC", "Q"],
                                "columns": {"ANSWER": "redact"}},
                               {"modify": "USERS", "owner": "EMAIL", "key": ["EMAIL"],
                                "columns": {"APIKEY": "random-text"}}]}"""));

    private static final String[] TABLES = {"USERS", "LECTURES", "QUESTIONS", "ANSWERS", "COUNTERS", "EVENTS",
            "MAAT_DISGUISE_BAGS", "MAAT_DISGUISE_PRINCIPALS"};

    /** On a USERS delete: updates a counter row of another table, in every column type disguises handle. */
    public static final class Counters implements Trigger {
        @Override
        public void fire(Connection c, Object[] oldRow, Object[] newRow) throws SQLException {
            try (Statement st = c.createStatement()) {
                st.executeUpdate("UPDATE COUNTERS SET N = N + 1, RATIO = (N + 1) / 7.0, AMOUNT = AMOUNT + 0.125,"
                        + " FLAG = NOT FLAG, D = DATEADD(DAY, 1, D), TS = DATEADD(SECOND, 1, TS), LABEL = 'n' || (N + 1)"
                        + " WHERE NAME = 'users-removed'");
            }
        }
    }

    /** On an ANSWERS update: inserts k rows (k from the trigger's name, FANOUT_k) into EVENTS, a table with no key. */
    public static final class FanOut implements Trigger {
        private int rows;

        @Override
        public void init(Connection c, String schema, String trigger, String table, boolean before, int type) {
            rows = Integer.parseInt(trigger.substring(trigger.lastIndexOf('_') + 1));
        }

        @Override
        public void fire(Connection c, Object[] oldRow, Object[] newRow) throws SQLException {
            try (PreparedStatement ps = c.prepareStatement("INSERT INTO EVENTS (KIND, AMOUNT, RATIO, FLAG, D)"
                    + " VALUES (?, ?, ?, ?, DATEADD(DAY, ?, DATE '2026-01-01'))")) {
                for (int i = 0; i < rows; i++) {
                    int lec = (Integer) oldRow[1];
                    int q = (Integer) oldRow[2];
                    ps.setString(1, "answer changed " + i);
                    ps.setBigDecimal(2, java.math.BigDecimal.valueOf(lec * 100 + q, 2));
                    ps.setDouble(3, q / 3.0);
                    ps.setBoolean(4, q % 2 == 0);
                    ps.setInt(5, lec);
                    ps.executeUpdate();
                }
            }
        }
    }

    /** On an ANSWERS delete: rewrites (or creates) the tombstone answer of that question, in ANSWERS itself. */
    public static final class Tombstone implements Trigger {
        @Override
        public void fire(Connection c, Object[] oldRow, Object[] newRow) throws SQLException {
            if (TOMB.equals(oldRow[0])) {
                return;
            }
            int n = 0;
            try (PreparedStatement ps = c.prepareStatement(
                    "SELECT ANSWER FROM ANSWERS WHERE EMAIL = ? AND LEC = ? AND Q = ?")) {
                ps.setString(1, TOMB);
                ps.setObject(2, oldRow[1]);
                ps.setObject(3, oldRow[2]);
                try (ResultSet rs = ps.executeQuery()) {
                    if (rs.next()) {
                        n = Integer.parseInt(rs.getString(1).substring("removed answers: ".length()));
                    }
                }
            }
            try (PreparedStatement ps = c.prepareStatement("MERGE INTO ANSWERS (EMAIL, LEC, Q, ANSWER, SUBMITTED_AT)"
                    + " KEY (EMAIL, LEC, Q) VALUES (?, ?, ?, ?, TIMESTAMP '2026-01-01 00:00:00')")) {
                ps.setString(1, TOMB);
                ps.setObject(2, oldRow[1]);
                ps.setObject(3, oldRow[2]);
                ps.setString(4, "removed answers: " + (n + 1));
                ps.executeUpdate();
            }
        }
    }

    @Test
    void randomTriggersAndSequencesRevealToTheDumpBeforeThroughH2sUndoLog() throws Exception {
        for (int c = 0; c < CASES; c++) {
            runCase(20261207L + c, false);
        }
    }

    @Test
    void randomTriggersAndSequencesRevealToTheDumpBeforeReadingEveryTable() throws Exception {
        for (int c = 0; c < CASES; c++) {
            runCase(20261207L + c, true);
        }
    }

    private record Active(String user, DisguiseSpec spec, Receipt receipt) {
    }

    private static void runCase(long seed, boolean fullScan) throws Exception {
        Random rnd = new Random(seed);
        try (Connection h2 = DriverManager.getConnection("jdbc:h2:mem:trig" + UUID.randomUUID())) {
            List<String> installed = install(h2, rnd);
            Connection conn = fullScan ? notSayingH2(h2) : h2;
            try (JdbcDisguises disguises = new JdbcDisguises(conn)) {
                Map<String, PrivateKey> keys = new java.util.TreeMap<>();
                for (int u = 1; u <= USERS; u++) {
                    PrivateKey k = PrincipalKeys.generate();
                    keys.put(WebSubmitData.email(u), k);
                    disguises.register(WebSubmitData.email(u), k.publicKey());
                }
                Map<String, List<String>> initial = WebSubmitData.dump(h2, TABLES);
                String context = "seed " + seed + (fullScan ? " (every table read)" : " (undo log)") + ", triggers "
                        + installed;
                List<Active> active = new ArrayList<>();
                List<String> log = new ArrayList<>();
                for (int a = 0; a < ACTIONS; a++) {
                    List<String> free = new ArrayList<>(keys.keySet());
                    active.forEach(x -> free.remove(x.user()));
                    if (!free.isEmpty() && (active.isEmpty() || rnd.nextInt(100) < 55)) {
                        String user = free.get(rnd.nextInt(free.size()));
                        DisguiseSpec spec = SPECS.get(rnd.nextInt(SPECS.size()));
                        Receipt r = disguises.apply(spec, user, PrincipalProof.none());
                        active.add(new Active(user, spec, r));
                        log.add("apply " + spec.name() + " " + user);
                        if (!spec.name().equals("websubmit-redact")) {
                            assertNoLeftover(h2, user, context + " after " + log);
                        }
                    } else {
                        Active x = active.get(rnd.nextInt(active.size()));
                        Map<String, List<String>> before = WebSubmitData.dump(h2, TABLES);
                        try {
                            disguises.reveal(x.receipt().locator(), keys.get(x.user()));
                            active.remove(x);
                            log.add("reveal " + x.user());
                        } catch (DisguiseException | RevealRefusedException refused) {
                            log.add("reveal " + x.user() + " refused");
                            assertThat(WebSubmitData.dump(h2, TABLES)).as(context + ": a refused reveal changed"
                                    + " the database, after " + log + ": " + refused.getMessage()).isEqualTo(before);
                        }
                    }
                }
                for (int i = active.size() - 1; i >= 0; i--) {
                    try {
                        disguises.reveal(active.get(i).receipt().locator(), keys.get(active.get(i).user()));
                    } catch (DisguiseException | RevealRefusedException e) {
                        throw new AssertionError(context + ": revealing " + active.get(i).user() + " latest first"
                                + " after " + log + " failed: " + e.getMessage(), e);
                    }
                    log.add("reveal " + active.get(i).user());
                }
                assertThat(WebSubmitData.dump(h2, TABLES)).as(context + " after " + log).isEqualTo(initial);
            }
        }
    }

    /** The user's id in no column of any table but the sealed bags'. */
    private static void assertNoLeftover(Connection h2, String user, String context) throws SQLException {
        Map<String, List<String>> dump = WebSubmitData.dump(h2, TABLES);
        dump.remove("MAAT_DISGUISE_BAGS");
        dump.forEach((table, rows) -> assertThat(rows).as(context + ": " + table)
                .noneMatch(row -> row.contains("=" + user + "|")));
    }

    /** The WebSubmit schema, a counter table, an event table without a key, and a random set of the triggers. */
    private static List<String> install(Connection conn, Random rnd) throws SQLException {
        WebSubmitData.load(conn, USERS);
        List<String> installed = new ArrayList<>();
        try (Statement st = conn.createStatement()) {
            st.execute("CREATE TABLE COUNTERS (NAME VARCHAR(40) PRIMARY KEY, N INT NOT NULL, RATIO REAL,"
                    + " AMOUNT DECIMAL(12, 3), FLAG BOOLEAN, D DATE, TS TIMESTAMP, LABEL VARCHAR(20))");
            st.execute("INSERT INTO COUNTERS VALUES ('users-removed', 0, NULL, 1.500, FALSE, DATE '2026-01-01',"
                    + " TIMESTAMP '2026-01-01 12:00:00.5', NULL), ('other', 7, 0.5, NULL, TRUE, NULL, NULL, 'x')");
            st.execute("CREATE TABLE EVENTS (ID BIGINT GENERATED BY DEFAULT AS IDENTITY, KIND VARCHAR(40),"
                    + " AMOUNT DECIMAL(10, 2), RATIO DOUBLE PRECISION, FLAG BOOLEAN, D DATE)");
            st.execute("INSERT INTO USERS VALUES ('" + TOMB + "', 'none', 0, 0)");
            while (installed.isEmpty()) {
                if (rnd.nextBoolean()) {
                    installed.add(trigger(st, "COUNT_USERS", "AFTER DELETE", "USERS", Counters.class));
                }
                if (rnd.nextBoolean()) {
                    installed.add(trigger(st, "FANOUT_" + (1 + rnd.nextInt(3)), "AFTER UPDATE", "ANSWERS",
                            FanOut.class));
                }
                if (rnd.nextBoolean()) {
                    installed.add(trigger(st, "TOMBSTONE", "AFTER DELETE", "ANSWERS", Tombstone.class));
                }
            }
        }
        return installed;
    }

    private static String trigger(Statement st, String name, String when, String table, Class<?> body)
            throws SQLException {
        st.execute("CREATE TRIGGER " + name + " " + when + " ON " + table + " FOR EACH ROW CALL '" + body.getName()
                + "'");
        return name;
    }

    /** {@code conn} behind a proxy that does not unwrap to H2's connection: the path of any other driver. */
    static Connection notSayingH2(Connection conn) {
        return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] {Connection.class},
                (proxy, method, args) -> {
                    if (method.getName().equals("isWrapperFor")) {
                        return false;
                    }
                    if (method.getName().equals("unwrap")) {
                        throw new SQLException("not a wrapper");
                    }
                    try {
                        return method.invoke(conn, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }
}
