package org.maat.jmeter.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * The JMeter that jmeter-maven-plugin fetched and configured (its {@code configure} goal writes
 * {@code jmeter/target/config.json} naming the JMeter directory and runtime jar). Found through, in
 * order: the system property {@value #HOME_PROPERTY} (a directory holding {@code config.json}); the
 * system property {@code maat.home} (the source checkout: {@code jmeter/target}); {@code jmeter/target}
 * under the working directory or its parent. {@link #fetch} runs the plugin's {@code configure} goal
 * through the checkout's Maven wrapper when none is configured yet (first use: ~100 MB download).
 *
 * @param home    JMeter's directory (holding {@code bin/} and {@code lib/})
 * @param jar     the runtime jar, {@code bin/ApacheJMeter-<version>.jar}
 * @param version JMeter's version, from the jar's name
 */
public record JMeterInstallation(Path home, Path jar, String version) {

    public static final String HOME_PROPERTY = "maat.jmeter.home";
    private static final String CONFIG = "config.json";
    private static final long FETCH_MINUTES = 15;

    /** The configured JMeter, if a {@code config.json} names one that exists. */
    public static Optional<JMeterInstallation> locate() throws IOException {
        for (Path dir : candidates()) {
            Path config = dir.resolve(CONFIG);
            if (Files.isRegularFile(config)) {
                Optional<JMeterInstallation> found = read(config);
                if (found.isPresent()) {
                    return found;
                }
            }
        }
        return Optional.empty();
    }

    /**
     * The configured JMeter, fetching it first if needed by running the plugin's {@code configure}
     * goal in the source checkout ({@code maat.home}, or the working directory holding {@code mvnw}).
     */
    public static JMeterInstallation locateOrFetch(Consumer<String> log) throws IOException, InterruptedException {
        Optional<JMeterInstallation> found = locate();
        if (found.isPresent()) {
            return found.get();
        }
        Path root = checkout().orElseThrow(() -> new IOException("JMeter is not configured and no source checkout "
                + "with mvnw was found to fetch it; run ./mvnw -B -pl jmeter jmeter:configure@configuration in the "
                + "checkout, or pass -D" + HOME_PROPERTY + "=DIR (a directory holding the plugin's config.json)"));
        log.accept("fetching and configuring JMeter through jmeter-maven-plugin (first use, ~100 MB) in " + root);
        Path mvnw = root.resolve(isWindows() ? "mvnw.cmd" : "mvnw");
        Process p = new ProcessBuilder(mvnw.toString(), "-q", "-B", "-pl", "jmeter", "jmeter:configure@configuration")
                .directory(root.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.INHERIT).start();
        if (!p.waitFor(FETCH_MINUTES, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IOException("fetching JMeter took over " + FETCH_MINUTES + " minutes; stopped");
        }
        if (p.exitValue() != 0) {
            throw new IOException("fetching JMeter failed (" + mvnw + " exited " + p.exitValue() + ")");
        }
        return locate().orElseThrow(() -> new IOException("jmeter-maven-plugin ran but left no " + CONFIG
                + " under " + root.resolve("jmeter/target")));
    }

    static Optional<JMeterInstallation> read(Path config) throws IOException {
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(config.toFile());
        } catch (IOException e) {
            throw new IOException(config + " is not the plugin's JSON: " + e.getMessage(), e);
        }
        for (JsonNode c : root.path("configurations")) {
            Path home = Path.of(c.path("jmeterDirectoryPath").asText(""));
            String jarName = c.path("runtimeJarName").asText("");
            Path jar = home.resolve("bin").resolve(jarName);
            if (!jarName.isEmpty() && Files.isRegularFile(jar)) {
                String version = jarName.replaceFirst("^ApacheJMeter-", "").replaceFirst("\\.jar$", "");
                return Optional.of(new JMeterInstallation(home, jar, version));
            }
        }
        return Optional.empty();
    }

    private static List<Path> candidates() {
        List<Path> dirs = new ArrayList<>();
        String home = System.getProperty(HOME_PROPERTY);
        if (home != null && !home.isBlank()) {
            dirs.add(Path.of(home));
            return dirs; // an explicit choice is never second-guessed
        }
        checkout().ifPresent(root -> dirs.add(root.resolve("jmeter/target")));
        return dirs;
    }

    /** The source checkout: {@code maat.home}, else the working directory or its parent if it holds the module. */
    static Optional<Path> checkout() {
        String home = System.getProperty("maat.home");
        if (home != null && !home.isBlank()) {
            return Optional.of(Path.of(home).toAbsolutePath());
        }
        Path cwd = Path.of("").toAbsolutePath();
        for (Path p = cwd; p != null && p.getNameCount() >= cwd.getNameCount() - 1; p = p.getParent()) {
            if (Files.isRegularFile(p.resolve("mvnw")) && Files.isDirectory(p.resolve("jmeter"))) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    private static boolean isWindows() {
        return System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows");
    }
}
