package org.maat.encdb.server;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigInteger;
import java.security.SecureRandom;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.maat.encdb.onion.Det;
import org.maat.encdb.onion.Hom;
import org.maat.encdb.onion.KeywordSplitter;
import org.maat.encdb.onion.Paillier;
import org.maat.encdb.onion.PaillierKeyPair;
import org.maat.encdb.onion.Rnd;
import org.maat.encdb.onion.Swp;

/** The server functions registered in, and run by, a real in-memory H2 database. */
class ServerFunctionsInH2Test {

    private static final PaillierKeyPair PAILLIER = Paillier.generate(1024, new SecureRandom());
    private static final Hom HOM = new Hom(PAILLIER);
    private static final String[] NAMES = {"Steven King", "Neena Kochhar", "Lex De Haan", "Steven Markle", "Neena Kochhar"};
    private static final long[] SALARIES = {24000, 17000, 17000, 2200, 9000};
    private static final int[] DEPARTMENTS = {90, 90, 90, 50, 50};

    private final byte[] rndKey = key(1, 32);
    private final byte[] detKey = key(2, 64);
    private final byte[] joinKey = key(3, 64);
    private final Swp swp = new Swp(key(4, 32));
    private Connection conn;

    private static byte[] key(int seed, int length) {
        byte[] key = new byte[length];
        new Random(seed).nextBytes(key);
        return key;
    }

    @BeforeEach
    void openDatabaseWithEncryptedRows() throws SQLException {
        conn = DriverManager.getConnection("jdbc:h2:mem:server-functions-" + System.nanoTime());
        try (Statement st = conn.createStatement()) {
            st.execute("CREATE ALIAS MAAT_PEEL_RND FOR \"org.maat.encdb.server.ServerFunctions.peelRnd\"");
            st.execute("CREATE ALIAS MAAT_PEEL_DET FOR \"org.maat.encdb.server.ServerFunctions.peelDet\"");
            st.execute("CREATE ALIAS MAAT_SWP_MATCH FOR \"org.maat.encdb.server.ServerFunctions.swpMatch\"");
            st.execute("CREATE ALIAS MAAT_HOM_ADD FOR \"org.maat.encdb.server.ServerFunctions.homAdd\"");
            st.execute("CREATE ALIAS MAAT_HOM_MULTIPLY FOR \"org.maat.encdb.server.ServerFunctions.homMultiply\"");
            st.execute("CREATE AGGREGATE MAAT_HOM_SUM FOR \"org.maat.encdb.server.HomSum\"");
            st.execute("CREATE TABLE EMP(ID INT PRIMARY KEY, NAME_EQ VARBINARY, NAME_IV BINARY(16),"
                    + " NAME_SEARCH VARBINARY, DEPT INT, SALARY_ADD VARBINARY)");
        }
        Rnd rnd = new Rnd(rndKey);
        Det det = new Det(detKey);
        Det join = new Det(joinKey);
        try (PreparedStatement ps = conn.prepareStatement("INSERT INTO EMP VALUES (?, ?, ?, ?, ?, ?)")) {
            for (int i = 0; i < NAMES.length; i++) {
                byte[] iv = Rnd.newIv();
                ps.setInt(1, i);
                ps.setBytes(2, rnd.encrypt(det.encrypt(join.encrypt(NAMES[i].getBytes(UTF_8))), iv));
                ps.setBytes(3, iv);
                ps.setBytes(4, swp.encrypt(new KeywordSplitter().words(NAMES[i])));
                ps.setInt(5, DEPARTMENTS[i]);
                ps.setBytes(6, HOM.encrypt(SALARIES[i]));
                ps.addBatch();
            }
            ps.setInt(1, 99);
            ps.setBytes(2, null);
            ps.setBytes(3, null);
            ps.setBytes(4, null);
            ps.setInt(5, 10);
            ps.setBytes(6, null);
            ps.addBatch();
            ps.executeBatch();
        }
    }

    @AfterEach
    void close() throws SQLException {
        conn.close();
    }

