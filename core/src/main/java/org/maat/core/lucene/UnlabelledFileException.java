package org.maat.core.lucene;

import java.io.IOException;
import org.apache.lucene.store.Directory;

/**
 * A task tried to open an index file that has no label: it was not written by a monitored indexer,
 * or it belongs to a commit that was never published. The monitor cannot tell what policy governs
 * it, so the file is not opened.
 */
public final class UnlabelledFileException extends IOException {

    public UnlabelledFileException(String file, int shard, Directory directory) {
        super("index file " + file + " of shard " + shard + " (" + directory + ") has no label: it was not"
                + " published by a monitored indexer, so its policy is unknown and it is not opened");
    }
}
