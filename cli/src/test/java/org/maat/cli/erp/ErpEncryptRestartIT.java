package org.maat.cli.erp;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.cli.ProgressStyle;
import org.maat.cli.erp.ErpCommandTest.Run;
import org.maat.erp.ErpDatabase;
import org.maat.erp.HrSchema;
import org.maat.erp.PlainVersusEncrypted;

/**
 * {@code maat erp encrypt} SIGKILLed mid-way in a child JVM: the target stays marked incomplete, opening
 * it names the command that finishes it, and running that same command again encrypts from scratch into
 * a database whose every table holds what the plaintext one holds.
 */
class ErpEncryptRestartIT {

    private static final Pattern PROGRESS = Pattern.compile("encrypt .*?(\\d+)/(\\d+) rows");

    @TempDir
    Path dir;

    @Test
    void rerunningAnInterruptedEncryptRestartsItAndGivesThePlainRows() throws Exception {
        Path plain = dir.resolve("plain");
        Path enc = dir.resolve("enc");
        Run load = ErpCommandTest.erp("load", "--db", plain.toString(), "--employees", "250", "--seed", "5");
        assertThat(load.exit()).as(load.err()).isZero();
        List<String> encrypt = List.of("encrypt", "--from", plain.toString(), "--to", enc.toString(), "--threads", "1",
                "--batch", "25");

        killMidway(encrypt, enc);
        assertThat(properties(enc).getProperty("complete")).isEqualTo("false");
        assertThatThrownBy(() -> ErpDatabase.open(enc)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("incomplete ERP database")
                .hasMessageContaining("'maat erp encrypt --from " + plain.toAbsolutePath().normalize() + " --to "
                        + enc.toAbsolutePath().normalize() + "' again");

        Run again = ErpCommandTest.erp(encrypt.toArray(String[]::new));
        assertThat(again.exit()).as(again.err()).isZero();
        assertThat(again.out()).contains("an earlier run did not finish", "starting again from scratch");
        assertThat(again.err()).doesNotContain("Exception", "\tat ");
        assertThat(properties(enc).getProperty("complete")).isEqualTo("true");
        try (Connection p = ErpDatabase.open(plain).connect(); Connection e = ErpDatabase.open(enc).connect();
                PlainVersusEncrypted both = new PlainVersusEncrypted(p, e)) {
            for (String table : HrSchema.TABLES) {
                assertThat(both.table(table)).as(table).isTrue();
            }
        }
    }

    @Test
    void aCompleteDatabaseIsNeverDeletedByARerun() throws Exception {
        Path db = dir.resolve("done");
        ErpDatabase.create(db, ErpDatabase.Kind.ENCRYPTED, 1, 10, "maat erp encrypt ...").markComplete();
        Files.writeString(db.resolve(ErpDatabase.H2_NAME + ".mv.db"), "stands for the data");
        assertThatThrownBy(() -> ErpDatabase.createOrRestart(db, ErpDatabase.Kind.ENCRYPTED, 1, 10, "x", notice -> { }))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("already holds an ERP database");
        assertThat(Files.readString(db.resolve(ErpDatabase.H2_NAME + ".mv.db"))).isEqualTo("stands for the data");
        assertThat(ErpDatabase.open(db).employees()).isEqualTo(10);
    }

    /** Runs {@code args} in a child JVM and SIGKILLs it once its progress bar shows rows written, before the end. */
    private void killMidway(List<String> args, Path target) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
                // Its log is a file, which gets one line per phase; the bar's running count says when to kill.
                "-D" + ProgressStyle.PROPERTY + "=bars",
                "-cp", System.getProperty("java.class.path"), ErpChild.class.getName()));
        command.addAll(args);
        Path log = dir.resolve("child.log");
        Process child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
            while (!rowsWritten(Files.readString(log)) && child.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }
            assertThat(child.isAlive()).as("the child ended before it could be killed: " + Files.readString(log)).isTrue();
            child.toHandle().destroyForcibly(); // SIGKILL
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            child.destroyForcibly();
        }
    }

    /** Whether the progress bar ({@code encrypt ... N/M rows}) shows 0 < N < M. */
    private static boolean rowsWritten(String log) {
        Matcher m = PROGRESS.matcher(log);
        boolean midway = false;
        while (m.find()) {
            long n = Long.parseLong(m.group(1));
            midway = n > 0 && n < Long.parseLong(m.group(2));
        }
        return midway;
    }

    private static Properties properties(Path db) throws Exception {
        Properties p = new Properties();
        try (InputStream in = Files.newInputStream(db.resolve(ErpDatabase.PROPERTIES))) {
            p.load(in);
        }
        return p;
    }
}
