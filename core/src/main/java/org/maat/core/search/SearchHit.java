package org.maat.core.search;

/**
 * One line of a search's output: a released document, shown to the session that may read it, with the
 * passage of its body that best matches the query ({@link Snippet#toString()}: matches in brackets).
 */
public record SearchHit(int rank, String id, String owner, String template, String title, Snippet snippet) {
}
