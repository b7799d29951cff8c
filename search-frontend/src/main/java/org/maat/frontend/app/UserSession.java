package org.maat.frontend.app;

import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.maat.core.task.AccessGate;
import org.maat.core.task.TaskGate;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.lang.PolicyId;
import org.maat.policy.monitor.TaintSet;

/**
 * One signed-in user's session: the authenticated principal and region, its own confined task (a
 * monitor task, or in the {@code --no-policy} baseline one that checks nothing), and its client
 * channel, the conduit {@code profile/USER/session/N} (readable by the user only) that everything
 * shown to the user is written to. The task lives as long as the session and is discarded by {@link #close()} at logout
 * or expiry, so its taint never reaches another session.
 */
public final class UserSession implements AutoCloseable {

    private static final AtomicLong NUMBERS = new AtomicLong();

    private final Session session;
    private final TaskGate task;
    private final Conduit channel;

    UserSession(Session session, TaskGate task, PolicyId channelPolicy) {
        this.session = session;
        this.task = task;
        String name = "profile/" + session.principal() + "/session/" + NUMBERS.incrementAndGet();
        this.channel = new Conduit(name, name, session.principal(), channelPolicy);
    }

    public String user() {
        return session.principal();
    }

    /** The client's region, if the region map placed it. */
    public Optional<String> region() {
        return Optional.ofNullable(session.region());
    }

    public Session session() {
        return session;
    }

    /** The gate of the session's task: what personalization and history go through. */
    public AccessGate gate() {
        return task;
    }

    /** The conduit standing for the user's browser: results and history are written to it. */
    public Conduit channel() {
        return channel;
    }

    /** The policies the session's task has read so far (empty in the baseline). */
    public Optional<TaintSet> taint() {
        return task.taint();
    }

    public boolean isClosed() {
        return task.isClosed();
    }

    /** Discards the session's task and its taint. */
    @Override
    public void close() {
        task.close();
    }

    @Override
    public String toString() {
        return "session of " + session;
    }
}
