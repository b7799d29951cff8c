package org.maat.core.task;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.monitor.Payload;

/**
 * A task's output to one session (a result conduit). Every write passes the gate first, and only
 * what the monitor let through is delivered: a refused write throws
 * {@link org.maat.policy.monitor.PolicyViolation} and delivers nothing. Task code must not catch
 * the refusal to carry on with other output; the runtime reports it.
 *
 * <p>A result list carries ids only: the task cannot attach scores or any other field to them. When
 * the runtime gave the channel a {@link ReleaseRanking}, a released list is also ranked by it (the
 * trusted scores of {@link #deliveredRanked()}), and a list whose order is not the index's ranking
 * is refused like any other refused write: nothing of it is delivered.
 */
public final class ResultChannel {

    private final AccessGate gate;
    private final Conduit destination;
    private final Session recipient;
    private final ReleaseRanking ranking;
    private final List<String> deliveredIds = new ArrayList<>();
    private final List<RankedId> deliveredRanked = new ArrayList<>();
    private final List<String> deliveredText = new ArrayList<>();

    /** A channel whose result lists are judged by the monitor alone (no scores delivered). */
    public ResultChannel(AccessGate gate, Conduit destination, Session recipient) {
        this(gate, destination, recipient, null);
    }

    /** A channel whose released result lists are also ranked and certified by {@code ranking} (trusted code). */
    public ResultChannel(AccessGate gate, Conduit destination, Session recipient, ReleaseRanking ranking) {
        this.gate = Objects.requireNonNull(gate, "gate");
        this.destination = Objects.requireNonNull(destination, "destination");
        this.recipient = recipient;
        this.ranking = ranking;
    }

    /**
     * Writes a result list of conduit ids, best first: under the index policy, released only as
     * {@code ONLY_CND_IDS+}; then, on a ranked channel, scored by trusted code, which refuses an
     * order that is not the index's (the list so far and this one, as one list).
     */
    public void writeIds(List<String> conduitIds) {
        List<String> ids = List.copyOf(conduitIds);
        gate.write(destination, recipient, Payload.conduitIds(ids));
        if (ranking != null) {
            List<String> whole = new ArrayList<>(deliveredIds);
            whole.addAll(ids);
            List<RankedId> ranked = ranking.rank(whole);
            deliveredRanked.clear();
            deliveredRanked.addAll(ranked);
        }
        deliveredIds.addAll(ids);
    }

    /** Writes opaque text: released only where every policy in the task's taint allows data to flow. */
    public void writeText(String text) {
        gate.write(destination, recipient, Payload.data());
        deliveredText.add(text);
    }

    public Conduit destination() {
        return destination;
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
