package org.maat.policy.monitor;

import org.maat.policy.Session;
import org.maat.policy.eval.Explanation;
import org.maat.policy.lang.Permission;
import org.maat.policy.lang.PolicyId;

/**
 * A flow the monitor refused. The message says which conduit, which permission, for which
 * session, and for each rule tried the literal that failed with the bindings tried, so that a
 * person can see what to change (a friend fact, a MAL entry, the destination).
 */
public final class PolicyViolation extends RuntimeException {

    private final String conduitId;
    private final Permission permission;
    private final PolicyId policy;
    private final Session session;
    private final String summary;
    private final transient Explanation explanation;

    public PolicyViolation(String conduitId, Permission permission, PolicyId policy, Session session,
                           String summary, Explanation explanation) {
        super(summary + (explanation == null ? "" : "\n" + explanation.describe()));
        this.conduitId = conduitId;
        this.permission = permission;
        this.policy = policy;
        this.session = session;
        this.summary = summary;
        this.explanation = explanation;
    }

    /** A new refusal with this one's conduit, permission, policy, session and text, and nothing a holder added to it. */
    public PolicyViolation copy() {
        return new PolicyViolation(conduitId, permission, policy, session, summary, explanation);
    }

    /** The conduit whose policy refused the flow. */
    public String conduitId() {
        return conduitId;
    }

    public Permission permission() {
        return permission;
    }

    public PolicyId policy() {
        return policy;
    }

    public Session session() {
        return session;
    }

    /** The rule-by-rule explanation, or null when the refusal was not a rule (e.g. a bad payload). */
    public Explanation explanation() {
        return explanation;
    }
}
