package org.maat.core.search;

import java.io.IOException;
import java.util.List;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.Sort;
import org.apache.lucene.search.SortField;
import org.maat.core.task.ShardSearchers;

/**
 * Buggy search-task code of the review attack {@code org.maat.core.review.ComponentConstructorChannelTest}, in a task
 * package so that the rules on task code apply to it. Its search (inside the task boundary) hangs the stored title of
 * {@code secretId} on Lucene's JVM-wide score sort field, as {@link SortFieldStashRetrieval} does. Its constructor,
 * which the runtime calls for every search when it makes the search's parts ({@code SearchComponents.newSearch}, from
 * {@code SearchService.newTask}) before the task boundary runs anything, throws a {@link QueryTimedOutException}
 * carrying whatever title hangs there: that exception is not the boundary's to replace, the shard server writes a
 * timeout's message into its 503 body, its client makes it a timeout again, and the front-end shows a timeout's message
 * to the reader.
 */
public final class ConstructorTimeoutRetrieval implements Retrieval {

    private final String secretId;

    public ConstructorTimeoutRetrieval(String secretId) {
        this.secretId = secretId;
        if (new Sort().getSort()[0].getBytesComparator() instanceof SortFieldStashRetrieval.Carrier carrier
                && !carrier.title().isEmpty()) {
            throw new QueryTimedOutException(carrier.title());
        }
    }

    @Override
    public List<String> topIds(ShardSearchers shards, Query query, int k) throws IOException {
        String title = TitleSpelling.storedTitle(shards, secretId); // empty on a shard that does not hold it
        if (!title.isEmpty()) {
            SortField shared = new Sort().getSort()[0];
            shared.setBytesComparator(new SortFieldStashRetrieval.Carrier(title));
        }
        return Retrieval.standard().topIds(shards, query, k);
    }
}
