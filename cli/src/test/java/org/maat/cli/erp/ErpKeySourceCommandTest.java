package org.maat.cli.erp;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.keys.KeyFile;
import picocli.CommandLine;

/** {@code --key-source} on the {@code maat erp} commands: a database directory that holds no key. */
class ErpKeySourceCommandTest {

    @TempDir
    static Path dir;

    static Path key;
    static Path loaded;
    static Path encrypted;

    static ErpCommandTest.Run erp(String... args) {
        return ErpCommandTest.run(new CommandLine(new ErpCommand()), args);
    }

    private static List<Path> keyFilesIn(Path db) throws Exception {
        try (Stream<Path> files = Files.list(db)) {
            return files.filter(f -> f.getFileName().toString().endsWith(".key")).toList();
        }
    }

    @BeforeAll
    static void build() {
        key = dir.resolve("secure/hr.key");
        loaded = dir.resolve("loaded");
        ErpCommandTest.Run load = erp("load", "--db", loaded.toString(), "--employees", "30", "--seed", "5",
                "--encrypted", "--key-source", "file:" + key);
        assertThat(load.exit()).as(load.err()).isZero();

        Path plain = dir.resolve("plain");
        assertThat(erp("load", "--db", plain.toString(), "--employees", "30", "--seed", "5").exit()).isZero();
        encrypted = dir.resolve("encrypted");
        ErpCommandTest.Run encrypt = erp("encrypt", "--from", plain.toString(), "--to", encrypted.toString(),
                "--threads", "2", "--key-source", key.toString());
        assertThat(encrypt.exit()).as(encrypt.err()).isZero();
    }

    @Test
    void loadAndEncryptLeaveNoKeyInTheDirectory() throws Exception {
        assertThat(Files.readAllBytes(key)).hasSize(KeyFile.KEY_LENGTH);
        assertThat(keyFilesIn(loaded)).isEmpty();
        assertThat(keyFilesIn(encrypted)).isEmpty();
    }

    @Test
    void everyCommandOpensTheDatabaseWithItsKeySource() {
        for (Path db : new Path[] {loaded, encrypted}) {
            ErpCommandTest.Run sql = erp("sql", "--db", db.toString(), "--key-source", "file:" + key,
                    "SELECT COUNT(*) FROM EMPLOYEES");
            assertThat(sql.exit()).as(sql.err()).isZero();
            assertThat(sql.out()).contains("30");
        }
        ErpCommandTest.Run query = erp("query", "--db", loaded.toString(), "--key-source", "file:" + key, "Q8");
        assertThat(query.exit()).as(query.err()).isZero();
        assertThat(query.out()).containsPattern("Q8: [1-9]\\d* row");
        ErpCommandTest.Run layers = erp("layers", "--db", encrypted.toString(), "--key-source", "file:" + key);
        assertThat(layers.exit()).as(layers.err()).isZero();
        assertThat(layers.out()).contains("EMPLOYEES.SALARY");
    }

    @Test
    void withoutTheKeySourceEveryCommandExitsTwoAndSaysToPassIt() throws Exception {
        for (String[] args : new String[][] {
                {"sql", "--db", loaded.toString(), "SELECT 1"},
                {"query", "--db", loaded.toString(), "Q7"},
                {"layers", "--db", encrypted.toString()}}) {
            ErpCommandTest.Run r = erp(args);
            assertThat(r.exit()).as(String.join(" ", args)).isEqualTo(2);
            assertThat(r.err()).contains("keeps its master key outside the directory", "--key-source");
        }
        assertThat(keyFilesIn(loaded)).isEmpty();
        assertThat(keyFilesIn(encrypted)).isEmpty();
    }

    @Test
    void anotherOrAMissingKeyExitsTwoNamingIt() {
        Path other = dir.resolve("other.key");
        KeyFile.createIfAbsent(other);
        ErpCommandTest.Run wrong = erp("sql", "--db", loaded.toString(), "--key-source", other.toString(), "SELECT 1");
        assertThat(wrong.exit()).isEqualTo(2);
        assertThat(wrong.err()).contains(other.toAbsolutePath() + " is not this database's master key");

        Path missing = dir.resolve("missing.key");
        ErpCommandTest.Run absent = erp("layers", "--db", loaded.toString(), "--key-source", "file:" + missing);
        assertThat(absent.exit()).isEqualTo(2);
        assertThat(absent.err()).contains(missing.toString(), "does not exist");
        assertThat(missing).doesNotExist();
    }

    @Test
    void aMalformedSpecOrAKeyForAPlaintextDatabaseExitsTwo() {
        ErpCommandTest.Run unknown = erp("sql", "--db", loaded.toString(), "--key-source", "nosuch:x/y", "SELECT 1");
        assertThat(unknown.exit()).isEqualTo(2);
        assertThat(unknown.err()).contains("unknown key source scheme 'nosuch'", "file:PATH");

        ErpCommandTest.Run plain = erp("load", "--db", dir.resolve("p2").toString(), "--employees", "5",
                "--key-source", "file:" + dir.resolve("p2.key"));
        assertThat(plain.exit()).isEqualTo(2);
        assertThat(plain.err()).contains("plaintext database has no key");
        assertThat(dir.resolve("p2.key")).doesNotExist();
    }

    @Test
    void helpListsTheSpecs() {
        for (String command : new String[] {"load", "encrypt", "query", "sql", "layers"}) {
            ErpCommandTest.Run help = erp(command, "--help");
            assertThat(help.out()).as(command).contains("--key-source=SPEC").contains("file:PATH")
                    .contains("DIR/maat.key");
        }
    }
}
