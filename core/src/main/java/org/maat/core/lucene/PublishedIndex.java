package org.maat.core.lucene;

import java.util.HashMap;
import java.util.Map;

/**
 * The commit of a labelled index that searchers see: the Lucene commit generation of every shard
 * and the number of documents indexed, as recorded in the label store with the file labels.
 */
public record PublishedIndex(long[] generations, long documents) {

    public PublishedIndex {
        generations = generations.clone();
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
        int shards = Integer.parseInt(attributes.get("shards"));
        long[] generations = new long[shards];
        for (int i = 0; i < shards; i++) {
            generations[i] = Long.parseLong(attributes.get("generation." + i));
        }
        return new PublishedIndex(generations, Long.parseLong(attributes.get("documents")));
    }
}
