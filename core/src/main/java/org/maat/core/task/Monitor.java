package org.maat.core.task;

import org.maat.policy.Session;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.TaskMode;

/**
 * Opens the tasks of one data set as its {@link Monitoring} says: each {@link TaskGate} is a task of
 * the reference monitor, or, in the baseline, a gate that checks nothing. Callers open, use and
 * close a task the same way in both, so a baseline run executes the same code minus the monitor.
 */
public interface Monitor {

    /** A new task acting for {@code session}; close it when its work (a query, a session) ends. */
    TaskGate open(Session session, TaskMode mode);

    /** Whether a reference monitor stands behind the tasks. */
    boolean monitored();

    /**
     * The reference monitor behind the tasks (its engine, its denial count; tests open checker tasks).
     *
     * @throws IllegalStateException in the baseline, which has none
     */
    ReferenceMonitor reference();

    /** The tasks of {@code monitor}. */
    static Monitor of(ReferenceMonitor monitor) {
        return new MonitoredTasks(monitor);
    }

    /** The baseline's tasks: gates that check nothing. */
    static Monitor none() {
        return UnmonitoredTasks.INSTANCE;
    }
}
