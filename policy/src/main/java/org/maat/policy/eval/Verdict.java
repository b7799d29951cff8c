package org.maat.policy.eval;

/** A yes/no decision with the reason a person would want to read. */
public record Verdict(boolean holds, String reason) {
}
