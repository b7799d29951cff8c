package org.maat.policy.monitor;

import java.util.Objects;
import java.util.Optional;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.eval.Destination;
import org.maat.policy.lang.AtRestStrength;
import org.maat.policy.lang.PolicyId;

/**
 * A unit of work acting for one session. Its reads and writes are the monitor's interposition
 * points: confined code reaches data only through handles that call these methods. A confined task
 * collects taint; a task is discarded (closed) at the end of its session and cannot be reused, so
 * taint never crosses sessions.
 */
public final class Task implements AutoCloseable {

    private final ReferenceMonitor monitor;
    private final Session session;
    private final TaskMode mode;
    private final TaintSet taint;
    private volatile boolean closed;

    Task(ReferenceMonitor monitor, Session session, TaskMode mode, TaintSet taint) {
        this.monitor = monitor;
        this.session = Objects.requireNonNull(session, "session");
        this.mode = Objects.requireNonNull(mode, "mode");
        this.taint = taint;
    }

    public Session session() {
        return session;
    }

    public TaskMode mode() {
        return mode;
    }

    /** The policies this task has read (always empty for an unconfined task). */
    public TaintSet taint() {
        return taint;
    }

    /**
     * The strongest cipher the policies of the taint require of a file at rest they may flow into
     * ({@code atRestAtLeast}), or empty when none requires one: what a writer must seal a new file with so
     * that the monitor's write check does not refuse it for its cipher.
     */
    public Optional<String> minimumAtRest() {
        Optional<String> strongest = Optional.empty();
        for (PolicyId id : taint.policies()) {
            strongest = AtRestStrength.stronger(strongest, monitor.engine().minimumAtRest(id));
        }
        return strongest;
    }

    /**
     * Called before any byte of {@code conduit} reaches the task. Unconfined: throws
     * {@link PolicyViolation} unless the read rule holds for the session. Confined: adds the
     * conduit's policy to the taint.
     */
    public void read(Conduit conduit) {
        ensureOpen();
        monitor.checkRead(this, conduit);
    }

    /** {@link #read(Conduit)} by conduit id; an unknown id is an error. */
    public Conduit read(String conduitId) {
        Conduit conduit = monitor.conduit(conduitId);
        read(conduit);
        return conduit;
    }

    /**
     * Called before bytes reach {@code destination}. Throws {@link PolicyViolation} unless the
     * destination's update rule allows the write and every policy in the taint allows the flow.
     */
    public void write(Conduit destination, Payload payload) {
        write(Destination.of(destination), payload);
    }

    /** A write to a conduit that belongs to one session, e.g. a client channel or a result list. */
    public void write(Conduit destination, Session recipient, Payload payload) {
        write(new Destination(destination, recipient), payload);
    }

    public void write(Destination destination, Payload payload) {
        ensureOpen();
        monitor.checkWrite(this, destination, payload);
    }

    /**
     * Releases a list of conduit ids to {@code recipient} through {@code destination} (a result list): throws
     * {@link PolicyViolation} unless every id names a conduit {@code recipient} may read, checked id by id
     * whatever this task has read, and the write itself is allowed as {@link #write} checks it.
     */
    public void release(Conduit destination, Session recipient, java.util.List<String> ids) {
        ensureOpen();
        monitor.checkRelease(this, new Destination(destination, recipient), ids);
    }

    /**
     * Whether this task's session may read {@code conduit}, without reading it or tainting the task:
     * what filtering code asks before it includes a conduit in a result.
     */
    public boolean mayRead(Conduit conduit) {
        ensureOpen();
        return monitor.mayRead(session, conduit);
    }

    public boolean isClosed() {
        return closed;
    }

    /** Discards the task; its taint goes with it. */
    @Override
    public void close() {
        closed = true;
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("task for session " + session + " was discarded");
        }
    }

    @Override
    public String toString() {
        return mode + " task for " + session + " tainted by " + taint;
    }
}
