package org.maat.cli.vault;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.maat.cli.Main;
import org.maat.core.accounts.AccountGenerator;
import org.maat.core.accounts.AccountRoles;
import org.maat.core.accounts.PasswordHasher;
import org.maat.core.data.DataDir;
import picocli.CommandLine;

/**
 * {@code maat vault} as the README runs it, across separate processes: init, one {@code vault serve --only I}
 * process per server, put and get as their own processes; a server killed (SIGKILL) and then a second one; and
 * an encrypted ERP database whose key is in the vault, with no key in its directory.
 */
class VaultCommandIT {

    @TempDir
    Path dir;

    private final Map<Integer, Process> servers = new TreeMap<>();

    @AfterEach
    void stopServers() throws InterruptedException {
        for (Process server : servers.values()) {
            server.destroyForcibly();
            server.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void secretsSurviveOneServerDownAndNameTheMissingOnesWhenTwoAre() throws Exception {
        Path vault = dir.resolve("vault");
        int base = consecutiveFreePorts(3);
        assertThat(inProcess("vault", "init", "--dir", vault.toString(), "--servers", "3", "--base-port",
                Integer.toString(base))).startsWith("0:").contains("Created a vault of 3 server(s)");
        for (int id = 1; id <= 3; id++) {
            startServer(vault, id);
        }
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Path keyFile = dir.resolve("key");
        Files.write(keyFile, key);

        Result put = child("vault", "put", "--dir", vault.toString(), "--collection", "erp", "--name", "master",
                "--k", "2", "--n", "3", "--quorum", "2", "--in", keyFile.toString());
        assertThat(put.code()).as(put.output()).isZero();
        assertThat(put.output()).contains("stored erp/master (32 bytes)");
        assertThat(get(vault, "back1")).isEqualTo(key);

        Result again = child("vault", "put", "--dir", vault.toString(), "--collection", "erp", "--name", "master",
                "--random", "32");
        assertThat(again.code()).as(again.output()).isEqualTo(2);
        assertThat(again.output()).contains("erp/master").contains("exists");

        kill(3);
        Result oneDown = child("vault", "get", "--dir", vault.toString(), "--collection", "erp", "--name", "master",
                "--out", dir.resolve("back2").toString());
        assertThat(oneDown.code()).as(oneDown.output()).isZero();
        assertThat(Files.readAllBytes(dir.resolve("back2"))).isEqualTo(key);
        assertThat(oneDown.output()).contains("warning: server 3");

        kill(2);
        Result twoDown = child("vault", "get", "--dir", vault.toString(), "--collection", "erp", "--name", "master",
                "--out", dir.resolve("back3").toString());
        assertThat(twoDown.code()).isEqualTo(2);
        assertThat(twoDown.output()).contains("cannot read erp/master").contains("server 2").contains("server 3")
                .doesNotContain("\tat ");
        assertThat(dir.resolve("back3")).doesNotExist();
    }

    @Test
    void zeroSharesOrTokensAreRefusedOneShareWarnsAndDeleteFreesTheName() throws Exception {
        Path vault = dir.resolve("vault");
        inProcess("vault", "init", "--dir", vault.toString(), "--servers", "3", "--base-port",
                Integer.toString(consecutiveFreePorts(3)));
        String[] put = {"vault", "put", "--dir", vault.toString(), "--collection", "erp", "--name", "x", "--random", "16"};
        for (String option : new String[] {"--k", "--quorum", "--n"}) {
            assertThat(inProcess(concat(put, option, "0"))).as(option).startsWith("2:")
                    .contains(option + " must be at least 1, not 0");
        }
        for (int id = 1; id <= 3; id++) {
            startServer(vault, id);
        }
        Path key = dir.resolve("key");
        Files.write(key, new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        String[] onePut = {"vault", "put", "--dir", vault.toString(), "--collection", "erp", "--name", "x", "--in",
            key.toString(), "--k", "1", "--n", "3", "--quorum", "3"};
        // Rerunning a put of the same secret is safe whatever the last attempt did, so a slow first TLS handshake
        // with freshly started servers may be retried.
        assertThat(untilDone(onePut)).startsWith("0:")
                .contains("warning: --k 1 gives each storage server the whole secret");
        assertThat(untilDone(onePut)).as("a rerun of the same put").startsWith("0:");
        assertThat(inProcess(put)).startsWith("2:").contains("exists");
        String[] delete = {"vault", "delete", "--dir", vault.toString(), "--collection", "erp", "--name", "x"};
        assertThat(untilDone(delete)).startsWith("0:").contains("deleted erp/x from 3 server(s)");
        assertThat(untilDone(delete)).startsWith("0:").contains("nothing to delete");
        assertThat(untilDone(put)).startsWith("0:").doesNotContain("warning");
    }

    /** Runs a command in this JVM, again while it fails for a timeout (a loaded machine), at most 5 times. */
    private static String untilDone(String... args) {
        String result = inProcess(args);
        for (int attempt = 1; attempt < 5 && result.startsWith("2:") && result.contains("timed out"); attempt++) {
            result = inProcess(args);
        }
        return result;
    }

    private static String[] concat(String[] head, String... tail) {
        String[] all = java.util.Arrays.copyOf(head, head.length + tail.length);
        System.arraycopy(tail, 0, all, head.length, tail.length);
        return all;
    }

    @Test
    void anEncryptedErpDatabaseKeepsItsKeyInTheVaultAndNoneInItsDirectory() throws Exception {
        Path vault = dir.resolve("vault");
        inProcess("vault", "init", "--dir", vault.toString(), "--servers", "3", "--base-port",
                Integer.toString(consecutiveFreePorts(3)));
        for (int id = 1; id <= 3; id++) {
            startServer(vault, id);
        }
        assertThat(child("vault", "put", "--dir", vault.toString(), "--collection", "erp", "--name", "master",
                "--random", "32").code()).isZero();
        String spec = "vault:" + vault + "/erp/master";
        Path db = dir.resolve("erp-db");

        assertThat(inProcess("erp", "load", "--db", db.toString(), "--employees", "60", "--encrypted",
                "--key-source", spec)).startsWith("0:");
        try (Stream<Path> files = Files.list(db)) {
            assertThat(files.map(f -> f.getFileName().toString())).doesNotContain("maat.key")
                    .allMatch(name -> !name.endsWith(".key"));
        }
        assertThat(inProcess("erp", "sql", "--db", db.toString(), "--key-source", spec,
                "SELECT COUNT(*) FROM EMPLOYEES")).startsWith("0:").contains("60");
        assertThat(inProcess("erp", "sql", "--db", db.toString(), "SELECT COUNT(*) FROM EMPLOYEES"))
                .startsWith("2:").contains("--key-source");

        assertThat(servedQ7(db, spec)).contains("\"backend\":\"encrypted\"");

        kill(1); // k = n = quorum = 3 by default: one server down and the key is out of reach
        assertThat(inProcess("erp", "sql", "--db", db.toString(), "--key-source", spec,
                "SELECT COUNT(*) FROM EMPLOYEES")).startsWith("2:").contains("server 1");
    }

    /**
     * {@code maat serve --erp DB --erp-key-source SPEC} as its own process: Q7's JSON from the ERP pages, signed
     * in as an account with the role hr (the ERP pages answer no one else).
     */
    private String servedQ7(Path db, String spec) throws Exception {
        Path accounts = Files.createDirectories(dir.resolve("accounts"));
        String password = new AccountGenerator(new PasswordHasher(64, 1, 1)).generate(DataDir.at(accounts),
                List.of("hr1"), Map.of("hr1", java.util.Set.of(AccountRoles.HR))).get(0).password();
        Process serve = new ProcessBuilder(java("serve", "--erp", db.toString(), "--erp-key-source", spec,
                "--accounts", accounts.toString(),
                "--erp-connections", "2", "--port", "0", "--war", System.getProperty("maat.war")))
                .redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(serve.getInputStream(), StandardCharsets.UTF_8));
            List<String> seen = new ArrayList<>();
            java.util.regex.Pattern url = java.util.regex.Pattern.compile("serving at (http://\\S+)");
            for (String line; (line = out.readLine()) != null; ) {
                seen.add(line);
                java.util.regex.Matcher m = url.matcher(line);
                if (m.find()) {
                    java.net.URI base = java.net.URI.create(m.group(1));
                    java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
                    java.net.http.HttpResponse<String> login = http.send(java.net.http.HttpRequest
                            .newBuilder(base.resolve("/api/login")).header("Content-Type", "application/json")
                            .POST(java.net.http.HttpRequest.BodyPublishers.ofString(
                                    "{\"user\":\"hr1\",\"password\":\"" + password + "\"}")).build(),
                            java.net.http.HttpResponse.BodyHandlers.ofString());
                    assertThat(login.statusCode()).as(login.body()).isEqualTo(200);
                    String cookie = login.headers().firstValue("Set-Cookie").orElseThrow().split(";", 2)[0];
                    java.net.http.HttpResponse<String> answer = http.send(java.net.http.HttpRequest
                            .newBuilder(base.resolve("/api/erp/q7")).header("Cookie", cookie).build(),
                            java.net.http.HttpResponse.BodyHandlers.ofString());
                    assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
                    return answer.body();
                }
            }
            throw new AssertionError("maat serve did not start: " + seen);
        } finally {
            serve.destroyForcibly();
            serve.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private byte[] get(Path vault, String out) throws Exception {
        Result get = child("vault", "get", "--dir", vault.toString(), "--collection", "erp", "--name", "master",
                "--out", dir.resolve(out).toString());
        assertThat(get.code()).as(get.output()).isZero();
        return Files.readAllBytes(dir.resolve(out));
    }

    private void startServer(Path vault, int id) throws IOException {
        Process server = new ProcessBuilder(java("vault", "serve", "--dir", vault.toString(), "--only",
                Integer.toString(id))).redirectErrorStream(true).start();
        servers.put(id, server);
        BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
        List<String> seen = new ArrayList<>();
        for (String line; (line = out.readLine()) != null; ) {
            seen.add(line);
            if (line.startsWith("Serving 1 vault server(s)")) {
                return;
            }
        }
        throw new AssertionError("vault server " + id + " did not start: " + seen);
    }

    private void kill(int id) throws InterruptedException {
        Process server = servers.remove(id);
        server.destroyForcibly(); // SIGKILL
        assertThat(server.waitFor(10, TimeUnit.SECONDS)).isTrue();
    }

    private record Result(int code, String output) {}

    private Result child(String... args) throws Exception {
        Process process = new ProcessBuilder(java(args)).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Result(process.exitValue(), output);
    }

    private static List<String> java(String... args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    /** Exit code, a colon, then what the command printed. */
    private static String inProcess(String... args) {
        StringWriter text = new StringWriter();
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(text, true));
        cli.setErr(new PrintWriter(text, true));
        int code = cli.execute(args);
        return code + ":" + text;
    }

    /**
     * The first of {@code count} consecutive ports on loopback that are free now. Below Linux's ephemeral range
     * (32768-60999), which every port-0 listener and outgoing connection on the machine draws from: a port there
     * could be handed out between this check and the vault server binding it.
     */
    private static int consecutiveFreePorts(int count) throws IOException {
        for (int attempt = 0; attempt < 50; attempt++) {
            int base = ThreadLocalRandom.current().nextInt(20_000, 32_768 - count);
            List<ServerSocket> held = new ArrayList<>();
            try {
                for (int i = 0; i < count; i++) {
                    held.add(new ServerSocket(base + i, 1, InetAddress.getLoopbackAddress()));
                }
                return base;
            } catch (IOException taken) {
                // try another range
            } finally {
                for (ServerSocket socket : held) {
                    socket.close();
                }
            }
        }
        throw new IOException("no " + count + " consecutive free ports on loopback");
    }
}
