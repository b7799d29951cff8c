package org.maat.core.lucene;

import java.util.Collection;
import java.util.Map;
import org.apache.lucene.index.IndexCommit;
import org.apache.lucene.index.IndexFileNames;
import org.apache.lucene.store.Directory;

/**
 * The published commit of a shard, by generation, to open a reader on exactly that commit without
 * listing the directory's commits (a newer, unpublished {@code segments_N} may exist and has no
 * label). {@code DirectoryReader.open} needs only the directory and the segments file name.
 */
final class PublishedCommit extends IndexCommit {

    private final Directory directory;
    private final long generation;

    PublishedCommit(Directory directory, long generation) {
        this.directory = directory;
        this.generation = generation;
    }

    @Override
    public String getSegmentsFileName() {
        return IndexFileNames.fileNameFromGeneration(IndexFileNames.SEGMENTS, "", generation);
    }

    @Override
    public Collection<String> getFileNames() {
        throw new UnsupportedOperationException("only used to open a reader");
    }

    @Override
    public Directory getDirectory() {
        return directory;
    }

    @Override
    public void delete() {
        throw new UnsupportedOperationException("a published commit is not deleted by a reader");
    }

    @Override
    public boolean isDeleted() {
        return false;
    }

    @Override
    public int getSegmentCount() {
        throw new UnsupportedOperationException("only used to open a reader");
    }

    @Override
    public long getGeneration() {
        return generation;
    }

    @Override
    public Map<String, String> getUserData() {
        return Map.of();
    }
}
