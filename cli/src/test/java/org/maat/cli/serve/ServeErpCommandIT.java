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
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.erp.ErpDatabase;
import org.maat.erp.ErpLoader;
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
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                CommandRunner.class.getName(), "serve", "--erp", db.toString(), "--erp-connections", "2",
                "--port", "0", "--war", System.getProperty("maat.war")));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            URI url = null;
            List<String> seen = new ArrayList<>();
            for (String line; url == null && (line = out.readLine()) != null; ) {
                seen.add(line);
                Matcher m = URL.matcher(line);
                if (m.find()) {
                    url = URI.create(m.group(1));
                }
            }
            assertThat(url).as("output: %s", seen).isNotNull();
            assertThat(url.getPath()).isEqualTo("/erp");
            HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            HttpResponse<String> q7 = http.send(HttpRequest.newBuilder(url.resolve("/api/erp/q7")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(q7.statusCode()).isEqualTo(200);
            assertThat(q7.body()).contains("\"backend\":\"plain\"").contains("\"query\":\"Q7\"");

            Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(process.pid())).start();
            assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
            assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
            List<String> rest = out.lines().toList();
            assertThat(rest).contains("stopped");
        } finally {
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
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
    }

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
                .contains("maat serve --erp erp-db");
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
