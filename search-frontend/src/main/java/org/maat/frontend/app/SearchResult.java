package org.maat.frontend.app;

import java.util.List;
import org.maat.core.search.Snippet;

/**
 * One page of a search, as its user sees it: the query, the hits of this page in rank order (after
 * personalization) and how many hits the session may read in all. No score: the order is what a
 * user needs, and a score (computed with the statistics of what the region may read) says more.
 *
 * @param query      the query as run
 * @param start      the 0-based rank of the first hit of this page
 * @param k          hits per page asked for
 * @param total      hits the session may read, each released by the shards' monitors and its read checked
 *                   by the session's own; at most {@link Frontend#COUNTED} unless the page lies further
 * @param totalExact false when the shards had at least {@code total} readable hits and were asked for no more
 * @param hits       this page's hits, each read with a checked read for the user
 */
public record SearchResult(String query, int start, int k, int total, boolean totalExact, List<Hit> hits) {

    /** One shown hit: its rank (1 is best), a document id, its title and a passage of its body with the query's terms marked. */
    public record Hit(int rank, String id, String title, Snippet snippet) {
    }

    public SearchResult {
        hits = List.copyOf(hits);
    }

    public boolean hasPrevious() {
        return start > 0;
    }

    public boolean hasNext() {
        return start + hits.size() < total;
    }

    /** The start of the previous page (0 at the latest). */
    public int previousStart() {
        return Math.max(0, start - k);
    }

    public int nextStart() {
        return start + k;
    }

    /** The total as a person reads it: {@code 57}, or {@code 200+} when the shards were not asked for more. */
    public String totalText() {
        return total + (totalExact ? "" : "+");
    }
}
