package org.maat.core.task;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.function.Supplier;

/**
 * The failures the runtime itself raises inside a confined task, at a checkpoint it owns: the monitor's refusal
 * ({@link MonitoredGate}), an index entry the {@link IndexEntryCheck} refused, a damaged store record the
 * {@link DocumentReader} met. Only these cross a {@link TaskBoundary} with their own words, and then only as a
 * fresh copy made from what the runtime knew when it raised them: never the instance the task held (whose
 * suppressed exceptions, cause and stack trace the task could have filled), never an exception of the same type
 * the task made itself (it is not on this list).
 *
 * <p>The list is kept by identity and weakly (a failure the task dropped is forgotten with it). Task code may not
 * call {@link #vouch} (a rule on task code, {@code TaskChannelRulesTest}). What is not guaranteed: a task that
 * caught several of the runtime's failures chooses which one its run ends in, a few bits, as the README states.
 */
public final class RuntimeFailures {

    private static final Map<Throwable, Supplier<? extends RuntimeException>> VOUCHED =
            Collections.synchronizedMap(new WeakHashMap<>()); // Throwable keeps Object's identity equality

    /** How many causes deep a task's throwable is searched for one of the runtime's failures. */
    private static final int MAX_DEPTH = 16;

    private RuntimeFailures() {
    }

    /**
     * Records {@code failure}, which the runtime is about to throw into task code, and how to make its copy for the
     * caller ({@code copy} must be built from the runtime's own values, not from {@code failure} after the task had it).
     */
    public static <T extends Throwable> T vouch(T failure, Supplier<? extends RuntimeException> copy) {
        VOUCHED.put(failure, copy);
        return failure;
    }

    /** A fresh copy of the runtime failure that {@code thrown} is, or wraps in its cause chain; empty if none. */
    static Optional<RuntimeException> copyOf(Throwable thrown) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Throwable t = thrown;
        for (int depth = 0; t != null && depth < MAX_DEPTH && seen.add(t); depth++) {
            Supplier<? extends RuntimeException> copy = VOUCHED.get(t);
            if (copy != null) {
                return Optional.of(copy.get());
            }
            t = t.getCause();
        }
        return Optional.empty();
    }
}
