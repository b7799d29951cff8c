package org.maat.vault.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.maat.vault.config.VaultConfig;
import org.maat.vault.pki.ClientSpec;
import org.maat.vault.pki.ServerAddress;
import org.maat.vault.pki.TlsContexts;
import org.maat.vault.pki.VaultInit;
import org.maat.vault.server.VaultCalls.Reply;

/**
 * A vault server in a child JVM ({@link ServerProcess}) is SIGKILLed while a client writes secrets to it over
 * mutual TLS; restarted on the same store, it must serve every write it acknowledged (201), and the permissions
 * and collection set before the kills.
 */
class VaultCrashIT {

    private static final int ROUNDS = 3;

    @TempDir
    Path dir;

    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void killChildren() throws InterruptedException {
        for (Process child : children) {
            child.destroyForcibly();
            child.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    @Timeout(value = 150, unit = TimeUnit.SECONDS)
    void everyAcknowledgedWriteSurvivesSigkill() throws Exception {
        VaultConfig config = VaultInit.create(dir.resolve("vault"), List.of(new ServerAddress("127.0.0.1", 9441)),
                List.of(new ClientSpec("alice", "ops")));
        SSLContext tls = TlsContexts.client(config, "alice");
        long seed = System.nanoTime();
        Random random = new Random(seed);
        List<String> acknowledged = new ArrayList<>();

        for (int round = 0; round <= ROUNDS; round++) {
            String context = "round " + round + " (seed " + seed + ")";
            Process child = startServer(config, round);
            VaultCalls alice = new VaultCalls(tls, URI.create("https://127.0.0.1:" + port(child, round) + "/"));
            if (round == 0) {
                openTo(alice, "crash");
                Reply created = alice.put("/ss/collections/crash", "{\"acs\": [1], \"quorum\": 1}",
                        alice.token("crash", "create"));
                assertThat(created.status()).as("%s: %s", context, created).isEqualTo(201);
            }
            // The permissions survived if the ACS still grants a read token; the secrets if each is read back.
            String read = alice.token("crash", "read");
            for (String name : acknowledged) {
                Reply reply = alice.get("/ss/collections/crash/secrets/" + name, read);
                assertThat(reply.status()).as("%s: acknowledged secret %s after the kill: %s", context, name, reply)
                        .isEqualTo(200);
                assertThat(VaultServerIT.shareIn(reply)).as("%s: %s", context, name)
                        .isEqualTo(new com.fasterxml.jackson.databind.ObjectMapper().readTree(VaultServerIT.share(name)));
            }
            if (round == ROUNDS) {
                break;
            }
            acknowledged.addAll(writeUntilKilled(alice, child, round, 5 + random.nextInt(40), context));
        }
        assertThat(acknowledged).hasSizeGreaterThanOrEqualTo(ROUNDS * 5);
    }

    /** Writes secrets in a loop and SIGKILLs the server once {@code killAfter} are acknowledged; returns those. */
    private List<String> writeUntilKilled(VaultCalls alice, Process child, int round, int killAfter, String context)
            throws Exception {
        String write = alice.token("crash", "write");
        List<String> acknowledged = java.util.Collections.synchronizedList(new ArrayList<>());
        AtomicInteger sent = new AtomicInteger();
        AtomicReference<Throwable> unexpected = new AtomicReference<>();
        Thread writer = new Thread(() -> {
            try {
                for (int i = 0; ; i++) {
                    String name = "r" + round + "-" + i;
                    sent.incrementAndGet();
                    Reply reply = alice.put("/ss/collections/crash/secrets/" + name, VaultServerIT.share(name), write);
                    if (reply.status() != 201) {
                        throw new AssertionError("write of " + name + ": " + reply);
                    }
                    acknowledged.add(name);
                }
            } catch (IOException e) {
                // the server died under the call: that write was not acknowledged
            } catch (Throwable e) {
                unexpected.set(e);
            }
        }, "writer-" + round);
        writer.setDaemon(true);
        writer.start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (acknowledged.size() < killAfter && writer.isAlive() && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        child.toHandle().destroyForcibly(); // SIGKILL on Linux: no shutdown hook, no close of the store
        assertThat(child.waitFor(30, TimeUnit.SECONDS)).as("%s: the server died", context).isTrue();
        writer.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(unexpected.get()).as("%s: the writer failed", context).isNull();
        assertThat(acknowledged.size()).as("%s: writes acknowledged before the kill", context)
                .isGreaterThanOrEqualTo(killAfter);
        return new ArrayList<>(acknowledged);
    }

    private Process startServer(VaultConfig config, int round) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx128m",
                "-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"),
                "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                "-cp", System.getProperty("java.class.path"), ServerProcess.class.getName(),
                config.dir().toString(), "1", "0"));
        Process child = new ProcessBuilder(command).redirectError(dir.resolve("server-" + round + ".err").toFile()).start();
        children.add(child);
        return child;
    }

    private int port(Process child, int round) throws IOException {
        BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        String line = out.readLine();
        assertThat(line).as("the server's first line; stderr: %s",
                Files.readString(dir.resolve("server-" + round + ".err"))).startsWith("READY ");
        return Integer.parseInt(line.substring("READY ".length()).trim());
    }

    private static void openTo(VaultCalls acs, String collection) throws Exception {
        Reply verifier = acs.post("/acs/verifiers", "{\"accounts\": [\"ops\"]}");
        assertThat(verifier.status()).as("%s", verifier).isEqualTo(201);
        String id = "\"" + verifier.text("id") + "\"";
        Reply permissions = acs.put("/acs/permissions/collection:" + collection, "{\"read\": [" + id + "], \"write\": ["
                + id + "], \"create\": [" + id + "]}");
        assertThat(permissions.status()).as("%s", permissions).isEqualTo(201);
    }
}
