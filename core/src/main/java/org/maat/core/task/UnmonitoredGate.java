package org.maat.core.task;

import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.Payload;

/** The {@code --no-policy} baseline: no monitor, no checks, no taint. */
final class UnmonitoredGate implements AccessGate {

    static final UnmonitoredGate INSTANCE = new UnmonitoredGate();

    private UnmonitoredGate() {
    }

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
    public String toString() {
        return "unmonitored";
    }
}
