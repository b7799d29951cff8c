package org.maat.core.search;

/** One line of a search's output: a released document, shown to the session that may read it. */
public record SearchHit(int rank, String id, String owner, String template, String title, String snippet) {
}
