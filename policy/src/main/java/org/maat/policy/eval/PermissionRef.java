package org.maat.policy.eval;

import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.Permission;

/**
 * One permission of one conduit's policy, as named by {@code this.read} or {@code dest.read};
 * {@code recipient} is set when the conduit belongs to a single session, {@code isThis} when the
 * conduit is the evaluation's {@code this}.
 */
record PermissionRef(Conduit conduit, Permission permission, Session recipient, boolean isThis) {
}
