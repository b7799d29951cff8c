package org.maat.core.task;

import java.util.Objects;
import org.maat.policy.Session;
import org.maat.policy.monitor.ReferenceMonitor;
import org.maat.policy.monitor.TaskMode;

/** The tasks of a reference monitor, each behind its {@link MonitoredGate}. */
final class MonitoredTasks implements Monitor {

    private final ReferenceMonitor monitor;

    MonitoredTasks(ReferenceMonitor monitor) {
        this.monitor = Objects.requireNonNull(monitor, "monitor");
    }

    @Override
    public TaskGate open(Session session, TaskMode mode) {
        return new MonitoredGate(monitor.open(session, mode));
    }

    @Override
    public boolean monitored() {
        return true;
    }

    @Override
    public ReferenceMonitor reference() {
        return monitor;
    }
}
