package org.maat.erp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;
import org.maat.keys.KeyUnavailableException;

/** Where an encrypted ERP database's key comes from, and that only its own key opens it. */
class ErpDatabaseKeyTest {

    @TempDir
    Path dir;

    /** A small encrypted database with one row, built with {@code keySource} (null: DIR/maat.key). */
    private ErpDatabase build(Path db, String keySource) throws SQLException {
        ErpDatabase erp = ErpDatabase.create(db, ErpDatabase.Kind.ENCRYPTED, 1, 2, "maat erp load ...", keySource);
        try (Connection c = erp.connect(); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE T (ID INTEGER PRIMARY KEY, NAME VARCHAR(20))");
            st.execute("INSERT INTO T VALUES (1, 'Ada')");
        }
        erp.markComplete();
        return erp;
    }

    private static String name(ErpDatabase erp) throws SQLException {
        try (Connection c = erp.connect(); Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT NAME FROM T WHERE ID = 1")) {
            assertThat(rs.next()).isTrue();
            return rs.getString(1);
        }
    }

    private static List<Path> keyFilesIn(Path db) throws Exception {
        try (Stream<Path> files = Files.list(db)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".key")).toList();
        }
    }

    @Test
    void anExternalKeyLeavesNoKeyInTheDirectoryAndReopensTheDatabase() throws Exception {
        Path key = dir.resolve("secure/hr.key");
        Path db = dir.resolve("db");
        build(db, "file:" + key);

        assertThat(keyFilesIn(db)).isEmpty();
        String properties = Files.readString(db.resolve(ErpDatabase.PROPERTIES));
        assertThat(properties).contains("key=external").contains("keycheck=")
                .doesNotContain(HexFormat.of().formatHex(Files.readAllBytes(key)));

        ErpDatabase reopened = ErpDatabase.open(db, "file:" + key);
        assertThat(reopened.externalKey()).isTrue();
        assertThat(name(reopened)).isEqualTo("Ada");
        assertThat(name(ErpDatabase.open(db, key.toString()))).as("a bare path is a file spec").isEqualTo("Ada");
        assertThat(keyFilesIn(db)).isEmpty();
    }

    @Test
    void withoutItsKeySourceTheDatabaseIsRefusedAndGetsNoNewKey() throws Exception {
        Path db = dir.resolve("db");
        build(db, "file:" + dir.resolve("hr.key"));

        assertThatThrownBy(() -> ErpDatabase.open(db)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("keeps its master key outside the directory")
                .hasMessageContaining("--key-source file:PATH");
        assertThat(keyFilesIn(db)).isEmpty();
    }

    @Test
    void anotherKeyIsRefusedAtOpen() throws Exception {
        Path db = dir.resolve("db");
        build(db, "file:" + dir.resolve("hr.key"));
        Path other = dir.resolve("other.key");
        KeyFile.createIfAbsent(other);

        assertThatThrownBy(() -> ErpDatabase.open(db, "file:" + other)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("key file " + other.toAbsolutePath() + " is not this database's master key");
        assertThatThrownBy(() -> ErpDatabase.open(db, "file:" + dir.resolve("missing.key")))
                .isInstanceOf(KeyUnavailableException.class).hasMessageContaining("does not exist");
        assertThat(dir.resolve("missing.key")).as("opening never creates a key").doesNotExist();
    }

    @Test
    void withoutARecordedCheckValueTheDriverStillRefusesAnotherKey() throws Exception {
        Path db = dir.resolve("db");
        build(db, "file:" + dir.resolve("hr.key"));
        Path props = db.resolve(ErpDatabase.PROPERTIES);
        Files.write(props, Files.readAllLines(props).stream().filter(l -> !l.startsWith("keycheck=")).toList());
        Path other = dir.resolve("other.key");
        KeyFile.createIfAbsent(other);

        ErpDatabase wrong = ErpDatabase.open(db, other.toString());
        assertThatThrownBy(() -> name(wrong)).isInstanceOfSatisfying(SQLException.class,
                e -> assertThat(e.getSQLState()).isEqualTo("28000")).hasMessageContaining("wrong master key");
    }

    @Test
    void theDefaultKeyIsCreatedInTheDirectoryWithTheDatabaseAndNeverRecreated() throws Exception {
        Path db = dir.resolve("db");
        build(db, null);
        Path key = db.resolve(ErpDatabase.KEY_FILE);
        assertThat(Files.readAllBytes(key)).hasSize(KeyFile.KEY_LENGTH);
        assertThat(Files.readString(db.resolve(ErpDatabase.PROPERTIES))).contains("key=maat.key");
        assertThat(name(ErpDatabase.open(db))).isEqualTo("Ada");
        assertThat(name(ErpDatabase.open(db, "file:" + key))).as("the same key, given as a source").isEqualTo("Ada");

        Path moved = Files.move(key, dir.resolve("moved.key"));
        assertThatThrownBy(() -> ErpDatabase.open(db)).isInstanceOf(KeyUnavailableException.class)
                .hasMessageContaining(key.toString()).hasMessageContaining("does not exist")
                .hasMessageContaining("--key-source");
        assertThat(key).doesNotExist();
        assertThat(name(ErpDatabase.open(db, moved.toString()))).isEqualTo("Ada");

        KeyFile.createIfAbsent(key);
        assertThatThrownBy(() -> ErpDatabase.open(db)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is not this database's master key");
    }

    @Test
    void restartingAnInterruptedBuildKeepsTheExternalKey() throws Exception {
        Path key = dir.resolve("hr.key");
        Path db = dir.resolve("db");
        ErpDatabase.create(db, ErpDatabase.Kind.ENCRYPTED, 1, 2, "maat erp load ...", "file:" + key);
        byte[] before = Files.readAllBytes(key);

        ErpDatabase.createOrRestart(db, ErpDatabase.Kind.ENCRYPTED, 1, 2, "maat erp load ...", "file:" + key,
                notice -> { });
        assertThat(Files.readAllBytes(key)).isEqualTo(before);
        assertThat(keyFilesIn(db)).isEmpty();
    }

    @Test
    void aKeySourceThatCannotBeHadLeavesNoDirectory() {
        Path db = dir.resolve("db");
        assertThatThrownBy(() -> ErpDatabase.create(db, ErpDatabase.Kind.ENCRYPTED, 1, 2, null, "nosuch:x/y"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("unknown key source scheme");
        assertThat(db).doesNotExist();
    }

    @Test
    void aPlaintextDatabaseTakesNoKeySource() throws Exception {
        assertThatThrownBy(() -> ErpDatabase.create(dir.resolve("p"), ErpDatabase.Kind.PLAIN, 1, 2, null,
                "file:" + dir.resolve("k"))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("plaintext database has no key");
        assertThat(dir.resolve("k")).doesNotExist();
    }
}
