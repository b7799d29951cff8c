package org.maat.policy.lang;

/** A static error in a policy that parsed: where (null when unknown) and what is wrong. */
public record PolicyProblem(SourcePositions.Position position, String message) {

    /** {@code LINE:COL: message}, or just the message when the position is unknown. */
    @Override
    public String toString() {
        return position == null ? message : position + ": " + message;
    }
}
