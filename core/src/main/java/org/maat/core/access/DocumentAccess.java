package org.maat.core.access;

import java.util.Optional;
import org.maat.core.data.DataSet;
import org.maat.core.index.AccessTemplate;
import org.maat.core.task.Monitor;
import org.maat.policy.Conduit;
import org.maat.policy.Session;
import org.maat.policy.audience.Audience;
import org.maat.policy.eval.Explanation;

/**
 * Explains one session's access to documents of one data set, without reading them. It promises:
 * <ul>
 *   <li>the explanation of a read is the reference monitor's own ({@code ReferenceMonitor.explainRead}): the
 *       rule and literals that allowed it, or the literals that failed; none under the {@code --no-policy}
 *       baseline, which decides nothing;</li>
 *   <li>whether a session may read a document ({@link #mayRead}) is the reference monitor's own read decision,
 *       asked without reading: it taints, logs and throws nothing (always yes under the baseline);</li>
 *   <li>who may read a document ({@link Audience}) goes only to its owner;</li>
 *   <li>{@link #forOwner} answers only the owner of an existing document, and answers every other id (another
 *       user's document, readable or not, a removed, missing or malformed id) with the same empty result, so
 *       that callers can refuse in one way that tells nothing about which ids exist.</li>
 * </ul>
 * Thread-safe if the data set is.
 */
public final class DocumentAccess {

    /** The one refusal for a document the asker does not own, whether it exists or not. */
    public static final String NOT_EXPLAINED = "Maat explains access to a document only to its owner, "
            + "and you own no document with this id.";

    private final DataSet data;
    private final Monitor monitor;

    /** @param monitor the tasks' monitor of {@code data} ({@link Monitor#none()} for the baseline) */
    public DocumentAccess(DataSet data, Monitor monitor) {
        this.data = data;
        this.monitor = monitor;
    }

    /**
     * The explanation of {@code session}'s read of {@code id} when its principal owns that document; empty for
     * any other id, whatever the reason.
     */
    public Optional<AccessExplanation> forOwner(Session session, String id) {
        return Optional.ofNullable(id).filter(i -> i.matches("d[0-9]{1,18}"))
                .filter(i -> data.documents().contains(i))
                .flatMap(i -> data.policies().find(i))
                .filter(c -> c.owner().equals(session.principal()))
                .map(c -> of(session, c));
    }

    /**
     * Whether the monitor would let {@code session} read the document {@code conduit}: the decision its read would
     * get, without the read (no taint, no refusal, no MAL entry). Under the baseline, which decides nothing, yes.
     */
    public boolean mayRead(Session session, Conduit conduit) {
        return !monitor.monitored() || monitor.reference().mayRead(session, conduit);
    }

    /** The explanation of {@code session}'s read of the document {@code conduit}; who may read it only for its owner. */
    public AccessExplanation of(Session session, Conduit conduit) {
        Optional<Explanation> decision = monitor.monitored()
                ? Optional.of(monitor.reference().explainRead(session, conduit)) : Optional.empty();
        Optional<Audience> readers = conduit.owner().equals(session.principal())
                ? Optional.of(Audience.of(data.engine().policy(conduit.policy()).policy(), conduit, data.engine().facts()))
                : Optional.empty();
        String template = conduit.attributes().getOrDefault(AccessTemplate.ATTRIBUTE,
                "a custom policy, " + conduit.policy());
        return new AccessExplanation(conduit.id(), conduit.owner(), template, decision, readers);
    }
}
