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
 * @param total      hits the session may read, each released by the shards' monitors and allowed by the
 *                   session's own; counted up to {@link Frontend#COUNTED}, or one past this page when it lies further
 * @param totalExact false when the shards had more hits than were counted: then {@code total} is a lower bound
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

    /**
     * Whether a next page exists and may be asked for: hits counted past this page, or a total that is only a
     * lower bound ("200+": the shards hold more than were counted), as long as the next page ends within
     * {@link Frontend#MAX_DEPTH}, the deepest a page may reach.
     */
    public boolean hasNext() {
        boolean more = nextStart() < total || (!totalExact && !hits.isEmpty());
        return more && nextStart() <= Frontend.MAX_DEPTH - k;
    }

    /**
     * The start of the previous page (0 at the latest); from a page past the end of the results (a stale link,
     * a typed start), the last page with hits, so that Previous leads back to them rather than to another empty page.
     */
    public int previousStart() {
        if (start >= total) {
            return Math.max(0, total - k);
        }
        return Math.max(0, start - k);
    }

    public int nextStart() {
        return start + k;
    }

    /** The total as a person reads it: {@code 57}, or {@code 200+} when more hits exist than were counted. */
    public String totalText() {
        return total + (totalExact ? "" : "+");
    }
}
