package org.maat.core.task;

/**
 * A confined task ended in a failure of its own code: what the caller sees instead of the task's
 * {@link Throwable}, which may carry any data the task read. Its text is written by the runtime alone
 * ({@code "the search task failed (incident 7f3a...)"}); it has no cause, no suppressed exceptions and
 * a stack trace of the runtime's frames only. Only a {@link TaskBoundary} makes one.
 */
public final class TaskFailedException extends RuntimeException {

    private final String incident;

    TaskFailedException(String what, String incident) {
        super(what + " failed (incident " + incident + ")");
        this.incident = incident;
    }

    /** The incident id the operator log names beside what it may say about the failure. */
    public String incident() {
        return incident;
    }
}
