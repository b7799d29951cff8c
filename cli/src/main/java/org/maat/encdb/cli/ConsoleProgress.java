package org.maat.encdb.cli;

import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import org.maat.bench.erp.ErpBenchmark;

/** A row-count progress bar on standard error for the ERP commands' long jobs. Thread-safe. */
final class ConsoleProgress implements ErpBenchmark.Progress {

    private final ProgressBar bar;

    private ConsoleProgress(ProgressBar bar) {
        this.bar = bar;
    }

    /** Starts a bar for {@code total} rows. */
    static ConsoleProgress start(String task, long total) {
        return new ConsoleProgress(new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total)
                .setUnit(" rows", 1)
                .showSpeed()
                .setUpdateIntervalMillis(250)
                .setConsumer(new ConsoleProgressBarConsumer(System.err))
                .build());
    }

    @Override
    public void accept(long rows) {
        bar.stepBy(rows);
    }

    @Override
    public void close() {
        bar.close();
    }
}
