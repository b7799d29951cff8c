package org.maat.jmeter.run;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One non-GUI JMeter run as a subprocess: {@code java -jar ApacheJMeter.jar -n -t PLAN -l CSV -j LOG}
 * with the given JMeter properties ({@code -J}), its console output in a file beside its log, and
 * nothing written outside the run directory (Java preferences are rooted there). The CSV is JMeter's
 * default CSV with its header, flushed per sample so that a watcher can follow it live.
 *
 * <p>Bounded: {@link #await} stops JMeter when the watcher says so or the time limit passes, first by
 * JMeter's own {@code StopTestNow} command on its private UDP port (results are closed properly), then
 * by killing the process. {@link #close} kills it if it still runs (failure), and so does a shutdown
 * hook if this JVM is stopped first (Ctrl-C).
 */
public final class JMeterProcess implements AutoCloseable {

    /** How a run ended. */
    public enum End { FINISHED, STOPPED, TIMED_OUT }

    private static final Duration POLL = Duration.ofMillis(500);
    private static final Duration STOP_GRACE = Duration.ofSeconds(15);

    private final Process process;
    private final int commandPort;
    private final Path csv;
    /** Kills JMeter if this JVM is stopped (Ctrl-C, SIGTERM) while it runs: no load generator is left behind. */
    private final Thread killOnExit;

    private JMeterProcess(Process process, int commandPort, Path csv) {
        this.process = process;
        this.commandPort = commandPort;
        this.csv = csv;
        this.killOnExit = new Thread(process::destroyForcibly, "jmeter-kill-on-exit");
        Runtime.getRuntime().addShutdownHook(killOnExit);
    }

    /**
     * Starts JMeter on {@code plan}, writing samples to {@code csv} and its log and console output under
     * {@code logDir} as {@code name.log} / {@code name.out}; {@code workDir} is its working directory;
     * {@code properties} are JMeter properties ({@code -J}), {@code systemProperties} its JVM's ({@code -D}).
     */
    public static JMeterProcess start(JMeterInstallation jmeter, Path plan, Path csv, Path logDir, String name,
                                      Path workDir, Map<String, String> properties,
                                      Map<String, String> systemProperties) throws IOException {
        Files.createDirectories(csv.toAbsolutePath().getParent());
        Files.createDirectories(logDir);
        Files.deleteIfExists(csv); // JMeter appends to an existing file, which would mix runs
        int port = freeUdpPort();
        Map<String, String> p = new LinkedHashMap<>();
        p.put("jmeter.save.saveservice.output_format", "csv");
        p.put("jmeter.save.saveservice.print_field_names", "true");
        p.put("jmeter.save.saveservice.autoflush", "true");
        p.put("jmeter.save.saveservice.timestamp_format", "ms");
        p.put("jmeterengine.nongui.port", Integer.toString(port));
        p.put("jmeterengine.nongui.maxport", Integer.toString(port));
        // OpenModelThreadGroup leaves a non-daemon thread for a minute after the test; end at once instead.
        p.put("jmeterengine.force.system.exit", "true");
        p.put("jmeter.exit.check.pause", "0");
        p.put("summariser.interval", "10");
        // Smaller CSVs (a full run writes millions of samples): no URL, no data type, no idle time.
        p.put("jmeter.save.saveservice.url", "false");
        p.put("jmeter.save.saveservice.data_type", "false");
        p.put("jmeter.save.saveservice.idle_time", "false");
        p.putAll(properties);

        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xms128m");
        command.add("-Xmx768m");
        Path prefs = workDir.resolve(".jmeter-prefs").toAbsolutePath();
        command.add("-Djava.util.prefs.userRoot=" + prefs);
        command.add("-Djava.util.prefs.systemRoot=" + prefs);
        systemProperties.forEach((k, v) -> command.add("-D" + k + "=" + v));
        command.add("-jar");
        command.add(jmeter.jar().toString());
        command.add("-n");
        command.add("-t");
        command.add(plan.toAbsolutePath().toString());
        command.add("-l");
        command.add(csv.toAbsolutePath().toString());
        command.add("-j");
        command.add(logDir.resolve(name + ".log").toAbsolutePath().toString());
        // The open model starts a thread per arrival, and JMeter logs each start and stop at INFO.
        command.add("-Lorg.apache.jmeter.threads=WARN");
        p.forEach((k, v) -> command.add("-J" + k + "=" + v));
        Process process = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(logDir.resolve(name + ".out").toFile()).start();
        return new JMeterProcess(process, port, csv);
    }

    /**
     * Waits for JMeter to end, asking {@code stopNow} every half second whether to stop it early, and
     * stopping it once {@code limit} has passed.
     *
     * @throws IOException if JMeter exits with an error of its own (see its log)
     */
    public End await(Duration limit, BooleanSupplier stopNow) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + limit.toNanos();
        while (!process.waitFor(POLL.toMillis(), TimeUnit.MILLISECONDS)) {
            boolean late = System.nanoTime() > deadline;
            if (late || stopNow.getAsBoolean()) {
                stop();
                return late ? End.TIMED_OUT : End.STOPPED;
            }
        }
        if (process.exitValue() != 0) {
            throw new IOException("JMeter exited with " + process.exitValue() + " writing " + csv.getFileName()
                    + " (see its .log and .out beside the results)");
        }
        return End.FINISHED;
    }

    /** The CSV this run writes. */
    public Path csv() {
        return csv;
    }

    private void stop() throws InterruptedException {
        byte[] command = "StopTestNow".getBytes(StandardCharsets.US_ASCII);
        try (DatagramSocket socket = new DatagramSocket()) {
            socket.send(new DatagramPacket(command, command.length, InetAddress.getLoopbackAddress(), commandPort));
        } catch (IOException e) {
            process.destroy(); // cannot reach JMeter's command port: stop it the hard way
        }
        if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroy();
            if (!process.waitFor(5, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        }
    }

    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(killOnExit);
        } catch (IllegalStateException e) {
            // the JVM is shutting down: the hook runs anyway
        }
        if (process.isAlive()) {
            process.destroy();
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }

    private static int freeUdpPort() throws IOException {
        try (DatagramSocket socket = new DatagramSocket(0, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
