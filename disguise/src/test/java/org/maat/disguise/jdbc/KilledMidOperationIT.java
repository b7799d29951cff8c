package org.maat.disguise.jdbc;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.disguise.DisguiseSpecs;
import org.maat.disguise.Disguises.PrincipalProof;
import org.maat.disguise.Receipt;
import org.maat.disguise.crypto.PrincipalKeys;
import org.maat.disguise.crypto.PrivateKey;

/**
 * SIGKILL (destroyForcibly) of a JVM in the middle of an apply or a reveal on a file H2 database: the
 * reopened database equals exactly the state before the operation or the state after it (the bag's
 * sealed bytes, random per run, are compared by count; everything else row by row).
 */
class KilledMidOperationIT {

    private static final String ALICE = WebSubmitData.email(4);
    private static final String[] COMPARED = {"USERS", "LECTURES", "QUESTIONS", "ANSWERS", "MAAT_DISGUISE_PRINCIPALS"};

    @TempDir
    Path dir;

    private final Random random = new Random();

    @Test
    void applyKilledAtAnyStatementLeavesBeforeOrAfter() throws Exception {
        PrivateKey key = PrincipalKeys.generate();
        Path original = dir.resolve("original");
        Files.createDirectories(original);
        try (Connection conn = open(original); JdbcDisguises d = new JdbcDisguises(conn)) {
            WebSubmitData.load(conn, 8);
            d.register(ALICE, key.publicKey());
        }
        State before = state(original);
        Path full = copy(original, "full");
        List<String> out = runChild(full, List.of("apply", ALICE, key.toText(), "0"), -1);
        int statements = Integer.parseInt(last(out, "DONE "));
        State after = state(full);
        assertThat(after.bags).isEqualTo(1);
        assertThat(after.rows).isNotEqualTo(before.rows);

        List<Integer> killPoints = killPoints(statements);
        for (int k : killPoints) {
            Path db = copy(original, "apply-" + k);
            runChild(db, List.of("apply", ALICE, key.toText(), "20"), k);
            State now = state(db);
            assertThat(now.equals(before) || now.equals(after)).as("killed at statement %d of %d: %s", k, statements, now)
                    .isTrue();
        }
    }

    @Test
    void revealKilledAtAnyStatementLeavesBeforeOrAfter() throws Exception {
        PrivateKey key = PrincipalKeys.generate();
        Path original = dir.resolve("original");
        Files.createDirectories(original);
        State undisguised;
        Receipt receipt;
        try (Connection conn = open(original); JdbcDisguises d = new JdbcDisguises(conn)) {
            WebSubmitData.load(conn, 8);
            d.register(ALICE, key.publicKey());
        }
        undisguised = state(original);
        try (Connection conn = open(original); JdbcDisguises d = new JdbcDisguises(conn)) {
            receipt = d.apply(DisguiseSpecs.builtin("websubmit-delete-account"), ALICE, PrincipalProof.none());
        }
        State disguised = state(original);
        Path full = copy(original, "full");
        List<String> out = runChild(full, List.of("reveal", receipt.locator().toText(), key.toText(), "0"), -1);
        int statements = Integer.parseInt(last(out, "DONE "));
        assertThat(state(full)).isEqualTo(undisguised);

        for (int k : killPoints(statements)) {
            Path db = copy(original, "reveal-" + k);
            runChild(db, List.of("reveal", receipt.locator().toText(), key.toText(), "20"), k);
            State now = state(db);
            assertThat(now.equals(disguised) || now.equals(undisguised))
                    .as("killed at statement %d of %d: %s", k, statements, now).isTrue();
        }
    }

    /** One statement at random, the last one, and the moment after the commit (0 = on DONE). */
    private List<Integer> killPoints(int statements) {
        return List.of(2 + random.nextInt(Math.max(1, statements - 2)), statements, 0);
    }

    private record State(Map<String, List<String>> rows, long bags) {
    }

    private static State state(Path db) throws SQLException {
        try (Connection conn = open(db)) {
            Map<String, List<String>> rows = WebSubmitData.dump(conn, COMPARED);
            long bags = WebSubmitData.dump(conn, "MAAT_DISGUISE_BAGS").get("MAAT_DISGUISE_BAGS").size();
            return new State(rows, bags);
        }
    }

    private static Connection open(Path db) throws SQLException {
        return DriverManager.getConnection("jdbc:h2:file:" + db.resolve("ws"));
    }

    private Path copy(Path from, String name) throws IOException {
        Path to = dir.resolve(name);
        Files.createDirectories(to);
        Files.copy(from.resolve("ws.mv.db"), to.resolve("ws.mv.db"), StandardCopyOption.REPLACE_EXISTING);
        return to;
    }

    /**
     * Runs the child on {@code db}; with {@code killAt} > 0 kills it when it announces statement
     * {@code killAt}, with 0 when it announces DONE, with -1 lets it finish. Returns its output lines.
     */
    private static List<String> runChild(Path db, List<String> args, int killAt) throws Exception {
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"), DisguiseChild.class.getName(),
                "jdbc:h2:file:" + db.resolve("ws")));
        cmd.addAll(args);
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        List<String> lines = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                lines.add(line);
                if ((killAt > 0 && line.equals("STMT " + killAt)) || (killAt == 0 && line.startsWith("DONE"))) {
                    p.destroyForcibly();
                    break;
                }
            }
        } finally {
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
            }
        }
        if (killAt < 0) {
            assertThat(p.exitValue()).as("child output: %s", lines).isZero();
        } else {
            p.waitFor();
        }
        return lines;
    }

    private static String last(List<String> lines, String prefix) {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (lines.get(i).startsWith(prefix)) {
                return lines.get(i).substring(prefix.length());
            }
        }
        throw new AssertionError("no " + prefix + " in " + lines);
    }
}
