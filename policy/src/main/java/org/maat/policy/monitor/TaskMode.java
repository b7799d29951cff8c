package org.maat.policy.monitor;

/** How the monitor treats a task's reads. */
public enum TaskMode {
    /** Every read is checked at once against the conduit's read rule in the task's session. */
    UNCONFINED,
    /** Any read is allowed and taints the task; its writes are checked against the taint. */
    CONFINED
}
