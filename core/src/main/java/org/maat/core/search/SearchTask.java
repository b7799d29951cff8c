package org.maat.core.search;

import java.io.IOException;
import java.util.List;
import java.util.Objects;
import org.apache.lucene.search.Query;
import org.maat.core.task.TaskContext;

/**
 * A search as a confined task: reads the session's query conduit and the index shards (both taint
 * it), keeps the hits the session may read, and writes their conduit ids to the result channel.
 * The monitor releases that list only under {@code ONLY_CND_IDS+}: every id must be a conduit the
 * session may read. A wrong filter therefore ends in a refused write, never in a leak; the task does
 * not catch the refusal. It writes ids only: the scores a session sees are computed outside the
 * task by the runtime, which also refuses a list whose order is not the index's ranking. It runs
 * with parts made for its one search ({@link SearchComponents#newSearch}).
 */
public final class SearchTask {

    private final SearchComponents.Parts components;
    private final int k;

    public SearchTask(SearchComponents.Parts components, int k) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1, not " + k);
        }
        this.components = Objects.requireNonNull(components, "components");
        this.k = k;
    }

    /** Runs the search and writes the result list; returns the ids written. */
    public List<String> run(TaskContext ctx) throws IOException {
        String text = ctx.query();
        var filter = components.filter().filter(ctx.session(), ctx.facts());
        Query query = components.composer().compose(text, filter);
        List<String> ids = components.retrieval().topIds(ctx.searchers(), query, k);
        ctx.results().writeIds(ids);
        return ids;
    }
}
