package org.maat.erp;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** Named phases of a long job (schema, each table, ...) with their row counts and wall-clock times. */
public final class PhaseTimings {

    /** One finished phase. */
    public record Phase(String name, long rows, long nanos) {

        public double seconds() {
            return nanos / 1e9;
        }

        public double rowsPerSecond() {
            return nanos == 0 ? 0 : rows / seconds();
        }
    }

    private final List<Phase> phases = Collections.synchronizedList(new ArrayList<>());

    /** Records a phase that took {@code nanos} to handle {@code rows} rows. */
    public void add(String name, long rows, long nanos) {
        phases.add(new Phase(name, rows, nanos));
    }

    /** Runs {@code work}, which returns its row count, and records it as a phase. */
    public <E extends Exception> long time(String name, RowCountingWork<E> work) throws E {
        long start = System.nanoTime();
        long rows = work.run();
        add(name, rows, System.nanoTime() - start);
        return rows;
    }

    /** Work that reports how many rows it handled. */
    @FunctionalInterface
    public interface RowCountingWork<E extends Exception> {
        long run() throws E;
    }

    public List<Phase> phases() {
        synchronized (phases) {
            return List.copyOf(phases);
        }
    }

    public long totalRows() {
        return phases().stream().mapToLong(Phase::rows).sum();
    }

    public long totalNanos() {
        return phases().stream().mapToLong(Phase::nanos).sum();
    }

    /** A table: phase, rows, seconds, rows/s, and a total line. */
    public void print(PrintWriter out, String title) {
        out.println(title);
        out.printf("  %-24s %10s %10s %12s%n", "phase", "rows", "seconds", "rows/s");
        for (Phase p : phases()) {
            out.printf("  %-24s %10d %10.2f %12.0f%n", p.name(), p.rows(), p.seconds(), p.rowsPerSecond());
        }
        double total = totalNanos() / 1e9;
        out.printf("  %-24s %10d %10.2f %12.0f%n", "total", totalRows(), total,
                total == 0 ? 0 : totalRows() / total);
        out.flush();
    }
}
