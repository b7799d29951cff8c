package org.maat.cli.erp;

import java.util.OptionalLong;
import org.maat.bench.erp.ErpBenchmark;
import org.maat.cli.ProgressBars;
import org.maat.core.progress.Progress;

/**
 * A row count on standard error for the ERP commands' long jobs, shown as {@link ProgressBars} decides (a bar
 * on a terminal, else one line when the job ends). Thread-safe.
 */
public final class ConsoleProgress implements ErpBenchmark.Progress {

    private final Progress bar;

    private ConsoleProgress(Progress bar) {
        this.bar = bar;
    }

    /** Starts a bar for {@code total} rows. */
    public static ConsoleProgress start(String task, long total) {
        return new ConsoleProgress(ProgressBars.start(task, "rows", OptionalLong.of(total)));
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
