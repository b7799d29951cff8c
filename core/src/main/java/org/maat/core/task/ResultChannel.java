package org.maat.core.task;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.maat.policy.Conduit;
import org.maat.policy.Session;

/**
 * A task's output to one session (a result conduit), made by a {@link TaskBoundary}: every write crosses
 * that boundary, which checks it and delivers it in one step. A list of ids is released only if each id
 * is one the recipient may read (whatever the task read) and the monitor allows the write under the
 * task's taint; a refused write throws {@link org.maat.policy.monitor.PolicyViolation}, delivers nothing,
 * and ends the channel's output: the task cannot catch the refusal and carry on.
 *
 * <p>A result list carries ids only: the task cannot attach scores or any other field to them. When
 * the runtime gave the channel a {@link ReleaseRanking}, a released list is also ranked by it (the
 * trusted scores of {@link #deliveredRanked()}), after the release check, so only ids the recipient may
 * read are ever scored; a list whose order is not the index's ranking is refused like any other refused
 * write: nothing of it is delivered.
 */
public final class ResultChannel {

    private final TaskBoundary boundary;
    private final Conduit destination;
    private final Session recipient;
    private final ReleaseRanking ranking;
    private final List<String> deliveredIds = new ArrayList<>();
    private final List<RankedId> deliveredRanked = new ArrayList<>();
    private final List<String> deliveredText = new ArrayList<>();

    /** A channel of its own boundary over {@code gate}, judged by the monitor alone (no scores): for benchmarks. */
    public ResultChannel(AccessGate gate, Conduit destination, Session recipient) {
        this(new TaskBoundary(gate, "a task"), destination, recipient, null);
    }

    ResultChannel(TaskBoundary boundary, Conduit destination, Session recipient, ReleaseRanking ranking) {
        this.boundary = Objects.requireNonNull(boundary, "boundary");
        this.destination = Objects.requireNonNull(destination, "destination");
        this.recipient = Objects.requireNonNull(recipient, "recipient");
        this.ranking = ranking;
    }

    /**
     * Writes a result list of conduit ids, best first: released only if the recipient may read every id
     * and the monitor allows the flow ({@code ONLY_CND_IDS+} under the index policy); then, on a ranked
     * channel, scored by trusted code, which refuses an order that is not the index's (the list so far
     * and this one, as one list).
     */
    public void writeIds(List<String> conduitIds) {
        boundary.release(this, List.copyOf(conduitIds));
    }

    /** Writes opaque text: released only where every policy in the task's taint allows data to flow. */
    public void writeText(String text) {
        boundary.releaseText(this, Objects.requireNonNull(text, "text"));
    }

    /** Called by the boundary once the monitor released {@code ids}: ranks them (trusted code) and delivers them. */
    void deliverIds(List<String> ids) {
        if (ranking != null) {
            List<String> whole = new ArrayList<>(deliveredIds);
            whole.addAll(ids);
            List<RankedId> ranked = ranking.rank(whole);
            deliveredRanked.clear();
            deliveredRanked.addAll(ranked);
        }
        deliveredIds.addAll(ids);
    }

    void deliverText(String text) {
        deliveredText.add(text);
    }

    public Conduit destination() {
        return destination;
    }

    /** The one session this channel delivers to. */
    public Session recipient() {
        return recipient;
    }

    /** The conduit ids the monitor let through, in order. */
    public List<String> deliveredIds() {
        return List.copyOf(deliveredIds);
    }

    /** The delivered ids with their trusted scores, in order; empty on a channel without ranking. */
    public List<RankedId> deliveredRanked() {
        return List.copyOf(deliveredRanked);
    }

    /** The text the monitor let through. */
    public List<String> deliveredText() {
        return List.copyOf(deliveredText);
    }
}
