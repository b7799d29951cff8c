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
 */
public final class ResultChannel {

    private final AccessGate gate;
    private final Conduit destination;
    private final Session recipient;
    private final List<String> deliveredIds = new ArrayList<>();
    private final List<RankedId> deliveredRanked = new ArrayList<>();
    private final List<String> deliveredText = new ArrayList<>();

    public ResultChannel(AccessGate gate, Conduit destination, Session recipient) {
        this.gate = Objects.requireNonNull(gate, "gate");
        this.destination = Objects.requireNonNull(destination, "destination");
        this.recipient = recipient;
    }

    /** Writes a result list of conduit ids: under the index policy, released only as {@code ONLY_CND_IDS+}. */
    public void writeIds(List<String> conduitIds) {
        List<String> ids = List.copyOf(conduitIds);
        gate.write(destination, recipient, Payload.conduitIds(ids));
        deliveredIds.addAll(ids);
    }

    /**
     * Writes a ranked result list: the monitor judges it exactly as {@link #writeIds} the same ids
     * ({@code ONLY_CND_IDS+}), and the scores travel with the ids it released, as their ranking
     * metadata. Why a score may go with a released id: it is the index's relevance of a document the
     * recipient may read for a query the recipient wrote, which a merger of shards needs. It does
     * carry collection statistics (term frequencies over documents the recipient may not read),
     * the same statistics the order of the ids already reveals.
     */
    public void writeRanked(List<RankedId> ranked) {
        List<RankedId> copy = List.copyOf(ranked);
        List<String> ids = copy.stream().map(RankedId::id).toList();
        gate.write(destination, recipient, Payload.conduitIds(ids));
        deliveredIds.addAll(ids);
        deliveredRanked.addAll(copy);
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

    /** The ranked ids the monitor let through ({@link #writeRanked}), in order. */
    public List<RankedId> deliveredRanked() {
        return List.copyOf(deliveredRanked);
    }

    /** The text the monitor let through. */
    public List<String> deliveredText() {
        return List.copyOf(deliveredText);
    }
}
