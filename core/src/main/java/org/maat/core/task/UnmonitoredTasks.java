package org.maat.core.task;

import org.maat.policy.Session;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.TaskMode;

/** The baseline's tasks: each an {@link UnmonitoredGate}. */
final class UnmonitoredTasks implements Monitor {

    static final UnmonitoredTasks INSTANCE = new UnmonitoredTasks();

    private UnmonitoredTasks() {
    }

    @Override
    public TaskGate open(Session session, TaskMode mode) {
        return new UnmonitoredGate();
    }

    @Override
    public boolean monitored() {
        return false;
    }

    @Override
    public ReferenceMonitor reference() {
        throw new IllegalStateException("a run without the monitor (--no-policy) has no reference monitor");
    }
}
