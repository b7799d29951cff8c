package org.maat.frontend.app;

import java.util.List;

/**
 * What a search shows its user: the query and the hits, best first (after personalization).
 *
 * @param query the query as run
 * @param hits  the released documents, each read with a checked read for the user
 */
public record SearchResult(String query, List<Hit> hits) {

    /** One shown hit: a document id, its title, a snippet of its body and its score. */
    public record Hit(String id, String title, String snippet, double score) {
    }

    public SearchResult {
        hits = List.copyOf(hits);
    }
}
