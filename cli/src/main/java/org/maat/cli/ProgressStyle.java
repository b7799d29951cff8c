package org.maat.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * How the command line shows a long job on standard error: redrawn {@link #BARS} when a person watches
 * a terminal, or {@link #LINES}, one line per finished phase, when standard error goes to a file, a
 * pipe or a CI log, where every redrawn frame would stay as a line of its own. Chosen once per JVM by
 * {@link #forStandardError()}; {@code --quiet} is decided by each command and shows neither.
 */
public enum ProgressStyle {

    /** Bars redrawn in place with carriage returns: count, rate and ETA. */
    BARS,

    /** One line per phase when it ends: count, duration and rate. */
    LINES;

    /** The system property that overrides the terminal check: {@code bars} or {@code lines}. */
    public static final String PROPERTY = "maat.progress";

    /** The environment variable that does the same when the property is not set. */
    public static final String ENVIRONMENT = "MAAT_PROGRESS";

    private static final Path STANDARD_ERROR = Path.of("/proc/self/fd/2");

    /**
     * The style for this JVM's standard error: the override if one is set, else {@link #BARS} exactly
     * when standard error is a terminal. On Linux that is read from where file descriptor 2 points
     * (/dev/pts/N or /dev/ttyN); elsewhere {@link System#console()} stands in for it, which checks
     * standard input and output instead, the best the JDK offers without native code.
     */
    public static ProgressStyle forStandardError() {
        String override = System.getProperty(PROPERTY, System.getenv().getOrDefault(ENVIRONMENT, ""));
        return choose(override, Files.isSymbolicLink(STANDARD_ERROR) ? target(STANDARD_ERROR) : null,
                System.console() != null);
    }

    /**
     * The decision itself, from what {@link #forStandardError()} found: an override ({@code bars},
     * {@code lines} or empty), where standard error's descriptor points (null when that cannot be read,
     * off Linux) and whether the JVM has a console.
     */
    static ProgressStyle choose(String override, String standardErrorTarget, boolean console) {
        switch (override.strip().toLowerCase(Locale.ROOT)) {
            case "bars":
                return BARS;
            case "lines":
                return LINES;
            case "":
                break;
            default:
                throw new IllegalArgumentException(PROPERTY + " / " + ENVIRONMENT + " must be bars or lines, not '"
                        + override + "'");
        }
        if (standardErrorTarget != null) {
            return isTerminalDevice(standardErrorTarget) ? BARS : LINES;
        }
        return console ? BARS : LINES;
    }

    /** Whether a descriptor's link target names a terminal: a pseudo-terminal or a console device. */
    static boolean isTerminalDevice(String target) {
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
    }

    private static String target(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }
}
