package org.maat.core.task;

import java.util.Objects;
import java.util.List;
import java.util.Optional;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.Payload;
import org.maat.policy.monitor.PolicyViolation;
import org.maat.policy.monitor.TaintSet;
import org.maat.policy.monitor.Task;

/** The gate of one monitor task: reads and writes go to {@link Task#read} and {@link Task#write}. */
final class MonitoredGate implements TaskGate {

    private final Task task;

    MonitoredGate(Task task) {
        this.task = Objects.requireNonNull(task, "task");
    }

    @Override
    public void read(Conduit conduit) {
        try {
            task.read(conduit);
        } catch (PolicyViolation refused) {
            throw RuntimeFailures.vouch(refused, refused::copy);
        }
    }

    @Override
    public void write(Conduit destination, Session recipient, Payload payload) {
        try {
            task.write(destination, recipient, payload);
        } catch (PolicyViolation refused) {
            throw RuntimeFailures.vouch(refused, refused::copy);
        }
    }

    @Override
    public void release(Conduit destination, Session recipient, List<String> ids) {
        task.release(destination, recipient, ids);
    }

    @Override
    public Optional<String> minimumAtRest() {
        return task.minimumAtRest();
    }

    @Override
    public boolean monitored() {
        return true;
    }

    @Override
    public Optional<TaintSet> taint() {
        return Optional.of(task.taint());
    }

    @Override
    public boolean isClosed() {
        return task.isClosed();
    }

    @Override
    public void close() {
        task.close();
    }

    @Override
    public String toString() {
        return task.toString();
    }
}
