package org.maat.core.cli;

import java.io.PrintStream;
import java.time.temporal.ChronoUnit;
import java.util.OptionalLong;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * The command line's progress bars for long work: count, rate per second and ETA on standard error,
 * so standard output stays clean for results. Without a known total the bar shows count and rate.
 */
public final class ProgressBars {

    private ProgressBars() {
    }

    /** A bar counting {@code unit} (e.g. {@code docs}) towards {@code total}, if known. */
    public static ProgressBar start(String task, String unit, OptionalLong total) {
        return start(task, unit, total, System.err);
    }

    static ProgressBar start(String task, String unit, OptionalLong total, PrintStream out) {
        return new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total.orElse(-1))
                .setUnit(" " + unit, 1)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(500)
                .showSpeed()
                .setSpeedUnit(ChronoUnit.SECONDS)
                .setConsumer(new ConsoleProgressBarConsumer(out))
                .build();
    }
}
