package org.maat.core.task;

import java.util.List;
import java.util.Optional;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.Payload;
import org.maat.policy.monitor.TaintSet;

/** The {@code --no-policy} baseline: no monitor, no checks, no taint. */
final class UnmonitoredGate implements TaskGate {

    private volatile boolean closed;

    @Override
    public void read(Conduit conduit) {
    }

    @Override
    public void write(Conduit destination, Session recipient, Payload payload) {
    }

    @Override
    public boolean monitored() {
        return false;
    }

    @Override
    public void release(Conduit destination, Session recipient, List<String> ids) {
    }

    @Override
    public Optional<String> minimumAtRest() {
        return Optional.empty();
    }

    @Override
    public Optional<TaintSet> taint() {
        return Optional.empty();
    }

    @Override
    public boolean isClosed() {
        return closed;
    }

    @Override
    public void close() {
        closed = true;
    }

    @Override
    public String toString() {
        return "unmonitored";
    }
}
