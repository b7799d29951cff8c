package org.maat.core.shard;

/**
 * One shard search request: the session's user and region (asserted by the trusted front-end), the
 * query text and how many hits to return. The constructor rejects what no shard should run, with a
 * message saying what is wrong.
 *
 * @param user   the authenticated principal; never blank
 * @param region the client's region, or null when unknown
 * @param query  the query text, Lucene syntax; never blank, at most {@link #MAX_QUERY_CHARS} characters
 * @param k      hits wanted, 1 to {@link #MAX_K}
 */
public record ShardQuery(String user, String region, String query, int k) {

    /** Longest query text a shard accepts. */
    public static final int MAX_QUERY_CHARS = 1_000;
    /** Most hits a shard returns for one query. */
    public static final int MAX_K = 1_000;

    public ShardQuery {
        if (user == null || user.isBlank()) {
            throw new IllegalArgumentException("a shard query needs a user");
        }
        if (region != null && region.isBlank()) {
            region = null;
        }
        if (query == null || query.isBlank()) {
            throw new IllegalArgumentException("a shard query needs a query text");
        }
        if (query.length() > MAX_QUERY_CHARS) {
            throw new IllegalArgumentException("the query has " + query.length() + " characters; at most "
                    + MAX_QUERY_CHARS + " are allowed");
        }
        if (k < 1 || k > MAX_K) {
            throw new IllegalArgumentException("k must be between 1 and " + MAX_K + ", not " + k);
        }
    }
}
