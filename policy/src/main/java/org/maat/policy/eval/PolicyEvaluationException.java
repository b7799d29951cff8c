package org.maat.policy.eval;

/** A policy that cannot be evaluated in this context, e.g. an unknown policy id or a bad time value. */
public final class PolicyEvaluationException extends RuntimeException {

    public PolicyEvaluationException(String message) {
        super(message);
    }
}
