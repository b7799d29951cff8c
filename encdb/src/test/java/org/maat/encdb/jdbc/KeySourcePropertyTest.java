package org.maat.encdb.jdbc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;

/** The driver's {@code maat.keySource} property, beside {@code maat.keyFile}. */
class KeySourcePropertyTest {

    @TempDir
    Path dir;

    private static Properties props(String... pairs) {
        Properties p = new Properties();
        for (int i = 0; i < pairs.length; i += 2) {
            p.setProperty(pairs[i], pairs[i + 1]);
        }
        return p;
    }

    private String url(String name) {
        return "jdbc:maat:h2:" + dir.resolve(name);
    }

    @Test
    void theKeySourceMayBeGivenInTheUrlAndH2NeverSeesIt() throws Exception {
        Path key = dir.resolve("url.key");
        String url = url("viaurl") + ";maat.keySource=file:" + key + ";maat.createKey=true";
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE T (ID INTEGER PRIMARY KEY)");
            st.execute("INSERT INTO T VALUES (7)");
        }
        // H2's own settings after it still reach H2; the key opens the data again.
        try (Connection c = DriverManager.getConnection(url("viaurl") + ";maat.keySource=file:" + key + ";IFEXISTS=TRUE");
                Statement st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT ID FROM T")) {
            assertThat(rs.next()).isTrue();
            assertThat(rs.getInt(1)).isEqualTo(7);
        }
        assertThatThrownBy(() -> DriverManager.getConnection(url("viaurl") + ";maat.keySource=file:" + key,
                props(MaatDriver.KEY_SOURCE, "file:" + dir.resolve("other.key"))))
                .isInstanceOf(SQLException.class).hasMessageContaining("both in the URL and as a property");
        assertThatThrownBy(() -> DriverManager.getConnection(url("viaurl") + ";maat.keySource"))
                .isInstanceOf(SQLException.class).hasMessageContaining("has no value");
    }

    @Test
    void aFileSpecCreatesTheKeyAndTheSameKeyOpensTheDatabaseThroughEitherProperty() throws Exception {
        Path key = dir.resolve("keys/master.key");
        try (Connection c = DriverManager.getConnection(url("db"),
                props(MaatDriver.KEY_SOURCE, "file:" + key, MaatDriver.CREATE_KEY, "true"));
                Statement st = c.createStatement()) {
            st.execute("CREATE TABLE T (ID INTEGER PRIMARY KEY, NAME VARCHAR(20))");
            st.execute("INSERT INTO T VALUES (1, 'Ada')");
        }
        assertThat(Files.readAllBytes(key)).hasSize(KeyFile.KEY_LENGTH);

        for (Properties p : new Properties[] {props(MaatDriver.KEY_SOURCE, key.toString()),
                props(MaatDriver.KEY_FILE, key.toString())}) {
            try (Connection c = DriverManager.getConnection(url("db"), p); Statement st = c.createStatement();
                    ResultSet rs = st.executeQuery("SELECT NAME FROM T WHERE ID = 1")) {
                assertThat(rs.next()).isTrue();
                assertThat(rs.getString(1)).isEqualTo("Ada");
            }
        }
    }

    @Test
    void withoutCreateKeyAMissingKeyIsUnavailableAndNotCreated() {
        Path key = dir.resolve("absent.key");
        assertThatThrownBy(() -> DriverManager.getConnection(url("db"), props(MaatDriver.KEY_SOURCE, "file:" + key)))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("28000"))
                .hasMessageContaining("cannot use key source file:" + key)
                .hasMessageContaining("does not exist");
        assertThat(key).doesNotExist();
    }

    @Test
    void anotherKeyIsRefusedWithoutShowingEitherKey() throws Exception {
        Path right = dir.resolve("right.key");
        Path wrong = dir.resolve("wrong.key");
        try (Connection c = DriverManager.getConnection(url("db"),
                props(MaatDriver.KEY_SOURCE, right.toString(), MaatDriver.CREATE_KEY, "true"))) {
            assertThat(c.isValid(1)).isTrue();
        }
        KeyFile.createIfAbsent(wrong);
        String[] keysInHex = {HexFormat.of().formatHex(Files.readAllBytes(right)),
            HexFormat.of().formatHex(Files.readAllBytes(wrong))};
        assertThatThrownBy(() -> DriverManager.getConnection(url("db"), props(MaatDriver.KEY_SOURCE, wrong.toString())))
                .isInstanceOfSatisfying(SQLException.class, e -> {
                    assertThat(e.getSQLState()).isEqualTo("28000");
                    assertThat(e.getMessage()).contains("wrong master key").contains(wrong.toString());
                    for (String hex : keysInHex) {
                        assertThat(e.getMessage().toLowerCase(Locale.ROOT)).doesNotContain(hex.substring(0, 8));
                    }
                });
    }

    @Test
    void exactlyOneOfTheTwoKeyPropertiesIsRequired() {
        assertThatThrownBy(() -> DriverManager.getConnection(url("db"), new Properties()))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("08001"))
                .hasMessageContaining("maat.keySource or maat.keyFile is required")
                .hasMessageContaining("file:PATH");
        assertThatThrownBy(() -> DriverManager.getConnection(url("db"),
                props(MaatDriver.KEY_SOURCE, "file:/a.key", MaatDriver.KEY_FILE, "/b.key")))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("08001"))
                .hasMessageContaining("maat.keyFile and maat.keySource are both set");
    }

    @Test
    void aMalformedSpecIsAUsageErrorListingTheKnownSchemes() {
        assertThatThrownBy(() -> DriverManager.getConnection(url("db"), props(MaatDriver.KEY_SOURCE, "nosuch:x/y")))
                .isInstanceOfSatisfying(SQLException.class, e -> assertThat(e.getSQLState()).isEqualTo("08001"))
                .hasMessageContaining("property maat.keySource")
                .hasMessageContaining("unknown key source scheme 'nosuch'")
                .hasMessageContaining("file:PATH");
    }

    @Test
    void propertyInfoListsTheKeySource() {
        DriverPropertyInfo[] info = new MaatDriver().getPropertyInfo(url("db"),
                props(MaatDriver.KEY_SOURCE, "file:/k"));
        assertThat(info).extracting(i -> i.name)
                .containsExactly(MaatDriver.KEY_SOURCE, MaatDriver.KEY_FILE, MaatDriver.CREATE_KEY);
        assertThat(info[0].value).isEqualTo("file:/k");
        assertThat(info[0].description).contains("file:PATH");
    }
}
