package org.maat.core.task;

import java.util.Objects;
import java.util.function.Supplier;
import org.maat.policy.monitor.ReferenceMonitor;

/**
 * Whether Maat's tasks run under the reference monitor or under none (the {@code --no-policy}
 * baseline), chosen once where a run starts (a command's flag, the front-end's configuration, a job's
 * configuration) and passed down as this object instead of a boolean. Everything below asks it for
 * what differs: {@link #monitor} gives the tasks of a data set their gates, and the index layer
 * ({@code org.maat.core.lucene.IndexLabelling}) labels and opens an index as it says.
 *
 * <p>What it guarantees: under {@link #REFERENCE_MONITOR} every task handle calls a monitor task, and
 * an index is written and read through its labels; under {@link #NONE} the same code runs with gates
 * that check nothing, and an index so built is marked as built without the monitor, so that the
 * monitor never opens it.
 */
public enum Monitoring {

    /** Every task is a task of the reference monitor. */
    REFERENCE_MONITOR {
        @Override
        public boolean monitored() {
            return true;
        }

        @Override
        public Monitor monitor(Supplier<ReferenceMonitor> build) {
            return Monitor.of(Objects.requireNonNull(build.get(), "monitor"));
        }
    },

    /** The baseline: no monitor, no checks, no taint; the same code otherwise. */
    NONE {
        @Override
        public boolean monitored() {
            return false;
        }

        @Override
        public Monitor monitor(Supplier<ReferenceMonitor> build) {
            return Monitor.none();
        }
    };

    /** Whether a monitor stands behind the tasks (false for the baseline): for reports and for labels. */
    public abstract boolean monitored();

    /**
     * The monitor of one data set's tasks: under the reference monitor, the one {@code build} makes
     * (over the data set's policies and catalog); with none, one whose tasks check nothing, and
     * {@code build} is never called (so the baseline opens no label store and interns no policy).
     */
    public abstract Monitor monitor(Supplier<ReferenceMonitor> build);
}
