package org.maat.policy.lang;

/** A policy together with where its nodes stood in the source text. */
public record ParsedPolicy(Policy policy, SourcePositions positions) {
}
