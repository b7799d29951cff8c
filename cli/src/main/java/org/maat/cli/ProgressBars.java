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
 * The command line's progress bars for long work: count, rate per second and ETA on standard error,
 * so standard output stays clean for results. Without a known total the bar shows count and rate.
 * The one place {@code progressbar} is used: domain code reports through {@link Progress}, and a
 * command hands it {@link #FACTORY}. A bar may be stepped from several threads.
 */
public final class ProgressBars {

    /** Bars on standard error for domain code that starts its own jobs. */
    public static final Progress.Factory FACTORY = ProgressBars::start;

    private ProgressBars() {
    }

    /** A bar counting {@code unit} (e.g. {@code docs}) towards {@code total}, if known. */
    public static Progress start(String task, String unit, OptionalLong total) {
        return start(task, unit, total, System.err);
    }

    static Progress start(String task, String unit, OptionalLong total, PrintStream out) {
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
}
