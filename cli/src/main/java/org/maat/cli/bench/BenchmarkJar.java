package org.maat.cli.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The JMH uber-jar {@code jmh/target/benchmarks.jar} of a Maat checkout and the command line that
 * runs it: under the JVM running this command, results as JSON to a given file, and in quick mode
 * one fork, one short warmup and one short measurement iteration and a small population, so every
 * benchmark gives a (rough) figure in a few minutes.
 */
final class BenchmarkJar {

    /** System property naming the repository root; {@code bin/maat} sets it. */
    static final String HOME_PROPERTY = "maat.home";
    static final Path RELATIVE = Path.of("jmh", "target", "benchmarks.jar");
    /** Population of a quick run (the default is 10,000 users). */
    static final int QUICK_USERS = 1_000;
    static final List<String> QUICK = List.of("-f", "1", "-wi", "1", "-i", "1", "-w", "200ms", "-r", "200ms",
            // Replaces the benchmarks' own -Xms2g -XX:+AlwaysPreTouch: a small population needs no big heap.
            "-jvmArgsAppend", "-Xmx768m -Dmaat.jmh.users=" + QUICK_USERS);

    private final Path jar;

    private BenchmarkJar(Path jar) {
        this.jar = jar;
    }

    /**
     * The jar under {@code maat.home} if that property is set, else under the working directory.
     *
     * @throws IllegalStateException saying where it looked and how to build it, if it is not there
     */
    static BenchmarkJar locate() {
        String home = System.getProperty(HOME_PROPERTY);
        Path root = home != null && !home.isBlank() ? Path.of(home) : Path.of("");
        Path jar = root.resolve(RELATIVE).toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " not found" + (home == null
                    ? " (relative to the working directory; set -D" + HOME_PROPERTY + "=REPO or run from the repository root)"
                    : " (under -D" + HOME_PROPERTY + "=" + home + ")")
                    + ". Build it from the repository root with: ./mvnw -q -B -DskipTests package");
        }
        return new BenchmarkJar(jar);
    }

    Path path() {
        return jar;
    }

    /** The repository root the jar was found in. */
    Path home() {
        return jar.getParent().getParent().getParent();
    }

    /**
     * {@code java -jar benchmarks.jar [regex] -rf json -rff json [quick settings] [-f forks] [-p name=values]...}.
     *
     * @param regex  benchmarks to run (JMH's include pattern), or null for all
     * @param forks  forks per benchmark instead of the annotations' (or quick's) one, or null
     * @param params JMH parameter overrides, each {@code name=v1,v2}
     */
    List<String> command(String regex, boolean quick, Integer forks, List<String> params, Path json) {
        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.add("-jar");
        cmd.add(jar.toString());
        if (regex != null) {
            cmd.add(regex);
        }
        cmd.addAll(List.of("-rf", "json", "-rff", json.toAbsolutePath().toString(), "-foe", "true"));
        if (quick) {
            cmd.addAll(forks == null ? QUICK : QUICK.subList(2, QUICK.size()));
        }
        if (forks != null) {
            cmd.addAll(List.of("-f", forks.toString()));
        }
        for (String p : params) {
            cmd.add("-p");
            cmd.add(p);
        }
        return cmd;
    }
}
