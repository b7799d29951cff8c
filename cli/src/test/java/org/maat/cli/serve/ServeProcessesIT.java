package org.maat.cli.serve;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.core.shard.FanOut;
import org.maat.core.shard.ShardQuery;
import org.maat.core.shard.ShardSecret;
import org.maat.core.shard.ShardTopology;
import org.maat.server.ServedDataFixture;
import org.maat.server.testwar.ConfigEchoServlet;
import picocli.CommandLine;

/**
 * {@code maat shard} and {@code maat serve} as separate processes: two shard processes over one
 * index, a front-end process configured with their URLs, and a clean stop of each on SIGTERM (what
 * Ctrl-C triggers too: the shutdown hook).
 */
class ServeProcessesIT {

    private static final Pattern URL = Pattern.compile("serving at (http://\\S+)");

    @TempDir
    Path dir;
    private final List<Process> processes = new ArrayList<>();
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    /** A running command and the lines it printed. */
    private record Running(Process process, BlockingQueue<String> lines, Thread reader, URI url) {
    }

    @AfterEach
    void killLeftovers() throws InterruptedException {
        for (Process p : processes) {
            p.destroyForcibly();
            p.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private Running run(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                CommandRunner.class.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        processes.add(process);
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                    lines.add(line);
                }
            } catch (IOException e) {
                lines.add("read failed: " + e);
            }
        });
        reader.setDaemon(true);
        reader.start();
        List<String> seen = new ArrayList<>();
        while (true) {
            String line = lines.poll(60, TimeUnit.SECONDS);
            assertThat(line).as("output of %s so far: %s", args[0], seen).isNotNull();
            seen.add(line);
            Matcher m = URL.matcher(line);
            if (m.find()) {
                return new Running(process, lines, reader, URI.create(m.group(1)));
            }
        }
    }

    private static List<String> stop(Running running) throws InterruptedException, IOException {
        // SIGTERM, as Ctrl-C's SIGINT, runs the shutdown hook. (Process.destroy would also close our end
        // of its output, losing what the hook prints.)
        Process kill = new ProcessBuilder("kill", "-TERM", Long.toString(running.process().pid())).start();
        assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
        assertThat(running.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
        running.reader().join(10_000);
        List<String> rest = new ArrayList<>();
        running.lines().drainTo(rest);
        return rest;
    }

    @Test
    void shardProcessesServeAFrontendProcessAndAllStopCleanly() throws Exception {
        ServedDataFixture served = ServedDataFixture.generate(dir.resolve("served"), 120);
        Path war = ServedDataFixture.war(dir.resolve("echo.war"), ConfigEchoServlet.class);

        Path secretFile = dir.resolve("shard.secret");
        Running shard0 = run("shard", "--index", served.index().shard(0).toString(), "--port", "0",
                "--data", served.data().root().toString(), "--secret-file", secretFile.toString());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secretFile))).isEqualTo("rw-------");
        Running shard1 = run("shard", "--index", served.index().shard(1).toString(), "--port", "0",
                "--data", served.data().root().toString(), "--secret-file", secretFile.toString());
        String shards = shard0.url() + "," + shard1.url();
        Running front = run("serve", "--data", served.data().root().toString(), "--shards", shards,
                "--shard-secret-file", secretFile.toString(), "--port", "0", "--war", war.toString());

        HttpResponse<String> config = http.send(HttpRequest.newBuilder(front.url().resolve("/config")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(config.body()).contains("maat.shards=" + shards);
        assertThat(config.body()).contains("maat.shardSecretFile=");
        try (FanOut fanOut = new FanOut(ShardTopology.parse(shards).clients(http, Duration.ofSeconds(10),
                ShardSecret.read(secretFile)))) {
            assertThat(fanOut.search(new ShardQuery("u2", "r1", "budget", 5))).isNotEmpty();
        }
        // Anyone else on the host is refused.
        HttpResponse<String> stranger = http.send(HttpRequest.newBuilder(shard0.url().resolve("/shard/search"))
                .POST(HttpRequest.BodyPublishers.ofString("{\"user\":\"u2\",\"query\":\"budget\",\"k\":5}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertThat(stranger.statusCode()).isEqualTo(401);
        assertThat(stranger.body()).contains("\"error\":\"unauthenticated\"");

        assertThat(stop(front)).contains("stopped");
        assertThat(stop(shard0)).contains("stopped");
        assertThat(stop(shard1)).contains("stopped");
        for (URI url : List.of(front.url(), shard0.url(), shard1.url())) {
            assertThatThrownBy(() -> http.send(HttpRequest.newBuilder(url).build(), HttpResponse.BodyHandlers.ofString()))
                    .isInstanceOf(ConnectException.class);
        }
    }

    @Test
    void badFlagsExitWith2() {
        assertThat(new CommandLine(new ServeCommand()).execute("--data", "d", "--bogus")).isEqualTo(2);
        assertThat(new CommandLine(new ServeCommand()).execute("--data", "d", "--index", "i", "--topology", "9servers"))
                .isEqualTo(2);
        assertThat(new CommandLine(new ServeCommand()).execute("--data", "d")).isEqualTo(2);
        assertThat(new CommandLine(new ShardCommand()).execute("--index", "index/not-a-shard", "--port", "1"))
                .isEqualTo(2);
        assertThat(new CommandLine(new ShardCommand()).execute("--index", "index/shard-0")).isEqualTo(2);
        assertThat(new CommandLine(new ServeCommand()).execute("--data", "d", "--index", "i", "--shard-secret-file",
                "s")).isEqualTo(2);
    }
}
