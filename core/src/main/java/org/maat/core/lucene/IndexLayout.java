package org.maat.core.lucene;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where an index lives on disk: one Lucene index per shard in {@code shard-<i>/} and, for an index
 * built under the monitor, the label store {@code labels.db} that names the published commit of
 * every shard and labels each of its files.
 */
public record IndexLayout(Path root) {

    public IndexLayout {
        Objects.requireNonNull(root, "root");
    }

    public Path shard(int shard) {
        return root.resolve("shard-" + shard);
    }

    public Path labels() {
        return root.resolve("labels.db");
    }

    /** Whether the index was built under the monitor (it has a label store). */
    public boolean isLabelled() {
        return Files.isRegularFile(labels());
    }

    /** The number of consecutive {@code shard-<i>} directories from 0. */
    public int shardDirectories() {
        int n = 0;
        while (Files.isDirectory(shard(n))) {
            n++;
        }
        return n;
    }

    /** Fails with a message naming the directory unless it holds at least one shard. */
    public void requireIndex() {
        if (!Files.isDirectory(root)) {
            throw new IllegalArgumentException("index directory " + root + " does not exist");
        }
        if (shardDirectories() == 0) {
            throw new IllegalArgumentException(root + " is not a Maat index: it has no shard-0/ directory"
                    + " (build one with 'maat index --data DIR --out " + root + "')");
        }
    }

    void createShardDirectory(int shard) {
        try {
            Files.createDirectories(shard(shard));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create shard directory " + shard(shard), e);
        }
    }
}
