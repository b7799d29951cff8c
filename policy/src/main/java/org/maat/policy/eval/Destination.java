package org.maat.policy.eval;

import java.util.Objects;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * The conduit a write goes to, seen from a declassify rule as {@code dest}. When the destination
 * belongs to a single session (a client channel, a result conduit sent to one user),
 * {@code recipient} is that session: {@code isAsRestrictive(dest.read, p)} is then decided
 * exactly by evaluating {@code p} in the recipient's session.
 */
public record Destination(Conduit conduit, Session recipient) {

    public Destination {
        Objects.requireNonNull(conduit, "conduit");
    }

    public static Destination of(Conduit conduit) {
        return new Destination(conduit, null);
    }

    public boolean isSingleSession() {
        return recipient != null;
    }
}
