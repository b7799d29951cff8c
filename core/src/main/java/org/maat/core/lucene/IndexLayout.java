package org.maat.core.lucene;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.maat.core.task.Monitoring;

/**
 * Where an index lives on disk: one Lucene index per shard in {@code shard-<i>/} and what names the
 * published commit of every shard: for an index built under the monitor, the label store
 * {@code labels.db} (which also labels each file); for one built with {@code --no-policy}, the
 * record {@value #NO_POLICY_RECORD}. Which shards exist is what that published state says, never
 * how many {@code shard-<i>/} folders there are ({@link PublishedIndex#read}).
 */
public record IndexLayout(Path root) {

    /** The file that marks an index published without the monitor, and names its commits. */
    public static final String NO_POLICY_RECORD = "no-policy.published";

    private static final Pattern SHARD_DIRECTORY = Pattern.compile("shard-(\\d+)");

    public IndexLayout {
        Objects.requireNonNull(root, "root");
    }

    public Path shard(int shard) {
        return root.resolve("shard-" + shard);
    }

    public Path labels() {
        return root.resolve("labels.db");
    }

    public Path noPolicyRecord() {
        return root.resolve(NO_POLICY_RECORD);
    }

    /** Whether the directory has a label store (an index built, or being built, under the monitor). */
    public boolean isLabelled() {
        return Files.isRegularFile(labels());
    }

    /** Whether the directory has a no-policy record (an index published with {@code --no-policy}). */
    public boolean isNoPolicy() {
        return Files.isRegularFile(noPolicyRecord());
    }

    /**
     * Whether this is an index built under the monitor ({@code labels.db}) or with {@code --no-policy}
     * ({@value #NO_POLICY_RECORD}). A directory that says neither is refused, naming what is missing:
     * an index whose label store is gone is damaged, never taken for a {@code --no-policy} one.
     */
    public boolean monitored() {
        if (!Files.isDirectory(root)) {
            throw new IllegalArgumentException("index directory " + root + " does not exist");
        }
        if (isLabelled()) {
            return true;
        }
        if (isNoPolicy()) {
            return false;
        }
        if (Files.exists(shard(0))) {
            throw new IllegalArgumentException("index " + root + " is damaged or was never published: its label store "
                    + labels() + " is missing (and there is no " + NO_POLICY_RECORD + ", which an index without the monitor"
                    + " would have); rebuild it with 'maat index --data DIR --out " + root + "'");
        }
        throw new IllegalArgumentException(root + " is not a Maat index: it has neither " + labels() + " nor "
                + noPolicyRecord() + " (build one with 'maat index --data DIR --out " + root + "')");
    }

    /**
     * Refuses to rebuild this directory's index as the other kind: a --no-policy rebuild would leave
     * the labels naming deleted commits, and a monitored one beside a no-policy record two published
     * states. Nothing to refuse in a directory that holds neither.
     */
    public void requireRebuildableAs(Monitoring monitoring) {
        boolean monitored = monitoring.monitored();
        if (monitored ? isNoPolicy() : isLabelled()) {
            throw new IllegalArgumentException(root + " holds " + (monitored
                    ? "an index built with --no-policy (" + noPolicyRecord() + "); build the monitored index"
                    : "a monitored index (" + labels() + "); build the --no-policy index")
                    + " into another directory, or delete it first");
        }
    }

    /** The {@code shard-<i>} directories numbered {@code from} or more: shards a rebuild with fewer superseded. */
    List<Path> shardDirectoriesFrom(int from) throws IOException {
        List<Path> found = new ArrayList<>();
        if (!Files.isDirectory(root)) {
            return found;
        }
        try (Stream<Path> children = Files.list(root)) {
            for (Path child : (Iterable<Path>) children::iterator) {
                Matcher m = SHARD_DIRECTORY.matcher(child.getFileName().toString());
                if (m.matches() && m.group(1).length() < 10 && Integer.parseInt(m.group(1)) >= from
                        && Files.isDirectory(child)) {
                    found.add(child);
                }
            }
        }
        return found;
    }

    void createShardDirectory(int shard) {
        try {
            Files.createDirectories(shard(shard));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create shard directory " + shard(shard), e);
        }
    }
}
