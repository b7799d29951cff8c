package org.maat.core.task;

/**
 * A confined task ended in a failure of its own code: what the caller sees instead of the task's
 * {@link Throwable}, which may carry any data the task read. Its text is written by the runtime alone
 * ({@code "the search task failed (incident 7f3a...)"}); it has no cause, no suppressed exceptions and
 * a stack trace of the runtime's frames only. Only a {@link TaskBoundary} makes one.
 */
public final class TaskFailedException extends RuntimeException {

    private final String incident;
    private final Class<? extends Throwable> kind;

    TaskFailedException(String what, String incident, Class<? extends Throwable> kind) {
        super(what + " failed (incident " + incident + ")");
        this.incident = incident;
        this.kind = kind;
    }

    /**
     * The type of what the task threw, for the runtime alone (e.g. to check its index files after a reader's
     * kind of failure); never shown. The task chooses it, so it is worth a few bits, as the README states.
     */
    public Class<? extends Throwable> kind() {
        return kind;
    }

    /** The incident id the operator log names beside what it may say about the failure. */
    public String incident() {
        return incident;
    }
}
