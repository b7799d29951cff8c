package org.maat.core.lucene;

import java.util.HashMap;
import java.util.Map;

/**
 * The commit of an index that searchers see: the Lucene commit generation of every shard (so the
 * number of shards) and the number of documents indexed, as recorded in the label store with the
 * file labels, or in the {@link NoPolicyRecord} of an index built without the monitor.
 */
public record PublishedIndex(long[] generations, long documents) {

    public PublishedIndex {
        generations = generations.clone();
    }

    /**
     * The published state of the index at {@code layout}: from its label store if it was built under
     * the monitor, else from its {@link NoPolicyRecord}. Every consumer that needs the shard count or
     * the commits (search, serve, shard, bench) reads them here; a damaged or missing store is an
     * error naming the file.
     */
    public static PublishedIndex read(IndexLayout layout) {
        if (!layout.monitored()) {
            return NoPolicyRecord.read(layout);
        }
        try (IndexLabels labels = IndexLabels.openSnapshot(layout)) {
            return labels.requirePublished();
        }
    }

    public int shards() {
        return generations.length;
    }

    public long generation(int shard) {
        return generations[shard];
    }

    @Override
    public long[] generations() {
        return generations.clone();
    }

    Map<String, String> toAttributes() {
        Map<String, String> attributes = new HashMap<>();
        attributes.put("shards", Integer.toString(generations.length));
        attributes.put("documents", Long.toString(documents));
        for (int i = 0; i < generations.length; i++) {
            attributes.put("generation." + i, Long.toString(generations[i]));
        }
        return attributes;
    }

    static PublishedIndex fromAttributes(Map<String, String> attributes) {
        int shards = Integer.parseInt(required(attributes, "shards"));
        if (shards < 1) {
            throw new IllegalArgumentException("shards=" + shards + ": an index has at least one shard");
        }
        long[] generations = new long[shards];
        for (int i = 0; i < shards; i++) {
            generations[i] = Long.parseLong(required(attributes, "generation." + i));
        }
        return new PublishedIndex(generations, Long.parseLong(required(attributes, "documents")));
    }

    private static String required(Map<String, String> attributes, String key) {
        String value = attributes.get(key);
        if (value == null) {
            throw new IllegalArgumentException("no " + key);
        }
        return value;
    }
}
