package org.maat.core.task;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import org.maat.core.index.IndexFields;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.Permission;
import org.maat.policy.monitor.Payload;
import org.maat.policy.monitor.PolicyViolation;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one place where anything leaves a confined task. The trusted runtime runs task code through
 * {@link #run} and gives it only the {@link ResultChannel}s this boundary made; nothing else the task
 * produces reaches a caller.
 *
 * <p>What it guarantees:
 * <ul>
 *   <li><b>Released ids</b>: every list of ids written to a channel is checked and delivered in one step
 *       ({@link AccessGate#release}): each id against the recipient's read policy, id by id, whether or not
 *       the task read anything, then the monitor's write check under the task's taint. Only a list the
 *       monitor let through is handed to the channel's trusted ranking, so the runtime scores only ids the
 *       recipient may read.</li>
 *   <li><b>A refusal ends the task's output</b>: after the monitor refused one release, the channel delivers
 *       nothing more, and {@link #run} throws a refusal in the runtime's words (the channel's destination and
 *       an incident id: never the monitor's text, which may depend on what the task listed or read, nor an
 *       exception the task held) even if the task caught the monitor's and went on.</li>
 *   <li><b>Exceptions</b>: any other {@link Throwable} from task code (its message, cause chain, suppressed
 *       exceptions and stack) is replaced by runtime-authored text: one of the caller's declared
 *       {@link #run(Body, Map) kinds} (chosen by the throwable's type, its text built without it) or a
 *       {@link TaskFailedException} naming an incident. An {@linkplain #indexing indexing} boundary makes one
 *       exception: a failure the runtime itself raised into the task at one of its checkpoints
 *       ({@link RuntimeFailures}: the monitor's refusal of an index file, a refused index entry, a damaged store
 *       record) ends the run as a fresh copy of itself, so the operator learns which file or record to look at.
 *       A search boundary passes none of them: the monitor's text may name which policy of the task's taint
 *       refused, and a search task chooses what it reads per query. Under the monitor the original goes nowhere: the
 *       operator log gets the incident id alone (a task's taint allows no flow to the log); only a baseline
 *       run ({@code --no-policy}) logs it whole.</li>
 *   <li><b>After the task</b>: once {@link #run} returns or throws, every channel is closed; a thread the task
 *       left behind that writes later is refused. A JVM-wide library setting the task changed
 *       ({@link LibraryState}: Lucene's clause limit, default query cache and caching policy) is put back, the
 *       shared analyzer's per-thread stored value is emptied ({@link KeepNothingReuse}) and Lucene's public static
 *       fields and arrays put back ({@link WritableLibraryStatics}), the thread's interrupt
 *       flag is cleared (the runtime's next read on the thread must not depend on the task), and a task that left
 *       either fails.</li>
 * </ul>
 * What it does not guarantee: which of the runtime's texts a failing task ends in (failed, a declared kind,
 * refused) and when it ends are the task's choice, a few bits per run; other JVM channels of task code
 * (static state, threads, logging, streams, reflection, timing) are stopped by the rules the README lists.
 * Single-threaded: one task, one boundary.
 */
public final class TaskBoundary {

    private static final Logger LOG = LoggerFactory.getLogger(TaskBoundary.class);

    /** Task code run at the boundary. */
    @FunctionalInterface
    public interface Body<T> {
        T run() throws Exception;
    }

    private final AccessGate gate;
    private final String what;
    private final boolean runtimeFailuresPass;
    /** The monitor's refusal at one of this boundary's crossings, if any. */
    private volatile PolicyViolation refusal;
    private volatile boolean ended;

    /**
     * @param gate the task's gate (its monitor task, or the baseline's)
     * @param what names the task in the runtime's text, e.g. {@code "the search task"}
     */
    public TaskBoundary(AccessGate gate, String what) {
        this(gate, what, false);
    }

    private TaskBoundary(AccessGate gate, String what, boolean runtimeFailuresPass) {
        this.gate = Objects.requireNonNull(gate, "gate");
        this.what = Objects.requireNonNull(what, "what");
        this.runtimeFailuresPass = runtimeFailuresPass;
        LibraryState.pin(); // the library's settings and state are kept before the first task runs, never after
    }

    /**
     * The boundary of an indexing task, whose only output is index files the monitor checks as they are created: as
     * {@link #TaskBoundary}, and a {@link RuntimeFailures runtime failure} the task ends in reaches the caller as a
     * fresh copy in the runtime's words (the refused file or entry, the damaged record), not as an incident.
     */
    public static TaskBoundary indexing(AccessGate gate, String what) {
        return new TaskBoundary(gate, what, true);
    }

    /** A result channel to {@code recipient} whose every release crosses this boundary; {@code ranking} may be null. */
    public ResultChannel channel(Conduit destination, Session recipient, ReleaseRanking ranking) {
        return new ResultChannel(this, destination, recipient, ranking);
    }

    /**
     * {@link #run(Body)} for an indexing task: a {@linkplain RuntimeFailures runtime} I/O failure of its index files
     * (vouched as an {@link UncheckedIOException}) reaches the caller as the {@link IOException} it stands for.
     */
    public <T> T runWriting(Body<T> body) throws IOException {
        try {
            return run(body);
        } catch (UncheckedIOException runtimeIo) {
            throw runtimeIo.getCause();
        }
    }

    /** {@link #run(Body, Map)} with no declared kinds: every failure is a {@link TaskFailedException}. */
    public <T> T run(Body<T> body) {
        return run(body, Map.of());
    }

    /**
     * Runs {@code body} as the task's code and returns its value, or throws only runtime-authored exceptions:
     * the monitor's refusal at a crossing, {@code kinds.get(type).get()} for a throwable of a declared type
     * (the supplier never sees the throwable), else a {@link TaskFailedException}.
     */
    public <T> T run(Body<T> body, Map<Class<? extends Throwable>, Supplier<? extends RuntimeException>> kinds) {
        if (ended) {
            throw new IllegalStateException(what + " has already run");
        }
        T value;
        try {
            value = body.run();
        } catch (Throwable thrown) {
            end();
            throw replacement(thrown, kinds);
        }
        end();
        if (refusal != null) {
            throw refusal; // the task caught the monitor's refusal and carried on: it still ends refused
        }
        return value;
    }

    /**
     * Ends the task: its channels deliver nothing more, and nothing it left in the thread or the JVM outlives it.
     * A task that left its thread interrupted (a self-cancelling {@code FutureTask} needs no {@code Thread}) or
     * changed a JVM-wide library setting ({@link LibraryState}) fails: the flag is cleared and the setting put back
     * before anything else runs on the thread, and the caller learns only that the task failed. Both are cleaned up
     * whichever the task did. The shared analyzer's per-thread stored value ({@link KeepNothingReuse}) is emptied
     * after every task. An interrupt the runtime sent (a fan-out cancelling a shard's search it no longer
     * waits for) ends the task failed as well, which is what cancelling asked for.
     */
    private void end() {
        ended = true;
        boolean interrupted = Thread.interrupted();
        // Lucene's per-thread slot on the analyzer every task shares: the runtime never uses it, so it is emptied
        // whatever the task did, and the next task on this thread (another session's) finds nothing there.
        KeepNothingReuse.clearStoredValue(IndexFields.analyzer());
        boolean changedLibrary = LibraryState.restoreIfChanged();
        if (interrupted || changedLibrary) {
            String incident = incident();
            LOG.warn("{} left {} (incident {}); cleared", what,
                    interrupted && changedLibrary ? "its thread interrupted and a JVM-wide library setting changed"
                            : interrupted ? "its thread interrupted" : "a JVM-wide library setting changed", incident);
            throw new TaskFailedException(what, incident,
                    interrupted ? InterruptedException.class : IllegalStateException.class);
        }
    }

    private RuntimeException replacement(Throwable thrown,
                                         Map<Class<? extends Throwable>, Supplier<? extends RuntimeException>> kinds) {
        if (refusal != null) {
            return refusal;
        }
        String incident = incident();
        logForOperator(incident, thrown);
        if (runtimeFailuresPass) {
            var runtimeFailure = RuntimeFailures.copyOf(thrown);
            if (runtimeFailure.isPresent()) {
                return runtimeFailure.get();
            }
        }
        for (var kind : kinds.entrySet()) {
            if (kind.getKey().isInstance(thrown)) {
                return kind.getValue().get();
            }
        }
        return new TaskFailedException(what, incident, thrown.getClass());
    }

    /**
     * The original goes only where the task's data may go: under the monitor, nowhere (the operator log gets
     * the incident id); in the baseline, which promises nothing, the operator log gets it whole.
     */
    private void logForOperator(String incident, Throwable thrown) {
        if (!gate.monitored()) {
            LOG.warn("{} failed (incident {})", what, incident, thrown);
        } else {
            LOG.warn("{} failed (incident {}); its exception is withheld: the task read data under the monitor",
                    what, incident);
        }
    }

    private static String incident() {
        return Incidents.next();
    }

    /** A release of ids through {@code channel}: checked and delivered in one step, or refused with nothing delivered. */
    void release(ResultChannel channel, List<String> ids) {
        cross(channel, () -> {
            gate.release(channel.destination(), channel.recipient(), ids);
            channel.deliverIds(ids);
        });
    }

    /** Opaque text through {@code channel}: released only where every policy in the task's taint allows data to flow. */
    void releaseText(ResultChannel channel, String text) {
        cross(channel, () -> {
            gate.write(channel.destination(), channel.recipient(), Payload.data());
            channel.deliverText(text);
        });
    }

    private PolicyViolation runtimeRefusal(ResultChannel channel) {
        String incident = incident();
        LOG.info("{}'s output was refused by the monitor (incident {})", what, incident);
        Conduit destination = channel.destination();
        return new PolicyViolation(destination.id(), Permission.DECLASSIFY, destination.policy(), channel.recipient(),
                what + "'s output was refused by the monitor (incident " + incident + ")", null);
    }

    private void cross(ResultChannel channel, Runnable step) {
        if (ended) {
            throw new IllegalStateException(what + " has ended: its channels deliver nothing more");
        }
        if (refusal != null) {
            throw new IllegalStateException(what + "'s output was refused: its channels deliver nothing more");
        }
        try {
            step.run();
        } catch (PolicyViolation refused) {
            // The task sees the monitor's refusal; the caller gets the boundary's own, in the runtime's words
            // alone: the monitor's text can depend on what the task listed or read (which policy in its taint
            // refused), and nothing the task adds to the one it holds (a cause, a suppressed exception) travels.
            refusal = runtimeRefusal(channel);
            throw refused;
        }
    }

    @Override
    public String toString() {
        return what + " at " + gate;
    }
}
