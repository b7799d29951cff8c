package org.maat.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.accounts.AccountGenerator;
import org.maat.core.accounts.AccountRoles;
import org.maat.core.accounts.PasswordHasher;
import org.maat.core.data.DataDir;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;
import org.maat.keys.KeySources;
import picocli.CommandLine;

/** {@code maat serve --erp}: the ERP pages alone, without search data, as bin/maat runs it. */
class ServeErpCommandIT {

    private static final Pattern URL = Pattern.compile("serving at (http://\\S+)");

    @TempDir
    Path dir;

    @Test
    void erpAloneIsServedByItsOwnProcessAndStopsCleanly() throws Exception {
        Path db = dir.resolve("erp");
        new ErpLoader(500, n -> { }).load(ErpDatabase.create(db, ErpDatabase.Kind.PLAIN, 7, 120));
        try (Served served = Served.start(db, "--accounts", accounts().toString())) {
            assertThat(served.url.getPath()).isEqualTo("/erp");
            assertThat(served.get("/api/erp/q7", null).statusCode()).as("no session").isEqualTo(401);
            HttpResponse<String> q7 = served.get("/api/erp/q7");
            assertThat(q7.statusCode()).isEqualTo(200);
            assertThat(q7.body()).contains("\"backend\":\"plain\"").contains("\"query\":\"Q7\"");
            assertThat(served.stop()).contains("stopped");
        }
    }

    @Test
    void anEncryptedDatabaseKeyedFromOutsideIsServedOnlyWithItsKeySource() throws Exception {
        Path db = dir.resolve("erp-external");
        Path keyFile = Files.createDirectories(dir.resolve("keys")).resolve("erp.key");
        String key = "file:" + keyFile;
        new ErpLoader(500, n -> { }).load(ErpDatabase.create(db, ErpDatabase.Kind.ENCRYPTED, 7, 120,
                "maat erp load --db " + db + " --encrypted --key-source " + key, key));
        assertThat(db.resolve(ErpDatabase.KEY_FILE)).doesNotExist();
        assertThat(keyFile).exists();

        String without = run("--erp", db.toString(), "--port", "0");
        assertThat(without).startsWith("2:").contains("maat serve: --erp " + db + ": this encrypted database keeps "
                + "its master key outside the directory").contains("(--erp-key-source file:PATH")
                .doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(without.strip().lines()).hasSize(1);
        assertThat(db.resolve(ErpDatabase.KEY_FILE)).as("no fresh key for a database that has data").doesNotExist();

        String otherKey = "file:" + dir.resolve("keys").resolve("other.key");
        KeySources.openCreatingFile(otherKey); // a key, but another database's
        assertThat(run("--erp", db.toString(), "--erp-key-source", otherKey, "--port", "0")).startsWith("2:")
                .contains("maat serve: --erp " + db + ": ").contains("is not this database's master key");
        String missing = run("--erp", db.toString(), "--erp-key-source", "file:" + dir.resolve("keys/none.key"),
                "--port", "0");
        assertThat(missing).startsWith("2:maat serve: --erp-key-source ").contains("none.key");
        assertThat(missing.strip().lines()).hasSize(1);

        try (Served served = Served.start(db, "--erp-key-source", key, "--accounts", accounts().toString())) {
            HttpResponse<String> q7 = served.get("/api/erp/q7");
            assertThat(q7.statusCode()).isEqualTo(200);
            assertThat(q7.body()).contains("\"backend\":\"encrypted\"").contains("\"query\":\"Q7\"");
            assertThat(served.stop()).contains("stopped");
        }
    }

    @Test
    void whatToServeMustBeSaid() {
        assertThat(run()).startsWith("2:").contains("--erp (the ERP pages)");
        assertThat(run("--index", "i")).startsWith("2:").contains("--erp (the ERP pages)");
        assertThat(run("--erp", dir.toString(), "--index", "i")).startsWith("2:").contains("give --data too");
        assertThat(run("--erp", dir.resolve("missing").toString())).startsWith("2:").contains("no such directory");
        assertThat(run("--erp", dir.toString(), "--erp-connections", "0")).startsWith("2:")
                .contains("--erp-connections must be at least 1");
        assertThat(run("--data", "d", "--erp", dir.toString())).startsWith("2:")
                .contains("give either --index");
        assertThat(run("--data", "d", "--index", "i", "--erp-key-source", "file:k")).startsWith("2:")
                .contains("--erp-key-source is the key of the --erp database: give --erp too");
        assertThat(run("--erp", dir.toString(), "--accounts", dir.resolve("none").toString())).startsWith("2:")
                .contains("--accounts " + dir.resolve("none") + ": no accounts file there");
    }

