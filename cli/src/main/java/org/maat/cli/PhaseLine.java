package org.maat.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.maat.core.progress.Progress;

/**
 * A job's progress as one line, printed when the job ends: {@code encrypt: 100,000 rows in 61.8 s
 * (1,618 rows/s)}, the units done, never the total planned (some totals are estimates that the work
 * does not reach exactly, and a job that failed says so itself). What the command line
 * shows instead of a bar when standard error is not a terminal ({@link ProgressStyle#LINES}): a log
 * keeps one readable line per phase and never a carriage return. May be stepped from several threads;
 * closing twice prints once.
 */
final class PhaseLine implements Progress {

    private final String task;
    private final String unit;
    private final PrintStream out;
    private final LongSupplier nanoTime;
    private final long started;
    private final AtomicLong done = new AtomicLong();
    private final AtomicBoolean closed = new AtomicBoolean();

    /** @param nanoTime the clock, {@link System#nanoTime} but in tests */
    PhaseLine(String task, String unit, PrintStream out, LongSupplier nanoTime) {
        this.task = task;
        this.unit = unit;
        this.out = out;
        this.nanoTime = nanoTime;
        this.started = nanoTime.getAsLong();
    }

    @Override
    public void stepTo(long n) {
        done.set(n);
    }

    @Override
    public void stepBy(long n) {
        done.addAndGet(n);
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            out.println(line(nanoTime.getAsLong() - started));
            out.flush();
        }
    }

    private String line(long nanos) {
        long n = done.get();
        double seconds = nanos / 1e9;
        StringBuilder s = new StringBuilder(task).append(": ").append(String.format(Locale.ROOT, "%,d", n));
        s.append(' ').append(unit).append(String.format(Locale.ROOT, " in %.1f s", seconds));
        // A percentage is a share of the whole, not a count: a rate of it says nothing.
        if (nanos >= 1_000_000 && !"%".equals(unit)) {
            s.append(rate(n / seconds));
        }
        return s.toString();
    }

    /** Whole units per second, or one decimal below 10/s, so a slow phase never reads "0 x/s". */
    private String rate(double perSecond) {
        String format = perSecond < 10 ? " (%,.1f %s/s)" : " (%,.0f %s/s)";
        return String.format(Locale.ROOT, format, perSecond, unit);
    }
}
