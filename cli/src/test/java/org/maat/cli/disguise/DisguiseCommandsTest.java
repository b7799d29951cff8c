package org.maat.cli.disguise;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.maat.cli.erp.ErpCommand;
import org.maat.cli.search.CommandHarness;
import org.maat.core.data.DataDir;
import org.maat.core.runtime.TestData;
import org.maat.disguise.crypto.RecoveryPhrase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The three applications disguised and revealed through {@code maat disguise}, as a user types it. */
class DisguiseCommandsTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int disguise(String... args) {
        return CommandHarness.run(new DisguiseCommand(), out, err, args);
    }

    @Test
    void listShowsTheBuiltInDisguises() {
        assertThat(disguise("list")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("hr-employee-leaves", "websubmit-delete-account",
                "websubmit-anonymize-account", "search-delete-account", "search-anonymize-account");
    }

    @Test
    void aWebSubmitUserIsAnonymizedThenDeletedAndBothAreRevealedWithTheKeyFile() throws Exception {
        String url = "jdbc:h2:file:" + dir.resolve("websubmit");
        assertThat(disguise("sample", "--db", url, "--users", "20", "--lectures", "2", "--questions", "2"))
                .as(err.toString()).isZero();
        String alice = "student00003@websubmit.example";
        int answers = count(url, "SELECT COUNT(*) FROM ANSWERS WHERE EMAIL = '" + alice + "'");
        assertThat(answers).isEqualTo(4);
        Path key = dir.resolve("alice.key");
        assertThat(disguise("register", "--db", url, "--principal", alice, "--key-file", key.toString()))
                .as(err.toString()).isZero();
        assertThat(Files.exists(key)).isTrue();

        Path anon = dir.resolve("anon.receipt");
        assertThat(disguise("apply", "--db", url, "--principal", alice, "--spec", "websubmit-anonymize-account",
                "--receipt", anon.toString())).as(err.toString()).isZero();
        assertThat(count(url, "SELECT COUNT(*) FROM USERS WHERE EMAIL = '" + alice + "'")).isZero();
        assertThat(count(url, "SELECT COUNT(*) FROM ANSWERS")).isEqualTo(20 * 4);

        Path del = dir.resolve("del.receipt");
        assertThat(disguise("apply", "--db", url, "--principal", alice, "--spec", "websubmit-delete-account",
                "--receipt", del.toString(), "--after", anon.toString(), "--key-file", key.toString()))
                .as(err.toString()).isZero();
        assertThat(count(url, "SELECT COUNT(*) FROM ANSWERS")).as("the anonymized answers went too").isEqualTo(19 * 4);

        assertThat(disguise("list", "--db", url, "--receipts", anon + "," + del, "--key-file", key.toString()))
                .as(err.toString()).isZero();
        assertThat(out.toString()).contains("2 bag(s)", "websubmit-delete-account of " + alice);

        assertThat(disguise("reveal", "--db", url, "--receipt", anon.toString(), "--key-file", key.toString()))
                .as("the earlier disguise is revealed last").isEqualTo(DisguiseRevealCommand.EXIT_REFUSED);
        assertThat(disguise("reveal", "--db", url, "--receipt", del.toString(), "--key-file", key.toString()))
                .as(err.toString()).isZero();
        assertThat(disguise("reveal", "--db", url, "--receipt", anon.toString(), "--key-file", key.toString()))
                .as(err.toString()).isZero();
        assertThat(count(url, "SELECT COUNT(*) FROM ANSWERS WHERE EMAIL = '" + alice + "'")).isEqualTo(answers);
        assertThat(count(url, "SELECT COUNT(*) FROM USERS WHERE EMAIL = '" + alice + "'")).isOne();

        int before = err.toString().length();
        assertThat(disguise("reveal", "--db", url, "--receipt", del.toString(), "--key-file", key.toString()))
                .isEqualTo(DisguiseRevealCommand.EXIT_REFUSED);
        assertThat(err.toString().substring(before)).contains("refused, nothing changed");
    }

    @Test
    void anEmployeeLeavesTheEncryptedErpDatabaseAndComesBackWithTheRecoveryPhrase() throws Exception {
        Path erp = dir.resolve("erp");
        assertThat(CommandHarness.run(new ErpCommand(), out, err, "load", "--db", erp.toString(), "--employees", "40",
                "--encrypted")).as(err.toString()).isZero();
        String url = "jdbc:maat:h2:file:" + erp.resolve("hr") + ";maat.keyFile=" + erp.resolve("maat.key");
        String employee = "110";
        assertThat(disguise("register", "--db", url, "--principal", employee, "--new-phrase")).as(err.toString()).isZero();
        Matcher phrase = Pattern.compile("(?m)^  ([A-Z0-9]{4}(?:-[A-Z0-9]{4}){7})$").matcher(out.toString());
        assertThat(phrase.find()).as(out.toString()).isTrue();

        Path receipt = dir.resolve("110.receipt");
        assertThat(disguise("apply", "--db", url, "--principal", employee, "--spec", "hr-employee-leaves",
                "--receipt", receipt.toString())).as(err.toString()).isZero();
        assertThat(count(url, "SELECT COUNT(*) FROM EMPLOYEES WHERE EMPLOYEE_ID = 110")).isZero();

        assertThat(disguise("reveal", "--db", url, "--receipt", receipt.toString(), "--phrase",
                RecoveryPhraseTyping.wrong(phrase.group(1)))).as("a typo is caught by the check characters").isEqualTo(2);
        assertThat(err.toString()).contains("mistyped");
        assertThat(disguise("reveal", "--db", url, "--receipt", receipt.toString(), "--phrase",
                RecoveryPhrase.generate().text())).as("another user's phrase").isEqualTo(DisguiseRevealCommand.EXIT_REFUSED);
        assertThat(disguise("reveal", "--db", url, "--receipt", receipt.toString(), "--phrase", phrase.group(1)))
                .as(err.toString()).isZero();
        assertThat(count(url, "SELECT COUNT(*) FROM EMPLOYEES WHERE EMPLOYEE_ID = 110")).isOne();
    }

    @Test
    void aSearchUserIsDeletedAndRestoredAndTheMalLogIsSaidToStay() throws IOException {
        DataDir data = TestData.generate(dir.resolve("data"), 60, 7);
        Path index = TestData.index(data, dir.resolve("index"), 2).root();
        String[] target = {"--data", data.root().toString(), "--index", index.toString()};
        Path key = dir.resolve("u3.key");
        assertThat(disguise(concat(new String[] {"register", "--principal", "u3", "--key-file", key.toString()}, target)))
                .as(err.toString()).isZero();
        Path receipt = dir.resolve("u3.receipt");
        assertThat(disguise(concat(new String[] {"apply", "--principal", "u3", "--spec", "search-delete-account",
            "--receipt", receipt.toString()}, target))).as(err.toString()).isZero();
        assertThat(out.toString()).contains("mandatory access log:");
        assertThat(Files.readString(data.accounts())).doesNotContain("u3\t");

        assertThat(disguise(concat(new String[] {"reveal", "--receipt", receipt.toString(), "--key-file",
            key.toString()}, target))).as(err.toString()).isZero();
        assertThat(Files.readString(data.accounts())).contains("u3\t");
    }

    @Test
    void badArgumentsAreUsageErrors() {
        assertThat(disguise("apply", "--principal", "x", "--spec", "websubmit-delete-account", "--receipt",
                dir.resolve("r").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("no target");
        assertThat(disguise("apply", "--db", "jdbc:h2:mem:x", "--principal", "x", "--spec", "no-such-spec",
                "--receipt", dir.resolve("r").toString())).isEqualTo(2);
        assertThat(disguise("reveal", "--db", "jdbc:h2:mem:x", "--receipt", dir.resolve("missing").toString(),
                "--key-file", dir.resolve("k").toString())).isEqualTo(2);
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static int count(String url, String sql) throws SQLException {
        try (Connection c = DriverManager.getConnection(url); Statement st = c.createStatement();
             ResultSet rs = st.executeQuery(sql)) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /** A typo in one letter of a recovery phrase. */
    private static final class RecoveryPhraseTyping {
        static String wrong(String phrase) {
            char c = phrase.charAt(0);
            return (c == 'A' ? 'B' : 'A') + phrase.substring(1);
        }
    }
}