    /** A data directory holding one account, hr1 with the role hr (its password in {@link #HR_PASSWORD}). */
    private Path accounts() throws IOException {
        Path accounts = Files.createDirectories(dir.resolve("accounts"));
        HR_PASSWORD[0] = new AccountGenerator(new PasswordHasher(64, 1, 1)).generate(DataDir.at(accounts),
                List.of("hr1"), java.util.Map.of("hr1", java.util.Set.of(AccountRoles.HR))).get(0).password();
        return accounts;
    }

    private static final String[] HR_PASSWORD = new String[1];

    @Test
    void anIncompleteErpDatabaseIsOneMessageNamingTheCommandThatFinishesIt() {
        Path db = dir.resolve("interrupted");
        ErpDatabase.create(db, ErpDatabase.Kind.ENCRYPTED, 7, 120, "maat erp encrypt --from /p --to " + db);
        String out = run("--erp", db.toString(), "--port", "0");
        assertThat(out).startsWith("2:").contains("maat serve: --erp " + db + ": incomplete ERP database")
                .contains("Run 'maat erp encrypt --from /p --to " + db + "' again")
                .doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(out.strip().lines()).hasSize(1);
        assertThat(run("--erp", dir.toString())).startsWith("2:").contains("not an ERP database");
    }

    @Test
    void helpNamesTheErpOptions() {
        assertThat(run("--help")).startsWith("0:").contains("--erp=DIR").contains("--erp-connections=N")
                .contains("maat serve --erp erp-db").contains("--erp-key-source=SPEC").contains("file:PATH");
    }

    /** {@code maat serve --erp DB OPTIONS} in its own JVM, as bin/maat runs it, once it prints its URL. */
    private static final class Served implements AutoCloseable {
        final Process process;
        final BufferedReader out;
        final URI url;

        private Served(Process process, BufferedReader out, URI url) {
            this.process = process;
            this.out = out;
            this.url = url;
        }

        static Served start(Path db, String... options) throws IOException {
            List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                    .toString(), "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                    CommandRunner.class.getName(), "serve", "--erp", db.toString(), "--erp-connections", "2",
                    "--port", "0", "--war", System.getProperty("maat.war")));
            command.addAll(List.of(options));
            Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
            BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8));
            Served served = new Served(process, out, null);
            try {
                List<String> seen = new ArrayList<>();
                for (String line; (line = out.readLine()) != null; ) {
                    seen.add(line);
                    Matcher m = URL.matcher(line);
                    if (m.find()) {
                        return new Served(process, out, URI.create(m.group(1)));
                    }
                }
                throw new AssertionError("maat serve printed no URL: " + seen);
            } catch (IOException | RuntimeException | Error e) {
                served.close();
                throw e;
            }
        }

        /** GET {@code path} signed in as hr1. */
        HttpResponse<String> get(String path) throws IOException, InterruptedException {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            HttpResponse<String> login = http.send(HttpRequest.newBuilder(url.resolve("/api/login"))
                    .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(
                            "{\"user\":\"hr1\",\"password\":\"" + HR_PASSWORD[0] + "\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(login.statusCode()).as(login.body()).isEqualTo(200);
            return get(path, login.headers().firstValue("Set-Cookie").orElseThrow().split(";", 2)[0]);
        }

        /** GET {@code path} with the session {@code cookie} (none when null). */
        HttpResponse<String> get(String path, String cookie) throws IOException, InterruptedException {
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            HttpRequest.Builder request = HttpRequest.newBuilder(url.resolve(path));
            if (cookie != null) {
                request.header("Cookie", cookie);
            }
            return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        }

        /** Stops it as Ctrl-C or a service manager would (SIGTERM); returns what it printed since its URL. */
        List<String> stop() throws IOException, InterruptedException {
            Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(process.pid())).start();
            assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            return out.lines().toList();
        }

        @Override
        public void close() throws IOException {
            process.destroyForcibly();
            try {
                process.waitFor(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            out.close();
        }
    }

    /** Exit code, a colon, then what the command printed. */
    private static String run(String... args) {
        StringWriter text = new StringWriter();
        CommandLine cli = new CommandLine(new ServeCommand());
        cli.setOut(new PrintWriter(text, true));
        cli.setErr(new PrintWriter(text, true));
        int code = cli.execute(args);
        return code + ":" + text;
    }
}
