package org.maat.core.lucene;

/**
 * Told each step of an index publication as {@link ShardWriters#commit} (a rebuild) or
 * {@link ShardWriters#publishChanges} (an in-place update) reaches it, before the step
 * after it starts. Production passes {@link #NONE}; crash tests pass one that stops the process at a
 * step, so that a kill lands exactly there. What a kill at each step leaves:
 * <ul>
 *   <li>{@link Step#SHARDS_WRITTEN}, {@link Step#COMMITS_DURABLE}: the previous index, as published;</li>
 *   <li>{@link Step#PUBLISHED}: the new index; superseded shards and old commits are left on disk,
 *       unread, for the next indexer to remove.</li>
 * </ul>
 */
@FunctionalInterface
public interface PublicationObserver {

    /** The steps of a publication, in order. */
    enum Step {
        /** Every document of every shard is in its writer (or copied in); nothing is committed. */
        SHARDS_WRITTEN,
        /** Every shard's new Lucene commit is durable beside the published one, which readers still open. */
        COMMITS_DURABLE,
        /** The published state names the new commits; superseded shards are not removed yet. */
        PUBLISHED
    }

    PublicationObserver NONE = step -> { };

    void reached(Step step);
}
