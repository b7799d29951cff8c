package org.maat.cli;

import java.io.PrintStream;
import java.time.temporal.ChronoUnit;
import java.util.OptionalLong;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import org.maat.core.progress.Progress;

/**
 * The command line's progress display for long work, on standard error so standard output stays clean
 * for results, and the one place that decides how it looks ({@link ProgressStyle#forStandardError()},
 * once per JVM): on a terminal a bar with count, rate per second and ETA (count and rate without a
 * known total); anywhere else one {@link PhaseLine} per job when it ends. The one place
 * {@code progressbar} is used: domain code reports through {@link Progress}, and a command hands it
 * {@link #FACTORY} or calls {@link #start}; {@code --quiet} is a command not calling it. A job's
 * progress may be stepped from several threads.
 */
public final class ProgressBars {

    /** Progress on standard error, in this JVM's style, for domain code that starts its own jobs. */
    public static final Progress.Factory FACTORY = ProgressBars::start;

    private ProgressBars() {
    }

    /**
     * Shows a job counting {@code unit} (e.g. {@code docs}) towards {@code total}, if known, in this
     * JVM's {@link ProgressStyle}.
     */
    public static Progress start(String task, String unit, OptionalLong total) {
        if (Style.OF_STANDARD_ERROR == ProgressStyle.LINES) {
            return new PhaseLine(task, unit, System.err, System::nanoTime);
        }
        return bar(task, unit, total, System.err);
    }

    private static Progress bar(String task, String unit, OptionalLong total, PrintStream out) {
        ProgressBar bar = new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total.orElse(-1))
                .setUnit(" " + unit, 1)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(500)
                .showSpeed()
                .setSpeedUnit(ChronoUnit.SECONDS)
                .setConsumer(new ConsoleProgressBarConsumer(out))
                .build();
        return new Progress() {
            @Override
            public void stepTo(long done) {
                bar.stepTo(done);
            }

            @Override
            public void stepBy(long n) {
                bar.stepBy(n);
            }

            @Override
            public void total(long max) {
                bar.maxHint(max);
            }

            @Override
            public void describe(String now) {
                bar.setExtraMessage(now);
            }

            @Override
            public void close() {
                bar.close();
            }
        };
    }

    /** Decided when the first job starts, then kept: standard error does not change under a running JVM. */
    private static final class Style {
        static final ProgressStyle OF_STANDARD_ERROR = ProgressStyle.forStandardError();
    }
}
