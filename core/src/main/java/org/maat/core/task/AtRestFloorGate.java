package org.maat.core.task;

import java.util.List;
import java.util.Optional;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.AtRestStrength;
import org.maat.policy.monitor.Payload;

/**
 * A gate whose {@link #minimumAtRest()} is never below a floor: for an indexer, which will read every document of
 * a data set, the strongest minimum any of its policies names. Files it creates are then sealed for what they will
 * receive from the start; without the floor a file Lucene streams into (stored fields, created at a segment's
 * first document) would get the cipher of the taint at its creation and be refused when closed. Checks nothing
 * itself: reads and writes go to the wrapped gate, whose monitor decides.
 */
public final class AtRestFloorGate implements AccessGate {

    private final AccessGate gate;
    private final Optional<String> floor;

    /** {@code gate} with {@code floor} (a name of {@link AtRestStrength}; empty: none) under its minimum. */
    public AtRestFloorGate(AccessGate gate, Optional<String> floor) {
        this.gate = gate;
        this.floor = floor;
    }

    @Override
    public void read(Conduit conduit) {
        gate.read(conduit);
    }

    @Override
    public void write(Conduit destination, Session recipient, Payload payload) {
        gate.write(destination, recipient, payload);
    }

    @Override
    public void release(Conduit destination, Session recipient, List<String> ids) {
        gate.release(destination, recipient, ids);
    }

    @Override
    public Optional<String> minimumAtRest() {
        return AtRestStrength.stronger(gate.minimumAtRest(), floor);
    }

    @Override
    public boolean monitored() {
        return gate.monitored();
    }

    @Override
    public String toString() {
        return gate + floor.map(f -> " (at rest at least " + f + ")").orElse("");
    }
}
