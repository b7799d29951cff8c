package org.maat.core.progress;

import java.util.OptionalLong;

/**
 * How far a long job has got, told as it goes to whoever shows it: the command line draws a bar on
 * standard error, tests and servers pass {@link #NONE}. Domain code reports counts in its own units
 * and never knows how (or whether) they are displayed. An implementation says whether it may be
 * told from several threads; the command line's may.
 */
public interface Progress extends AutoCloseable {

    /** Shows nothing. */
    Progress NONE = new Progress() {
        @Override
        public void stepTo(long done) {
        }

        @Override
        public void stepBy(long n) {
        }

        @Override
        public void close() {
        }
    };

    /** {@code done} units are finished in all. */
    void stepTo(long done);

    /** {@code n} more units are finished. */
    void stepBy(long n);

    /** One more unit is finished. */
    default void step() {
        stepBy(1);
    }

    /** The total turned out to be {@code total} (an estimate made better as the job goes). */
    default void total(long total) {
    }

    /** What the job is doing now, shown beside the count. */
    default void describe(String now) {
    }

    /** The job is over (finished or failed). */
    @Override
    void close();

    /** Starts showing one job's progress. */
    @FunctionalInterface
    interface Factory {

        /** Starts nothing: every job gets {@link Progress#NONE}. */
        Factory NONE = (task, unit, total) -> Progress.NONE;

        /**
         * @param task  what the job is called, e.g. {@code index}
         * @param unit  what is counted, e.g. {@code docs}
         * @param total how many units there will be, if known
         */
        Progress start(String task, String unit, OptionalLong total);
    }
}
