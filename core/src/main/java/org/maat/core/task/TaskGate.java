package org.maat.core.task;

import java.util.Optional;
import org.maat.policy.monitor.TaintSet;

/**
 * The gate of one task that its opener owns ({@link Monitor#open}): a task of the reference monitor,
 * or in the baseline a gate that checks nothing. Closing it discards the task and its taint.
 */
public interface TaskGate extends AccessGate, AutoCloseable {

    /** The policies the task has read so far; empty in the baseline, which keeps no taint. */
    Optional<TaintSet> taint();

    boolean isClosed();

    /** Discards the task; its taint goes with it. */
    @Override
    void close();
}
