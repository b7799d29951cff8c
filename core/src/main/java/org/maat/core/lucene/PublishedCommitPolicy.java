package org.maat.core.lucene;

import java.util.List;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexDeletionPolicy;

/**
 * Keeps the commit searchers see (the published one) and the newest one, deletes the rest. Until a
 * new commit is published with its labels, the previous published commit must stay on disk: a
 * crash before publication leaves searchers on it.
 */
final class PublishedCommitPolicy extends IndexDeletionPolicy {

    private volatile long published;
    private volatile IndexCommit last;

    /** @param published the generation of the published commit, or -1 if there is none */
    PublishedCommitPolicy(long published) {
        this.published = published;
    }

    @Override
    public void onInit(List<? extends IndexCommit> commits) {
        onCommit(commits);
    }

    @Override
    public void onCommit(List<? extends IndexCommit> commits) {
        if (commits.isEmpty()) {
            return;
        }
        IndexCommit newest = commits.get(commits.size() - 1);
        for (IndexCommit commit : commits) {
            if (commit != newest && commit.getGeneration() != published) {
                commit.delete();
            }
        }
        last = newest;
    }

    /** The newest commit Lucene reported. */
    IndexCommit last() {
        return last;
    }

    /** From now on the published commit is {@code generation}; older ones go at the next commit. */
    void published(long generation) {
        published = generation;
    }
}