    private List<byte[]> column(String sql) throws SQLException {
        List<byte[]> values = new ArrayList<>();
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery(sql)) {
            while (rs.next()) {
                values.add(rs.getBytes(1));
            }
        }
        return values;
    }

    private void update(String sql, byte[] key) throws SQLException {
        try (PreparedStatement ps = conn.prepareStatement(sql)) {
            ps.setBytes(1, key);
            ps.executeUpdate();
        }
    }

    @Test
    void peelingRndThenDetInsideH2ExposesEqualityThenTheJoinLayer() throws SQLException {
        assertThat(column("SELECT COUNT(DISTINCT NAME_EQ) FROM EMP WHERE NAME_EQ IS NOT NULL")).isNotEmpty();
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(DISTINCT NAME_EQ) FROM EMP")) {
            rs.next();
            assertThat(rs.getInt(1)).as("RND hides the repeated name").isEqualTo(5);
        }

        update("UPDATE EMP SET NAME_EQ = MAAT_PEEL_RND(NAME_EQ, ?, NAME_IV)", rndKey);
        try (Statement st = conn.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(DISTINCT NAME_EQ) FROM EMP")) {
            rs.next();
            assertThat(rs.getInt(1)).as("DET shows the repeated name").isEqualTo(4);
        }

        update("UPDATE EMP SET NAME_EQ = MAAT_PEEL_DET(NAME_EQ, ?)", detKey);
        List<byte[]> joinLayer = column("SELECT NAME_EQ FROM EMP ORDER BY ID");
        Det join = new Det(joinKey);
        for (int i = 0; i < NAMES.length; i++) {
            assertThat(new String(join.decrypt(joinLayer.get(i)), UTF_8)).isEqualTo(NAMES[i]);
        }
        assertThat(joinLayer.get(NAMES.length)).as("NULL stays NULL").isNull();
    }

    @Test
    void aPeelWithTheWrongKeyFailsAndLeavesEveryRowAsItWas() throws SQLException {
        update("UPDATE EMP SET NAME_EQ = MAAT_PEEL_RND(NAME_EQ, ?, NAME_IV)", rndKey);
        List<byte[]> before = column("SELECT NAME_EQ FROM EMP ORDER BY ID");

        assertThatThrownBy(() -> update("UPDATE EMP SET NAME_EQ = MAAT_PEEL_DET(NAME_EQ, ?)", joinKey))
                .isInstanceOf(SQLException.class).hasMessageContaining("not authentic");
        assertThat(column("SELECT NAME_EQ FROM EMP ORDER BY ID")).containsExactlyElementsOf(before);
    }

    @Test
    void swpMatchFindsTheRowsHoldingAWord() throws SQLException {
        Map<String, List<Integer>> found = new HashMap<>();
        for (String word : List.of("steven", "kochhar", "haan", "ernst")) {
            List<Integer> ids = new ArrayList<>();
            try (PreparedStatement ps = conn.prepareStatement("SELECT ID FROM EMP WHERE MAAT_SWP_MATCH(NAME_SEARCH, ?) ORDER BY ID")) {
                ps.setBytes(1, swp.token(word));
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getInt(1));
                    }
                }
            }
            found.put(word, ids);
        }
        assertThat(found).containsEntry("steven", List.of(0, 3)).containsEntry("kochhar", List.of(1, 4))
                .containsEntry("haan", List.of(2)).containsEntry("ernst", List.of());
    }

    @Test
    void homSumAggregatesPerGroupAndNullGroupsSumToNull() throws SQLException {
        Map<Integer, BigInteger> sums = new HashMap<>();
        Map<Integer, Boolean> nullSums = new HashMap<>();
        try (PreparedStatement ps = conn.prepareStatement("SELECT DEPT, MAAT_HOM_SUM(SALARY_ADD, CAST(? AS VARBINARY)) FROM EMP GROUP BY DEPT")) {
            ps.setBytes(1, PAILLIER.publicKey().nSquared().toByteArray());
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    byte[] sum = rs.getBytes(2);
                    nullSums.put(rs.getInt(1), sum == null);
                    if (sum != null) {
                        sums.put(rs.getInt(1), HOM.decrypt(sum));
                    }
                }
            }
        }
        assertThat(sums).containsEntry(90, BigInteger.valueOf(58000)).containsEntry(50, BigInteger.valueOf(11200));
        assertThat(nullSums).containsEntry(10, true);
    }

    @Test
    void homAddAndMultiplyWorkInTheSelectList() throws SQLException {
        byte[] raise = HOM.encrypt(500);
        try (PreparedStatement ps = conn.prepareStatement(
                "SELECT MAAT_HOM_ADD(SALARY_ADD, ?, ?), MAAT_HOM_MULTIPLY(SALARY_ADD, 3, ?) FROM EMP WHERE ID = 1")) {
            byte[] nSquared = PAILLIER.publicKey().nSquared().toByteArray();
            ps.setBytes(1, raise);
            ps.setBytes(2, nSquared);
            ps.setBytes(3, nSquared);
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                assertThat(HOM.decrypt(rs.getBytes(1))).isEqualTo(BigInteger.valueOf(17500));
                assertThat(HOM.decrypt(rs.getBytes(2))).isEqualTo(BigInteger.valueOf(51000));
            }
        }
    }
}
