package org.maat.core.conduit;

import java.util.function.Consumer;

/**
 * What a pass does with each bad record it meets, per its {@link ScanMode}: throw it, or count it,
 * report it and let the pass go on. The one place that decision is made, for stores and corpora alike.
 */
public final class BadRecords<E extends RuntimeException> {

    private final ScanMode mode;
    private final Consumer<? super E> report;
    private long skipped;

    public BadRecords(ScanMode mode, Consumer<? super E> report) {
        this.mode = mode;
        this.report = report;
    }

    /** Throws {@code bad} in {@link ScanMode#STRICT}; otherwise reports it and returns. */
    public void handle(E bad) {
        if (mode == ScanMode.STRICT) {
            throw bad;
        }
        skipped++;
        report.accept(bad);
    }

    /** Bad records reported and skipped so far. */
    public long skipped() {
        return skipped;
    }
}
