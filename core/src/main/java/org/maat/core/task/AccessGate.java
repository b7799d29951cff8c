package org.maat.core.task;

import java.util.List;
import java.util.Optional;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.Payload;
import org.maat.policy.monitor.Task;

/**
 * What every task handle calls before data moves: the reference monitor acting for one
 * {@link Task}, or nothing at all in a {@code --no-policy} baseline run. Handles call the gate and
 * nothing else, so a baseline run executes the same code minus the monitor.
 */
public interface AccessGate {

    /** Before any byte of {@code conduit} reaches the task: taints a confined task, checks an unconfined one. */
    void read(Conduit conduit);

    /**
     * Before bytes reach {@code destination}; {@code recipient} is the one session the destination
     * belongs to (a result list), or null. Throws {@link org.maat.policy.monitor.PolicyViolation}
     * when the monitor refuses the flow.
     */
    void write(Conduit destination, Session recipient, Payload payload);

    /**
     * Before a list of conduit ids reaches {@code recipient} through {@code destination} (a result list): every
     * id must name a conduit {@code recipient} may read, checked id by id whatever the task has read, and the
     * write must pass as {@link #write} checks it. Throws {@link org.maat.policy.monitor.PolicyViolation} when
     * the monitor refuses. Only a {@link TaskBoundary} calls this; a gate that never releases lists (a file
     * writer's) refuses.
     */
    default void release(Conduit destination, Session recipient, List<String> ids) {
        throw new IllegalStateException(this + " releases no lists of ids");
    }

    /** What a checked crossing delivers once the monitor allowed it: bytes to the destination it was checked for. */
    @FunctionalInterface
    interface Delivery<E extends Exception> {
        void deliver() throws E;
    }

    /**
     * A crossing of bytes to {@code destination} in one step: {@link #write} checks it, and {@code delivery} runs
     * only if the monitor allowed it, never otherwise. Code that appends to a conduit outside a result channel (a
     * user's search history) delivers through this, so no path writes without the check that names its destination.
     */
    default <E extends Exception> void deliver(Conduit destination, Session recipient, Payload payload,
                                               Delivery<E> delivery) throws E {
        write(destination, recipient, payload);
        delivery.deliver();
    }

    /**
     * The strongest cipher the policies read so far require of a file at rest they flow into
     * ({@code atRestAtLeast}, a name of {@link org.maat.policy.lang.AtRestStrength}), or empty when none does (always
     * empty without a monitor). A writer seals a new file with at least this, so that {@link #write} does not
     * refuse it for its cipher.
     */
    Optional<String> minimumAtRest();

    /** Whether a monitor stands behind this gate. */
    boolean monitored();

    /** The gate of a monitor task; closing it closes the task. */
    static TaskGate of(Task task) {
        return new MonitoredGate(task);
    }

    /** A baseline gate: lets everything through, checks nothing ({@link Monitor#none()} opens these). */
    static TaskGate unmonitored() {
        return new UnmonitoredGate();
    }
}
