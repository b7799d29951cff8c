package org.maat.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Crash tests' child JVMs: runs a main class in a fresh JVM on the test class path and SIGKILLs it
 * at a chosen moment, returning every line it had printed in full (its acknowledgements).
 */
public final class KilledChild {

    private KilledChild() {
    }

    /**
     * Starts {@code main}, waits until it has printed {@code linesBeforeKill} lines, waits
     * {@code delayNanos} more so the kill lands inside later work, then SIGKILLs it.
     */
    public static List<String> runAndKill(Class<?> main, List<String> args, Path stderr, int linesBeforeKill,
                                          long delayNanos, String context) throws IOException, InterruptedException {
        Process child = start(main, stderr, List.of(), args);
        List<String> lines = new ArrayList<>();
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            for (int seen = 0; seen < linesBeforeKill; seen++) {
                String line = out.readLine();
                assertThat(line).as(context + ": child ended early; stderr: " + Files.readString(stderr)).isNotNull();
                lines.add(line);
            }
            LockSupport.parkNanos(delayNanos);
            // SIGKILL through the handle: Process.destroyForcibly() would also close the pipe we still read.
            child.toHandle().destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).as(context + ": child did not die").isTrue();
            // Lines printed before the kill count too; a last line without its newline was not finished.
            StringWriter rest = new StringWriter();
            out.transferTo(rest);
            String[] tail = rest.toString().split("\n", -1);
            lines.addAll(Arrays.asList(tail).subList(0, tail.length - 1));
        } finally {
            child.destroyForcibly();
        }
        return lines;
    }

    /**
     * Starts {@code main} and SIGKILLs it as soon as it has printed the line {@code marker} (a crash test's
     * step: "REACHED STEP"), failing if it ends before printing it.
     */
    public static void killWhenPrinted(Class<?> main, List<String> args, Path stderr, String marker)
            throws IOException, InterruptedException {
        Process child = start(main, stderr, List.of(), args);
        try (BufferedReader out = new BufferedReader(
                new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            do {
                line = out.readLine();
                assertThat(line).as("the child ended before printing " + marker + "; stderr: " + Files.readString(stderr))
                        .isNotNull();
            } while (!line.equals(marker));
            child.toHandle().destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).as("the child did not die").isTrue();
        } finally {
            child.destroyForcibly();
        }
    }

    /** Starts {@code main} in a child JVM tuned for fast start-up, its stderr going to a file. */
    public static Process start(Class<?> main, Path stderr, List<String> jvmOptions, List<String> args)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of("-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC"));
        command.add("-Djava.io.tmpdir=" + System.getProperty("java.io.tmpdir"));
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), main.getName()));
        command.addAll(args);
        return new ProcessBuilder(command).redirectError(stderr.toFile()).start();
    }
}
